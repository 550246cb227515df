import type { DealKind, Payment, PaymentState } from '@addesk/contract';
import { moneyLeft } from '@addesk/contract/plain';
import { Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmSheet } from '@/components/ui/confirm-sheet';
import { Spinner } from '@/components/ui/spinner';
import { formatCalendarDay, formatDay, formatMoney } from '@/lib/format';
import { errorMessage, notifySuccess } from '@/lib/notify';
import { cn } from '@/lib/utils';
import { useAddPayment } from '../../api/add-payment';
import { useDeletePayment } from '../../api/delete-payment';
import { usePayments } from '../../api/get-payments';
import { PaymentStateBadge } from '../payment-state-badge';
import { MoneySheet } from './money-sheet';
import { paymentTexts as t } from './payment-texts';

export type PaymentsCardProps = {
  kind: DealKind;
  id: number;
  /** The deal as saved: its price, what of it is paid, when it is due and the state these give today. */
  deal: { price: number; paidAmount: number; paymentDueDate: string | null; paymentState: PaymentState };
  /** Whether the person may pay and take payments back (docs/decisions/024); otherwise the card only shows them. */
  editable: boolean;
};

/**
 * The payments card of a deal's screen (decisions D5): how much of the price is paid, with a bar, the payments
 * (date, amount, note, each removable after a confirmation), 'Добавить оплату' in a bottom sheet and
 * 'Оплачено полностью', which pays what is left today in one tap.
 */
export function PaymentsCard({ kind, id, deal, editable }: PaymentsCardProps) {
  const headingId = useId();
  const payments = usePayments(kind, id);
  const add = useAddPayment(kind, id);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<Payment>();
  const remove = useDeletePayment(kind, id);

  const left = Math.max(0, moneyLeft(deal.price, deal.paidAmount));
  const share = deal.price > 0 ? Math.min(100, Math.round((deal.paidAmount / deal.price) * 100)) : 100;
  const paidText = `${formatMoney(deal.paidAmount)} ${t.of} ${formatMoney(deal.price)}`;

  const payInFull = () => {
    if (add.isPending) return;
    add.mutate({ amount: left, paidAt: formatDay(new Date()) }, { onSuccess: () => notifySuccess(t.added) });
  };

  const confirmRemove = () => {
    if (!removing || remove.isPending) return;
    remove.mutate(removing.id, {
      onSuccess: () => {
        setRemoving(undefined);
        notifySuccess(t.removed);
      },
    });
  };

  return (
    <section
      aria-labelledby={headingId}
      className="mx-4 mb-6 flex flex-col gap-4 rounded-xl border bg-card p-4 text-card-foreground"
    >
      <div className="flex items-center justify-between gap-3">
        <h2 id={headingId} className="font-semibold text-lg">
          {t.title}
        </h2>
        <PaymentStateBadge state={deal.paymentState} />
      </div>

      <div className="flex flex-col gap-2">
        <p className="tabular-nums">
          <span className="text-muted-foreground">{t.paid}: </span>
          <span className="font-semibold">{formatMoney(deal.paidAmount)}</span>
          <span className="text-muted-foreground">
            {' '}
            {t.of} {formatMoney(deal.price)}
          </span>
        </p>
        <div
          role="progressbar"
          aria-label={t.paid}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={share}
          aria-valuetext={paidText}
          className="h-2.5 overflow-hidden rounded-full bg-muted"
        >
          <div
            className={cn(
              'h-full rounded-full transition-[width]',
              deal.paymentState === 'PAID'
                ? 'bg-emerald-500'
                : deal.paymentState === 'OVERDUE'
                  ? 'bg-destructive'
                  : 'bg-primary',
            )}
            style={{ width: `${share}%` }}
          />
        </div>
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
          {left > 0 ? (
            <>
              <dt className="text-muted-foreground">{t.left}</dt>
              <dd className="text-right font-medium tabular-nums">{formatMoney(left)}</dd>
            </>
          ) : null}
          {deal.paymentDueDate ? (
            <>
              <dt className="text-muted-foreground">{t.dueDate}</dt>
              <dd
                className={cn(
                  'text-right tabular-nums',
                  deal.paymentState === 'OVERDUE' && 'font-medium text-destructive',
                )}
              >
                {formatCalendarDay(deal.paymentDueDate)}
              </dd>
            </>
          ) : null}
        </dl>
      </div>

      <PaymentList
        payments={payments}
        onRemove={
          editable
            ? (payment) => {
                remove.reset();
                setRemoving(payment);
              }
            : undefined
        }
      />

      {left > 0 && editable ? (
        <div className="flex flex-col gap-2">
          {add.isError && !adding ? (
            <p role="alert" className="text-destructive text-sm">
              {errorMessage(add.error)}
            </p>
          ) : null}
          <Button size="lg" onClick={payInFull} disabled={add.isPending}>
            {add.isPending && !adding ? t.paying : t.payInFull}
          </Button>
          <Button
            size="lg"
            variant="secondary"
            onClick={() => {
              add.reset();
              setAdding(true);
            }}
          >
            {t.add}
          </Button>
        </div>
      ) : null}

      <MoneySheet
        open={adding}
        onOpenChange={(open) => {
          setAdding(open);
          // The sheet showed its own failure; it is not the one-tap payment's.
          if (!open) add.reset();
        }}
        title={t.add}
        description={`${t.left}: ${formatMoney(left)}`}
        start={left}
        dateLabel={t.paidAt}
        submitLabel={t.save}
        done={t.added}
        pending={add.isPending}
        save={({ date, ...entry }) => add.mutateAsync({ ...entry, paidAt: date })}
        dateField="paidAt"
      />
      <ConfirmSheet
        open={removing !== undefined}
        onOpenChange={(open) => {
          if (!open) setRemoving(undefined);
        }}
        title={t.deleteTitle}
        description={removing ? describe(removing) : ''}
        confirmLabel={t.delete}
        pendingLabel={t.deleting}
        pending={remove.isPending}
        error={remove.error}
        onConfirm={confirmRemove}
      />
    </section>
  );
}

