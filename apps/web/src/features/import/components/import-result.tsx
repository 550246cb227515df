import type { Import } from '@addesk/contract';
import { type DealKind, dealVocabulary } from '@addesk/contract/plain';
import { Link } from '@tanstack/react-router';
import { CircleCheck } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { ScreenMain } from '@/components/ui/screen-main';
import type { ImportCommit } from '../api/commit-import';
import { importTexts as t } from '../lib/import-texts';
import { UndoImportButton } from './undo-import-button';

/**
 * The import is in: how many deals it made, how many rows it left out and why, the way to the list and
 * 'Отменить импорт' while it can be undone.
 */
export function ImportResult({
  kind,
  draft,
  result,
}: {
  kind: DealKind;
  draft: Import;
  result: ImportCommit | undefined;
}) {
  const created = result?.created ?? draft.created;
  const skipped = result?.skipped ?? draft.skipped;
  const reasons = t.skippedReasons(draft.invalid, draft.duplicate);
  const undone = draft.state === 'undone';
  const undoable =
    !undone &&
    (result !== undefined || (draft.undoableUntil !== null && Date.parse(draft.undoableUntil) > Date.now()));
  return (
    <ScreenMain className="gap-4 px-4 pt-4">
      <section className="flex flex-col gap-2 rounded-xl border bg-card p-4">
        <CircleCheck aria-hidden="true" className="size-8 text-primary" />
        <h2 className="font-semibold text-lg">{t.created(kind, created)}</h2>
        {skipped > 0 ? (
          <p className="text-muted-foreground">
            {t.skipped(skipped)}
            {reasons ? ` (${reasons})` : ''}
          </p>
        ) : null}
        <p className="break-words text-muted-foreground text-sm">{draft.name}</p>
        {undone ? <p className="font-medium">{t.undone}</p> : null}
      </section>
      <Button asChild size="lg">
        <Link to={dealVocabulary[kind].routes.list}>{t.toList[kind]}</Link>
      </Button>
      {undoable ? <UndoImportButton kind={kind} id={draft.id} created={created} /> : null}
    </ScreenMain>
  );
}
