import type { Payout } from '@addesk/contract';
import { dealVocabulary } from '@addesk/contract/plain';
import { Link } from '@tanstack/react-router';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmSheet } from '@/components/ui/confirm-sheet';
import { InlineErrorState } from '@/components/ui/error-state';
import { formatCalendarDay, formatMoney, plural } from '@/lib/format';
import { notifySuccess } from '@/lib/notify';
import { type PayrollPeriod, useDeletePayout, useEmployeePayroll } from '../api/payroll';

/** 'Выплата 27.11.2026: 15 000 руб' */
const describe = (payout: Payout) =>
  `Выплата ${formatCalendarDay(payout.date)}: ${formatMoney(payout.amount)}`;

/**
 * What stands behind a person's pay in the month (docs/decisions/026): the deals whose money was received (a percent)
 * or whose posts went out (pay per post), each opening its screen, and the payouts, which the owner may take back.
 */
export function PersonDetails({
  employeeId,
  period,
  canPay,
}: {
  employeeId: number;
  period: PayrollPeriod;
  canPay: boolean;
}) {
  const query = useEmployeePayroll(employeeId, period, true);
  const remove = useDeletePayout(employeeId);
  const [removing, setRemoving] = useState<Payout>();
  if (query.isPending)
    return <span aria-hidden="true" className="block h-10 animate-pulse rounded-lg bg-muted" />;
  if (query.isError) return <InlineErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const { deals, dealsTotal, payouts } = query.data;
  return (
    <div className="flex flex-col gap-2 text-sm">
      {deals.length > 0 ? (
        <ul aria-label="Сделки за месяц" className="flex flex-col gap-1">
          {deals.map((deal) => (
            <li key={`${deal.kind}-${deal.id}`}>
              <Link
                to={dealVocabulary[deal.kind].routes.item}
                params={{ id: String(deal.id) }}
                className="flex min-h-11 flex-col justify-center rounded-lg px-2 hover:bg-accent"
              >
                <span>
                  {dealVocabulary[deal.kind].words.one} от {formatCalendarDay(deal.date)} ·{' '}
                  {formatMoney(deal.price)}
                </span>
                {deal.received > 0 ? (
                  <span className="text-muted-foreground">
                    получено за месяц {formatMoney(deal.received)}
                  </span>
                ) : null}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      {dealsTotal > deals.length ? (
        <p className="text-muted-foreground">
          и ещё {plural(dealsTotal - deals.length, ['сделка', 'сделки', 'сделок'])}
        </p>
      ) : null}
      {payouts.length > 0 ? (
        <ul aria-label="Выплаты за месяц" className="flex flex-col gap-1">
          {payouts.map((payout) => (
            <li key={payout.id} className="flex min-h-11 items-center gap-2 px-2 tabular-nums">
              <span className="min-w-0 flex-1">
                {describe(payout)}
                {payout.note ? <span className="block text-muted-foreground">{payout.note}</span> : null}
              </span>
              {canPay ? (
                <Button
                  variant="destructive"
                  size="icon"
                  aria-label={`Удалить: ${describe(payout)}`}
                  onClick={() => setRemoving(payout)}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      <ConfirmSheet
        open={removing !== undefined}
        onOpenChange={(open) => {
          if (!open) {
            setRemoving(undefined);
            remove.reset();
          }
        }}
        title="Удалить выплату?"
        description={removing ? describe(removing) : ''}
        confirmLabel="Удалить"
        pendingLabel="Удаляем…"
        pending={remove.isPending}
        error={remove.error}
        onConfirm={() => {
          if (!removing || remove.isPending) return;
          remove.mutate(removing.id, {
            onSuccess: () => {
              setRemoving(undefined);
              notifySuccess('Выплата удалена');
            },
          });
        }}
      />
    </div>
  );
}
