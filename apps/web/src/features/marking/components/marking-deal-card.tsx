import type { MarkingMonthDeal } from '@addesk/contract';
import { dealVocabulary, markingStateNames } from '@addesk/contract/plain';
import { Link } from '@tanstack/react-router';
import { ChevronRight, Pencil } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';
import { formatCalendarDay, formatMoney } from '@/lib/format';
import { useSaveMarkingViews } from '../api/save-marking-views';
import { viewsText, workText } from '../lib/marking-month';

// The views' sheet validates with the contract's schema: zod loads when it first opens, not with the month.
const ViewsSheet = lazy(() => import('./views-sheet').then(({ ViewsSheet }) => ({ default: ViewsSheet })));

/**
 * One deal of the month: it opens the deal's screen; its marking state, erid, views (with 'Изменить'), act amount, what
 * it lacks and where its statistics and act stand with the ОРД.
 */
export function MarkingDealCard({ deal }: { deal: MarkingMonthDeal }) {
  const [editing, setEditing] = useState(false);
  // Mounted from its first opening on, so that closing still slides it away.
  const [opened, setOpened] = useState(false);
  const save = useSaveMarkingViews();
  const vocabulary = dealVocabulary[deal.kind];
  const date = formatCalendarDay(deal.date);
  const works = [workText('statistics', deal.statistics), workText('act', deal.act)].filter(Boolean);
  return (
    <li className="flex min-w-0 flex-col gap-2 rounded-xl border bg-card p-3 text-card-foreground">
      <Link
        to={vocabulary.routes.item}
        params={{ id: String(deal.id) }}
        className="-m-1 flex min-h-11 items-center gap-2 rounded-lg p-1 hover:bg-accent active:bg-accent/80"
      >
        <span className="min-w-0 flex-1">
          <span className="block truncate font-medium">{deal.channel.name}</span>
          <span className="block truncate text-muted-foreground text-sm">
            {vocabulary.words.one} · {date}
            {deal.counterpart ? ` · ${deal.counterpart}` : ''}
          </span>
        </span>
        <ChevronRight aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
      </Link>
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <span className="rounded-full bg-muted px-3 py-1 font-medium">{markingStateNames[deal.state]}</span>
        {deal.erid ? <span className="break-all text-muted-foreground">erid: {deal.erid}</span> : null}
      </p>
      <p className="font-semibold tabular-nums">{formatMoney(deal.amount)}</p>
      <div className="flex items-center justify-between gap-2">
        <span className="min-w-0 text-sm tabular-nums">{viewsText(deal)}</span>
        <Button
          variant="secondary"
          size="sm"
          aria-label={`Изменить просмотры: ${deal.channel.name}, ${date}`}
          onClick={() => {
            setOpened(true);
            setEditing(true);
          }}
        >
          <Pencil aria-hidden="true" />
          Изменить
        </Button>
      </div>
      {deal.missing.length > 0 ? (
        <p className="text-amber-700 text-sm dark:text-amber-400">Не хватает: {deal.missing.join(', ')}</p>
      ) : null}
      {works.length > 0 || deal.erirStatus ? (
        <ul className="flex flex-col gap-0.5 text-sm">
          {works.map((work) => (
            <li key={work} className={work?.includes(': ошибка') ? 'text-destructive' : undefined}>
              {work}
            </li>
          ))}
          {deal.erirStatus ? <li className="text-muted-foreground">ЕРИР: {deal.erirStatus}</li> : null}
        </ul>
      ) : null}
      {opened ? (
        <Suspense fallback={null}>
          <ViewsSheet deal={deal} open={editing} onOpenChange={setEditing} save={save} />
        </Suspense>
      ) : null}
    </li>
  );
}
