import type { DebtItem, FinanceDebts } from '@addesk/contract';
import { Link } from '@tanstack/react-router';
import { AlertTriangle, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { InlineErrorState } from '@/components/ui/error-state';
import { Spinner } from '@/components/ui/spinner';
import { overdueText } from '@/lib/days';
import { formatCalendarDay, formatMoney, plural } from '@/lib/format';
import { useFinanceDebts } from '../api/get-finance-debts';
import { financeTexts } from '../lib/texts';

/** What is left to pay on unpaid deals, both ways: to us ('Нам должны', sales) and by us ('Мы должны', purchases). */
export function Debts({ channelId }: { channelId: number | undefined }) {
  const debts = useFinanceDebts(channelId);
  if (debts.isPending) return <Spinner className="py-6" />;
  if (debts.isError) return <InlineErrorState error={debts.error} onRetry={() => void debts.refetch()} />;
  return (
    <>
      <DebtSide
        id="finance-receivable"
        title={financeTexts.receivable}
        side={debts.data.receivable}
        to="/sale/$id"
      />
      <DebtSide
        id="finance-payable"
        title={financeTexts.payable}
        side={debts.data.payable}
        to="/purchase/$id"
      />
    </>
  );
}

type DebtSideProps = {
  id: string;
  title: string;
  side: FinanceDebts['receivable'];
  to: '/sale/$id' | '/purchase/$id';
};

/** A side shows this many debts (the most overdue) until 'Показать все'. */
const PREVIEW = 5;

function DebtSide({ id, title, side, to }: DebtSideProps) {
  const [all, setAll] = useState(false);
  const shown = all ? side.items : side.items.slice(0, PREVIEW);
  return (
    <section aria-labelledby={id} className="flex flex-col gap-2">
      <div className="flex items-baseline justify-between gap-2">
        <h2 id={id} className="font-semibold text-lg">
          {title}
        </h2>
        <p className="text-right text-sm">
          <span className="font-semibold tabular-nums">{formatMoney(side.total)}</span>
          <span className="text-muted-foreground"> · {plural(side.count, financeTexts.deals)}</span>
        </p>
      </div>
      {side.items.length === 0 ? (
        <p className="rounded-xl border bg-card px-3 py-4 text-center text-muted-foreground text-sm">
          {financeTexts.noDebts}
        </p>
      ) : (
        <ul className="overflow-hidden rounded-xl border bg-card text-card-foreground">
          {shown.map((item) => (
            <li key={item.dealId} className="border-b last:border-b-0">
              <DebtRow item={item} to={to} />
            </li>
          ))}
        </ul>
      )}
      {shown.length < side.items.length ? (
        <button
          type="button"
          onClick={() => setAll(true)}
          className="inline-flex min-h-11 items-center self-start rounded-lg px-2 font-medium text-link text-sm hover:bg-accent"
        >
          {financeTexts.showAll(side.items.length)}
        </button>
      ) : side.count > side.items.length ? (
        <p className="text-muted-foreground text-xs">{financeTexts.shownFirst(side.items.length)}</p>
      ) : null}
    </section>
  );
}

function DebtRow({ item, to }: { item: DebtItem; to: DebtSideProps['to'] }) {
  const who = item.counterpart?.name.trim() || financeTexts.noCounterpart;
  return (
    <Link
      to={to}
      params={{ id: String(item.dealId) }}
      className="flex min-h-16 items-center gap-3 px-3 py-2.5 hover:bg-accent active:bg-accent/80"
    >
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <div className="flex items-baseline justify-between gap-2">
          <span className="min-w-0 truncate font-medium">{who}</span>
          <span className="shrink-0 font-semibold tabular-nums">
            <span className="sr-only">{financeTexts.due}: </span>
            {formatMoney(item.due)}
          </span>
        </div>
        <p className="flex flex-wrap justify-between gap-x-3 text-muted-foreground text-xs">
          {/* Wrapped, not cut: the deal's date is whole at 360 px after a long channel's name. */}
          <span className="min-w-0 break-words">
            {item.channel.name} ·{' '}
            <span className="whitespace-nowrap">
              {financeTexts.dealOf} {formatCalendarDay(item.dealDate)}
            </span>
          </span>
          {item.paidAmount > 0 ? (
            <span className="tabular-nums">
              {financeTexts.paid} {formatMoney(item.paidAmount)} {financeTexts.of} {formatMoney(item.price)}
            </span>
          ) : null}
        </p>
        {item.daysOverdue > 0 ? (
          <p className="flex items-center gap-1 font-medium text-rose-700 text-xs dark:text-rose-400">
            <AlertTriangle aria-hidden="true" className="size-3.5 shrink-0" />
            {overdueText(item.daysOverdue)}
            {item.paymentDueDate ? `, ${financeTexts.term} ${formatCalendarDay(item.paymentDueDate)}` : null}
          </p>
        ) : item.paymentDueDate ? (
          <p className="text-muted-foreground text-xs">
            {financeTexts.dueBy} {formatCalendarDay(item.paymentDueDate)}
          </p>
        ) : null}
      </div>
      <ChevronRight aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
    </Link>
  );
}
