import { type DealKind, dealVocabulary } from '@addesk/contract/plain';
import { Link } from '@tanstack/react-router';
import { ChevronRight } from 'lucide-react';
import { useId } from 'react';
import { formatCalendarDay, formatDateTime, formatMoney, formatShortDateTime } from '@/lib/format';
import { cn } from '@/lib/utils';
import type { DealRow } from '../../lib/deal-rows';
import { dealTexts } from '../../lib/kinds';
import { bulkTexts } from '../bulk/bulk-texts';
import { SelectBox } from '../bulk/select-box';
import type { DealSelection } from '../bulk/use-deal-selection';
import { badgeClass, badgeTextClass, cancelledPriceClass, PaymentStateBadge } from '../payment-state-badge';
import { costTexts } from './cost-texts';
import { DealAvatars } from './deal-avatars';

export type DealCardsProps = {
  kind: DealKind;
  rows: readonly DealRow[];
  /** The list's selection mode: a checkbox on each card. */
  selection?: DealSelection | undefined;
};

/**
 * The 'Карточки' tab (spec §2.5/§2.6 with decisions D2): one card per deal, three or more of them on a 390x844
 * screen under the list's header (issue 33): a line of who sold to whom, a line of the status, the payment and the
 * price, a line of the dates.
 */
export function DealCards({ kind, rows, selection }: DealCardsProps) {
  return (
    <ul aria-label={dealVocabulary[kind].words.title} className="flex flex-col gap-2">
      {rows.map((row) => (
        <li key={row.id}>
          <DealCard kind={kind} row={row} selection={selection} />
        </li>
      ))}
    </ul>
  );
}

/** The placement after the deal's date: without the year when it is the same as the date's ('26.12, 19:00'). */
function placement(row: DealRow): string {
  const full = formatDateTime(row.placedAt);
  return full.includes(`.${row.date.slice(0, 4)},`) ? formatShortDateTime(row.placedAt) : full;
}

function DealCard({
  kind,
  row,
  selection,
}: { kind: DealKind; row: DealRow } & Pick<DealCardsProps, 'selection'>) {
  const { words: texts, routes } = dealVocabulary[kind];
  const headingId = useId();
  return (
    <article
      aria-labelledby={headingId}
      className="rounded-xl border bg-card px-3 pb-2.5 text-card-foreground"
    >
      <div className="flex items-center gap-2">
        {/* The checkbox in the pictures' place, as in the table: beside them it left 'IT-в…' of the name at 360 px. */}
        {selection?.active ? (
          <SelectBox
            label={bulkTexts.choose(row.channel.name)}
            checked={selection.selected.has(row.id)}
            onToggle={() => selection.toggle(row.id)}
          />
        ) : (
          <DealAvatars row={row} size="sm" />
        )}
        {/* One run of text that wraps: cut to one line each, the names lost their ends on most cards at 390 px. */}
        <div className="line-clamp-2 min-w-0 flex-1 text-sm [overflow-wrap:anywhere]">
          <h2 id={headingId} className="inline font-semibold">
            {row.channel.name}
          </h2>
          <span aria-hidden="true" className="text-muted-foreground">
            {' → '}
          </span>
          <dl className="inline">
            <dt className="sr-only">{texts.counterpartLine}</dt>
            <dd className="inline">{row.counterpart.name}</dd>
          </dl>
        </div>
        <Link
          to={routes.item}
          params={{ id: String(row.id) }}
          aria-describedby={headingId}
          className="-mr-3 inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-link hover:bg-accent"
        >
          {/* A chevron, where the word took the names' room: 'Детали' is still its name. */}
          <span className="sr-only">{dealTexts.details}</span>
          <ChevronRight aria-hidden="true" className="size-5" />
        </Link>
      </div>
      {/* The labels a line of chips has no room for are read out, not shown. */}
      <dl className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
        <dt className="sr-only">{dealTexts.status}</dt>
        <dd className="min-w-0">
          <span className={cn('block', badgeClass, badgeTextClass, 'max-w-full truncate border-border')}>
            {row.status}
          </span>
        </dd>
        <dt className="sr-only">{dealTexts.payment}</dt>
        <dd>
          <PaymentStateBadge state={row.paymentState} />
        </dd>
        <dt className="sr-only">{dealTexts.price}</dt>
        <dd className={cn('ml-auto font-semibold tabular-nums', row.cancelled && cancelledPriceClass)}>
          {formatMoney(row.price)}
        </dd>
      </dl>
      <dl className="mt-1.5 flex flex-wrap gap-x-2.5 text-muted-foreground text-xs">
        <div className="flex gap-1">
          {/* 'Продажа 22.12.2026': the date the list is sorted by, in a word, so the line holds both dates. */}
          <dt>{texts.one}</dt>
          <dd className="text-foreground tabular-nums">{formatCalendarDay(row.date)}</dd>
        </div>
        <div className="flex gap-1">
          <dt>{dealTexts.placement}</dt>
          <dd className="text-foreground tabular-nums">{placement(row)}</dd>
        </div>
        {row.costPerSubscriber !== undefined && (
          <div className="flex gap-1">
            <dt>{costTexts.costPerSubscriber}</dt>
            <dd className="text-foreground tabular-nums">
              {row.costPerSubscriber === null ? (
                <>
                  <span aria-hidden="true">—</span>
                  <span className="sr-only">{costTexts.noSubscribersYet}</span>
                </>
              ) : (
                formatMoney(row.costPerSubscriber)
              )}
            </dd>
          </div>
        )}
        {row.cpm !== undefined && (
          <div className="flex gap-1">
            <dt>{costTexts.cpm}</dt>
            <dd className="text-foreground tabular-nums">{formatMoney(row.cpm)}</dd>
          </div>
        )}
      </dl>
    </article>
  );
}
