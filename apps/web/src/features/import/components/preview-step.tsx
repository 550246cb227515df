import type { Import, ImportRow } from '@addesk/contract';
import { type DealKind, dealVocabulary } from '@addesk/contract/plain';
import { useState } from 'react';
import { BottomBar } from '@/components/ui/bottom-bar';
import { Button } from '@/components/ui/button';
import { PagedList } from '@/components/ui/paged-list';
import { formatCalendarDay, formatCount, formatMoney } from '@/lib/format';
import { errorMessage } from '@/lib/notify';
import { cn } from '@/lib/utils';
import { useImportRows } from '../api/get-import-rows';
import type { ImportRowsFilter } from '../api/import-query-keys';
import { importTexts as t } from '../lib/import-texts';
import { ImportProgress } from './import-progress';

const filters: ReadonlyArray<{ id: ImportRowsFilter; label: string }> = [
  { id: 'all', label: t.allRows },
  { id: 'invalid', label: t.invalidRows },
];

export type PreviewStepProps = {
  kind: DealKind;
  draft: Import;
  /** The rows are going in: the progress bar instead of the button. */
  importing: boolean;
  commitError: unknown;
  onCommit: () => void;
  onChangeColumns: () => void;
};

/**
 * Step 'Проверка': the counts under the mapping, and every row (or those with errors) as the deal it makes or why it
 * makes none, page after page. 'Импортировать N строк' commits the valid ones.
 */
export function PreviewStep({
  kind,
  draft,
  importing,
  commitError,
  onCommit,
  onChangeColumns,
}: PreviewStepProps) {
  const [only, setOnly] = useState<ImportRowsFilter>('all');
  const query = useImportRows(draft.id, only);
  const rows = query.data?.pages.flatMap((page) => page.rows) ?? [];
  // The counts of the latest check (the draft is updated with them, and every page carries them too).
  const counts = query.data?.pages[0] ?? draft;

  return (
    <main className="flex flex-1 flex-col">
      <div className="flex flex-col gap-3 px-4 pt-4 pb-6">
        <dl className="grid gap-1 rounded-xl border bg-card p-4 text-sm">
          <Count label={t.ready} value={counts.valid} />
          <Count
            label={t.withErrors}
            value={counts.invalid}
            className={counts.invalid > 0 ? 'text-destructive' : ''}
          />
          <Count label={t.duplicates} value={counts.duplicate} />
        </dl>
        <fieldset className="grid grid-cols-2 gap-1 rounded-lg bg-muted p-1">
          <legend className="sr-only">{t.whichRows}</legend>
          {filters.map((filter) => (
            <button
              key={filter.id}
              type="button"
              aria-pressed={only === filter.id}
              onClick={() => setOnly(filter.id)}
              className={cn(
                'min-h-11 rounded-md font-medium text-sm transition-colors',
                only === filter.id
                  ? 'bg-card text-foreground shadow-sm'
                  : 'text-muted-foreground hover:text-foreground',
              )}
            >
              {filter.label}
            </button>
          ))}
        </fieldset>
        <PagedList
          query={query}
          rows={rows.length}
          label={only === 'all' ? t.allRows : t.invalidRows}
          intro={null}
          empty={<p className="py-12 text-center text-muted-foreground">{t.noRows}</p>}
          auto
        >
          {rows.map((row) => (
            <RowCard key={row.row} kind={kind} row={row} />
          ))}
        </PagedList>
      </div>
      <BottomBar className="mt-auto">
        {commitError ? (
          <p role="alert" className="text-destructive text-sm">
            {errorMessage(commitError)}
          </p>
        ) : null}
        {importing ? (
          <ImportProgress done={draft.created + draft.skipped} total={draft.total} />
        ) : (
          <>
            <Button size="lg" disabled={counts.valid === 0} onClick={onCommit}>
              {t.commit(counts.valid)}
            </Button>
            <Button variant="ghost" onClick={onChangeColumns}>
              {t.changeColumns}
            </Button>
          </>
        )}
      </BottomBar>
    </main>
  );
}

function Count({ label, value, className }: { label: string; value: number; className?: string }) {
  return (
    <div className={cn('flex justify-between gap-3', className)}>
      <dt>{label}:</dt>
      <dd className="font-semibold tabular-nums">{formatCount(value)}</dd>
    </div>
  );
}

/** A row: its number, then the deal it makes (date, channels, price, status, paid) or why it makes none. */
function RowCard({ kind, row }: { kind: DealKind; row: ImportRow }) {
  const { deal } = row;
  return (
    <li className="flex flex-col gap-1 border-b px-4 py-3 text-sm last:border-b-0">
      <p className="font-medium text-muted-foreground">{t.row(row.row)}</p>
      {row.duplicate ? <p className="text-muted-foreground">{t.duplicateRow}</p> : null}
      {row.errors.length > 0 ? (
        <ul className="flex flex-col gap-0.5 text-destructive">
          {row.errors.map((error) => (
            <li key={error} className="break-words">
              {error}
            </li>
          ))}
        </ul>
      ) : null}
      {deal && row.errors.length === 0 ? (
        <div className={cn('flex flex-col gap-0.5', row.duplicate && 'opacity-60')}>
          <p className="break-words font-medium text-base">
            {deal.channel}
            {deal.counterpart ? ` ${dealVocabulary[kind].arrow} ${deal.counterpart}` : ''}
          </p>
          <p className="flex flex-wrap gap-x-2">
            <span>{formatCalendarDay(deal.dealDate)}</span>
            <span className="font-semibold tabular-nums">{formatMoney(deal.price)}</span>
            <span className="text-muted-foreground">{deal.status}</span>
          </p>
          {deal.paid > 0 ? (
            <p className="text-muted-foreground">
              {t.paid} {formatMoney(deal.paid)}
            </p>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}
