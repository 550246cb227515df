import type { ImportListItem } from '@addesk/contract';
import type { DealKind } from '@addesk/contract/plain';
import { ChevronRight } from 'lucide-react';
import { useId } from 'react';
import { PagedList } from '@/components/ui/paged-list';
import { formatDate, formatTime } from '@/lib/format';
import { useImports } from '../api/get-imports';
import { importTexts as t } from '../lib/import-texts';
import { UndoImportButton } from './undo-import-button';

/** 'Прошлые импорты': the kind's imports, newest first, page after page; a draft opens, a recent import undoes. */
export function ImportHistory({ kind, onOpen }: { kind: DealKind; onOpen: (id: number) => void }) {
  const query = useImports(kind);
  const headingId = useId();
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <section className="flex flex-col gap-3" aria-labelledby={headingId}>
      <h2 id={headingId} className="font-semibold text-lg">
        {t.history}
      </h2>
      <PagedList
        query={query}
        rows={items.length}
        label={t.history}
        intro={null}
        empty={<p className="py-6 text-center text-muted-foreground">{t.historyEmpty}</p>}
      >
        {items.map((item) => (
          <HistoryRow key={item.id} kind={kind} item={item} onOpen={onOpen} />
        ))}
      </PagedList>
    </section>
  );
}

/** 'dd.mm.yyyy HH:mm' in the team's zone. */
const when = (at: string) => `${formatDate(at)} ${formatTime(at)}`;

function HistoryRow({
  kind,
  item,
  onOpen,
}: {
  kind: DealKind;
  item: ImportListItem;
  onOpen: (id: number) => void;
}) {
  const head = (
    <>
      <span className="block break-words font-medium text-base">{item.name}</span>
      <span className="block text-muted-foreground">
        {when(item.createdAt)}
        {item.author ? ` · ${item.author}` : ''}
      </span>
    </>
  );
  if (item.state === 'draft') {
    return (
      <li className="border-b last:border-b-0">
        <button
          type="button"
          className="flex min-h-11 w-full items-center gap-3 px-4 py-3 text-left text-sm hover:bg-accent"
          onClick={() => onOpen(item.id)}
        >
          <span className="min-w-0 flex-1">
            {head}
            <span className="block text-link">{t.draft}</span>
          </span>
          <ChevronRight aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
        </button>
      </li>
    );
  }
  const undoable =
    item.state === 'done' && item.undoableUntil !== null && Date.parse(item.undoableUntil) > Date.now();
  return (
    <li className="flex flex-col gap-2 border-b px-4 py-3 text-sm last:border-b-0">
      <p>{head}</p>
      <p>
        {item.state === 'importing'
          ? t.importing
          : item.state === 'undone'
            ? t.undone
            : t.createdLine(kind, item.created, item.skipped)}
      </p>
      {undoable ? (
        <UndoImportButton
          kind={kind}
          id={item.id}
          created={item.created}
          name={item.name}
          variant="secondary"
          size="sm"
          className="self-end"
        />
      ) : null}
    </li>
  );
}
