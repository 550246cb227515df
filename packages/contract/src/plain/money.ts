// Money on a deal (decisions D5): its payment state, derived from the price, what was paid and the due date, and the
// words for both sides of the ledger. Zod-free: the web's first load reads these.

export const paymentStates = ['UNPAID', 'PARTLY_PAID', 'PAID', 'OVERDUE'] as const;
export type PaymentState = (typeof paymentStates)[number];
export const paymentStateNames: Record<PaymentState, string> = {
  UNPAID: 'Не оплачено',
  PARTLY_PAID: 'Частично',
  PAID: 'Оплачено',
  OVERDUE: 'Просрочено',
};

/**
 * The minus sign of every negative number the product shows, money and percentages alike: U+2212, as wide as the
 * plus and the digits, never the hyphen.
 */
export const MINUS = '\u2212';

/**
 * Whole kopecks of an amount in roubles (a number, or the decimal string a numeric(14,2) column is sent as): money is
 * added up and subtracted in kopecks, so a difference never comes out as 0.30000000000000004.
 */
export const kopecksOf = (amount: number | string) => Math.round(Number(amount) * 100);

/** Roubles rounded to whole kopecks: a sum or a difference done in floating point, made exact again. */
export const roundMoney = (amount: number | string) => kopecksOf(amount) / 100;

/** What is left of a price once `paid` is paid, exact to the kopeck. */
export const moneyLeft = (price: number | string, paid: number | string) =>
  (kopecksOf(price) - kopecksOf(paid)) / 100;

const NBSP = '\u00a0';

/** '1234567' -> '1 234 567', groups of three split by non-breaking spaces as in ru-RU. */
const grouped = (digits: string) => digits.replace(/\B(?=(\d{3})+$)/g, NBSP);

/** A whole count as the product writes it: '1 200 строк', '100 000' (grouped as money is). */
export const formatCount = (count: number) => grouped(String(Math.trunc(count)));

/**
 * Money in roubles as the product shows it, on screen and in the server's messages: '12 500 руб', '12 500,50 руб'
 * (kopecks only when non-zero), '−3 000 руб'. Groups are separated by a non-breaking space (ru-RU), and the number
 * never wraps away from 'руб'.
 * Accepts numbers and the decimal strings a numeric(14,2) column is sent as. Written by hand rather than with
 * Intl.NumberFormat: creating that formatter costs about 15 ms of the first screen's main thread.
 */
export function formatMoney(value: number | string): string {
  const amount = typeof value === 'string' ? Number(value) : value;
  if (!Number.isFinite(amount)) return `—${NBSP}руб`;
  const cents = Math.round(Math.abs(amount) * 100);
  const kopecks = cents % 100;
  const roubles = grouped(Math.trunc(cents / 100).toFixed(0));
  const sign = amount < 0 && cents > 0 ? MINUS : '';
  return `${sign}${roubles}${kopecks === 0 ? '' : `,${String(kopecks).padStart(2, '0')}`}${NBSP}руб`;
}

export const OVERPAID = 'Сумма оплат больше стоимости';
export const PAYMENT_NOT_FOUND = 'Оплата не найдена';
/** A deal's payments are one short list (shown whole on the deal's screen), so each deal has at most this many. */
export const MAX_PAYMENTS_PER_DEAL = 100;

/**
 * A deal's state: paid in full (a free deal too), overdue (the due date is before the team's today and something is
 * left), partly paid or not paid at all. `today` is the team's date (yyyy-MM-dd); amounts in roubles.
 */
export function paymentStateOf(
  deal: { price: number; paidAmount: number; paymentDueDate: string | null },
  today: string,
): PaymentState {
  if (deal.paidAmount >= deal.price) return 'PAID';
  if (deal.paymentDueDate !== null && deal.paymentDueDate < today) return 'OVERDUE';
  return deal.paidAmount > 0 ? 'PARTLY_PAID' : 'UNPAID';
}

/**
 * What a total leaves out, in the genitive after 'без' ('без 1 отменённой', 'без 3 отменённых', 'без 5 отменённых'):
 * a sale and a purchase are both feminine, so one set of forms serves both kinds.
 */
export const cancelledForms = ['отменённой', 'отменённых', 'отменённых'] as const;

/** Finance by the deal date (accrual) or by the payment date (cash). */
export const financeBases = ['accrual', 'cash'] as const;
export type FinanceBasis = (typeof financeBases)[number];
export const financeBasisNames: Record<FinanceBasis, string> = {
  accrual: 'По дате сделки',
  cash: 'По оплатам',
};

/** The steps of the finance chart, chosen from the period's length. */
export const financeSteps = ['day', 'week', 'month'] as const;
export type FinanceStep = (typeof financeSteps)[number];
/** A period of up to 31 days goes by day, up to 26 weeks by week, longer by month. */
export const financeStepOf = (days: number): FinanceStep =>
  days <= 31 ? 'day' : days <= 182 ? 'week' : 'month';

const DAY_MS = 86_400_000;
const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);
const dayOfMs = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The period finance compares a period (yyyy-MM-dd, both ends in) with: whole calendar months with as many months
 * just before (01.10–31.10 with 01.09–30.09, a year with the year before), any other period with as many days just
 * before it. Day arithmetic in UTC, so no device's clock moves a day.
 */
export function previousPeriodOf(from: string, to: string): { from: string; to: string } {
  const start = new Date(dayMs(from));
  const next = new Date(dayMs(to) + DAY_MS);
  const end = dayOfMs(dayMs(from) - DAY_MS);
  if (start.getUTCDate() === 1 && next.getUTCDate() === 1) {
    const months =
      (next.getUTCFullYear() - start.getUTCFullYear()) * 12 + next.getUTCMonth() - start.getUTCMonth();
    return { from: dayOfMs(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() - months, 1)), to: end };
  }
  const days = Math.round((dayMs(to) - dayMs(from)) / DAY_MS) + 1;
  return { from: dayOfMs(dayMs(from) - days * DAY_MS), to: end };
}

export const exportFormats = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof exportFormats)[number];
