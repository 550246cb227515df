import { type PaymentState, paymentStateNames } from '@addesk/contract/plain';
import { cn } from '@/lib/utils';

/** Each state's colour; the state's name is always written beside it, so colour is never the only sign. */
const tones: Record<PaymentState, string> = {
  PAID: 'border-emerald-600/40 bg-emerald-500/15 text-emerald-800 dark:text-emerald-300',
  PARTLY_PAID: 'border-amber-600/40 bg-amber-500/15 text-amber-800 dark:text-amber-300',
  OVERDUE: 'border-destructive/50 bg-destructive/15 text-red-800 dark:text-red-300',
  UNPAID: 'border-border bg-muted text-muted-foreground',
};

/** A small labelled chip: the payment state's, and the deal's status beside it on a card (with its own display). */
export const badgeClass = 'items-center rounded-full border py-0.5 font-medium';
/** The chip's text: one line at the cards' size. */
export const badgeTextClass = 'whitespace-nowrap px-2 text-xs leading-4';
/** The table's narrower chip, whose 'Не оплачено' may take two lines. */
const smallBadgeTextClass = 'whitespace-normal px-1 text-[0.6875rem] leading-tight';

export type PaymentStateBadgeProps = {
  /** None for a cancelled deal, which nobody owes: no badge (`paymentStateShown`). */
  state: PaymentState | undefined;
  /** The table's size: smaller letters, and two lines when the column is narrow. */
  small?: boolean;
  className?: string;
};

/** A cancelled deal's price: shown, but struck through, as the money the totals leave out. */
export const cancelledPriceClass = 'text-muted-foreground line-through';

/** The payment state a deal shows: none once cancelled (its status says so; the totals leave it out, decision 016). */
export const paymentStateShown = (deal: { cancelled: boolean; paymentState: PaymentState }) =>
  deal.cancelled ? undefined : deal.paymentState;

/** A deal's payment state (decisions D5) as a small labelled badge: 'Оплачено', 'Частично', 'Не оплачено', 'Просрочено'. */
export function PaymentStateBadge({ state, small = false, className }: PaymentStateBadgeProps) {
  if (state === undefined) return null;
  return (
    <span
      data-payment-state={state}
      className={cn(
        'inline-flex',
        badgeClass,
        small ? smallBadgeTextClass : badgeTextClass,
        tones[state],
        className,
      )}
    >
      {paymentStateNames[state]}
    </span>
  );
}
