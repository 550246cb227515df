import type { DealKind } from '@addesk/contract/plain';
import { FileUp } from 'lucide-react';
import { useId, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { ScreenMain } from '@/components/ui/screen-main';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/notify';
import { useUploadImport } from '../api/upload-import';
import { importTexts as t } from '../lib/import-texts';
import { ImportHistory } from './import-history';

/** What the file picker offers: the extensions and their types (a phone's picker goes by either). */
const ACCEPT = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Step 'Файл': 'Выбрать файл' uploads it at once; under it, the kind's past imports. */
export function FileStep({ kind, onOpen }: { kind: DealKind; onOpen: (id: number) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const takesId = useId();
  const upload = useUploadImport(kind);

  const pick = (file: File | undefined) => {
    if (!file || upload.isPending) return;
    upload.mutate(file, { onSuccess: (draft) => onOpen(draft.id) });
  };

  return (
    <ScreenMain className="gap-6 px-4 pt-4">
      <section className="flex flex-col gap-3 rounded-xl border bg-card p-4">
        <input
          ref={input}
          type="file"
          accept={ACCEPT}
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          data-testid="import-file"
          onChange={(event) => {
            pick(event.target.files?.[0]);
            // The same file chosen again (after fixing it) is a change too.
            event.target.value = '';
          }}
        />
        <Button
          size={null}
          className="min-h-14 w-full px-5 py-3 text-base"
          disabled={upload.isPending}
          aria-describedby={takesId}
          onClick={() => input.current?.click()}
        >
          <FileUp aria-hidden="true" />
          {t.choose}
        </Button>
        <p id={takesId} className="text-muted-foreground text-sm">
          {t.takes}
        </p>
        {upload.isPending ? (
          <p className="flex items-center gap-2 text-sm">
            <Spinner className="[&_svg]:size-5" label={t.uploading} />
            <span aria-hidden="true">{t.uploading}</span>
          </p>
        ) : null}
        {upload.isError ? (
          <p role="alert" className="text-destructive text-sm">
            {errorMessage(upload.error)}
          </p>
        ) : null}
      </section>
      <ImportHistory kind={kind} onOpen={onOpen} />
    </ScreenMain>
  );
}
