import { type PaymentState, paymentStateNames } from '@addesk/contract/plain';
import { cn } from '@/lib/utils';

/** Each state's colour; the state's name is always written beside it, so colour is never the only sign. */
const tones: Record<PaymentState, string> = {
  PAID: 'border-emerald-600/40 bg-emerald-500/15 text-emerald-800 dark:text-emerald-300',
  PARTLY_PAID: 'border-amber-600/40 bg-amber-500/15 text-amber-800 dark:text-amber-300',
  OVERDUE: 'border-destructive/50 bg-destructive/15 text-red-800 dark:text-red-300',
  UNPAID: 'border-border bg-muted text-muted-foreground',
};

/** A small labelled chip: the payment state's, and the deal's status beside it on a card. */
export const badgeClass =
  'inline-flex items-center whitespace-nowrap rounded-full border px-2 py-0.5 font-medium text-xs leading-4';

export type PaymentStateBadgeProps = {
  /** None for a cancelled deal, which nobody owes: no badge (`paymentStateShown`). */
  state: PaymentState | undefined;
  className?: string;
};

/** A cancelled deal's price: shown, but struck through, as the money the totals leave out. */
export const cancelledPriceClass = 'text-muted-foreground line-through';

/** The payment state a deal shows: none once cancelled (its status says so; the totals leave it out, decision 016). */
export const paymentStateShown = (deal: { cancelled: boolean; paymentState: PaymentState }) =>
  deal.cancelled ? undefined : deal.paymentState;

/** A deal's payment state (decisions D5) as a small labelled badge: 'Оплачено', 'Частично', 'Не оплачено', 'Просрочено'. */
export function PaymentStateBadge({ state, className }: PaymentStateBadgeProps) {
  if (state === undefined) return null;
  return (
    <span data-payment-state={state} className={cn(badgeClass, tones[state], className)}>
      {paymentStateNames[state]}
    </span>
  );
}
