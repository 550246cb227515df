import type { DealKind } from '@addesk/contract/plain';
import { dealVocabulary } from '@addesk/contract/plain';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { ScreenHeader } from '@/components/ui/screen-header';
import { ScreenMain } from '@/components/ui/screen-main';
import { Spinner } from '@/components/ui/spinner';
import { useCommitImport } from '../api/commit-import';
import { useImport } from '../api/get-import';
import { importTexts as t } from '../lib/import-texts';
import { FileStep } from './file-step';
import { ImportResult } from './import-result';
import { MappingStep } from './mapping-step';
import { PreviewStep } from './preview-step';

export type ImportScreenProps = {
  kind: DealKind;
  /** The draft being worked on (`?id=`); none: the file step with the past imports. */
  id: number | undefined;
  /** Opens a draft (after its upload, or from the past imports), or goes back to the file step. */
  onOpen: (id: number | undefined) => void;
};

/**
 * /sale/import and /purchase/import (issue 37): one screen for both kinds, in steps. 'Файл' uploads a CSV or XLSX
 * (and lists the past imports); 'Колонки' says which column fills which field; 'Проверка' shows each row as the deal
 * it makes or why it makes none; then the commit with its progress, and the result with 'Отменить импорт'.
 */
export function ImportScreen({ kind, id, onOpen }: ImportScreenProps) {
  return (
    <>
      <ScreenHeader title={t.title[kind]} back={{ to: dealVocabulary[kind].routes.list }} />
      {id === undefined ? (
        <FileStep kind={kind} onOpen={onOpen} />
      ) : (
        // A new draft starts at its columns, whatever step the previous one was at.
        <ImportDraft key={id} kind={kind} id={id} onClose={() => onOpen(undefined)} />
      )}
    </>
  );
}

function ImportDraft({ kind, id, onClose }: { kind: DealKind; id: number; onClose: () => void }) {
  const [step, setStep] = useState<'columns' | 'preview'>('columns');
  const commit = useCommitImport(kind, id);
  const query = useImport(id);
  const draft = query.data;
  const importing = commit.isPending || draft?.state === 'importing';
  // The same import, asked again every 700 ms while its rows go in: the progress bar's figures.
  useImport(id, importing);

  if (!draft) {
    return (
      <ScreenMain className="px-4 pt-4">
        {query.isError ? (
          <ErrorState
            error={query.error}
            action={
              <Button variant="secondary" onClick={onClose}>
                {t.otherFile}
              </Button>
            }
          />
        ) : (
          <Spinner className="py-12" />
        )}
      </ScreenMain>
    );
  }
  if (commit.data || draft.state === 'done' || draft.state === 'undone') {
    return <ImportResult kind={kind} draft={draft} result={commit.data} />;
  }
  if (step === 'preview' || importing) {
    return (
      <PreviewStep
        kind={kind}
        draft={draft}
        importing={importing}
        commitError={commit.error}
        onCommit={() => commit.mutate()}
        onChangeColumns={() => setStep('columns')}
      />
    );
  }
  return <MappingStep kind={kind} draft={draft} onChecked={() => setStep('preview')} onOtherFile={onClose} />;
}
