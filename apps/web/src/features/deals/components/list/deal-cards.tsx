import { type DealKind, dealVocabulary } from '@addesk/contract/plain';
import { Link } from '@tanstack/react-router';
import { ChevronRight } from 'lucide-react';
import { useId } from 'react';
import { formatCalendarDay, formatDateTime, formatMoney } from '@/lib/format';
import type { DealRow } from '../../lib/deal-rows';
import { dealTexts } from '../../lib/kinds';
import { bulkTexts } from '../bulk/bulk-texts';
import { SelectBox } from '../bulk/select-box';
import type { DealSelection } from '../bulk/use-deal-selection';
import { PaymentStateBadge } from '../payment-state-badge';
import { costTexts } from './cost-texts';
import { DealAvatars } from './deal-avatars';

export type DealCardsProps = {
  kind: DealKind;
  rows: readonly DealRow[];
  /** The list's selection mode: a checkbox on each card. */
  selection?: DealSelection | undefined;
};

/** The 'Карточки' tab (spec §2.5/§2.6 with decisions D2): one card per deal. */
export function DealCards({ kind, rows, selection }: DealCardsProps) {
  return (
    <ul aria-label={dealVocabulary[kind].words.title} className="flex flex-col gap-3">
      {rows.map((row) => (
        <li key={row.id}>
          <DealCard kind={kind} row={row} selection={selection} />
        </li>
      ))}
    </ul>
  );
}

function DealCard({
  kind,
  row,
  selection,
}: { kind: DealKind; row: DealRow } & Pick<DealCardsProps, 'selection'>) {
  const { words: texts, routes } = dealVocabulary[kind];
  const headingId = useId();
  return (
    <article aria-labelledby={headingId} className="rounded-xl border bg-card p-4 text-card-foreground">
      <div className="flex items-center gap-3">
        {selection?.active ? (
          <SelectBox
            label={bulkTexts.choose(row.channel.name)}
            checked={selection.selected.has(row.id)}
            onToggle={() => selection.toggle(row.id)}
          />
        ) : null}
        <DealAvatars row={row} />
        <h2
          id={headingId}
          className="line-clamp-2 min-w-0 flex-1 break-words font-semibold hyphens-auto leading-tight"
        >
          {row.channel.name}
        </h2>
        <Link
          to={routes.item}
          params={{ id: String(row.id) }}
          aria-describedby={headingId}
          className="-mr-2 inline-flex min-h-11 shrink-0 items-center gap-0.5 rounded-lg px-2 font-medium text-link text-sm hover:bg-accent"
        >
          {dealTexts.details}
          <ChevronRight aria-hidden="true" className="size-4" />
        </Link>
      </div>
      <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5 border-t pt-3 text-sm">
        <dt className="text-muted-foreground">{texts.counterpartLine}</dt>
        <dd className="truncate text-right">{row.counterpart.name}</dd>
        <dt className="text-muted-foreground">{dealTexts.price}</dt>
        <dd className="text-right font-semibold tabular-nums">{formatMoney(row.price)}</dd>
        {row.costPerSubscriber !== undefined && (
          <>
            <dt className="text-muted-foreground">{costTexts.costPerSubscriber}</dt>
            <dd className="text-right tabular-nums">
              {row.costPerSubscriber === null ? (
                <>
                  <span aria-hidden="true">—</span>
                  <span className="sr-only">{costTexts.noSubscribersYet}</span>
                </>
              ) : (
                formatMoney(row.costPerSubscriber)
              )}
            </dd>
          </>
        )}
        <dt className="text-muted-foreground">{texts.dateLabel}</dt>
        <dd className="text-right tabular-nums">{formatCalendarDay(row.date)}</dd>
        <dt className="text-muted-foreground">{dealTexts.placement}</dt>
        <dd className="text-right tabular-nums">{formatDateTime(row.placedAt)}</dd>
        <dt className="text-muted-foreground">{dealTexts.status}</dt>
        <dd className="truncate text-right">{row.status}</dd>
        <dt className="text-muted-foreground">{dealTexts.payment}</dt>
        <dd className="text-right">
          <PaymentStateBadge state={row.paymentState} />
        </dd>
      </dl>
    </article>
  );
}