/** '12 500 руб от 05.03.2026' */
const describe = (payment: Payment) =>
  `${formatMoney(payment.amount)} от ${formatCalendarDay(payment.paidAt)}`;

type PaymentListProps = {
  payments: ReturnType<typeof usePayments>;
  /** Taking a payment back; without it the payments are only listed. */
  onRemove: ((payment: Payment) => void) | undefined;
};

function PaymentList({ payments, onRemove }: PaymentListProps) {
  if (payments.isPending) return <Spinner className="py-4" />;
  if (payments.isError) {
    return (
      <div className="flex flex-col items-start gap-2">
        <p role="alert" className="text-sm">
          {errorMessage(payments.error)}
        </p>
        <Button variant="secondary" size="sm" onClick={() => void payments.refetch()}>
          {t.retry}
        </Button>
      </div>
    );
  }
  if (payments.data.length === 0) return <p className="text-muted-foreground text-sm">{t.none}</p>;
  return (
    <ul aria-label={t.list} className="-my-1 flex flex-col divide-y border-t">
      {payments.data.map((payment) => (
        <li key={payment.id} className="flex items-center gap-3 py-1.5">
          <div className="min-w-0 flex-1">
            <p className="flex flex-wrap justify-between gap-x-3 tabular-nums">
              <span>{formatCalendarDay(payment.paidAt)}</span>
              <span className="font-medium">{formatMoney(payment.amount)}</span>
            </p>
            {payment.note ? (
              <p className="break-words text-muted-foreground text-sm">{payment.note}</p>
            ) : null}
          </div>
          {onRemove ? (
            <Button
              variant="destructive"
              size="icon"
              aria-label={t.deleteLabel(describe(payment))}
              onClick={() => onRemove(payment)}
            >
              <Trash2 aria-hidden="true" />
            </Button>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
