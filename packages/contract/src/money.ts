import { dealNumberRules, hasTooManyDecimals } from './plain/deal.js';
import { MAX_NOTE_LENGTH } from './plain/fields.js';
import { exportFormats, financeBases, financeSteps, paymentStates } from './plain/money.js';
import { day, idSchema, nullMeansAbsent, text, z } from './zod.js';

// Payments, debts, list totals and finance (decisions D5).

const amountRule = dealNumberRules.price;

/** `POST /api/sale/{id}/payments` (and /api/purchase): an amount with kopecks, the day it was paid, a note. */
export const paymentCreateSchema = nullMeansAbsent(
  z.object({
    amount: z
      .number({ error: 'Укажите сумму числом' })
      .gt(0, 'Сумма должна быть больше 0')
      .max(amountRule.max, amountRule.messages.tooBig)
      .refine((n) => !hasTooManyDecimals(amountRule, n), 'Не больше двух знаков после запятой'),
    paidAt: day('Некорректная дата оплаты'),
    note: text(MAX_NOTE_LENGTH).optional(),
  }),
);
export type PaymentCreate = z.input<typeof paymentCreateSchema>;

export const paymentSchema = z.object({
  id: z.number().int(),
  amount: z.number(),
  paidAt: z.string(),
  note: z.string().nullable(),
});
export type Payment = z.infer<typeof paymentSchema>;

export const paymentParams = z.object({ id: idSchema, paymentId: idSchema });

/** A payment state or several, comma-joined: `OVERDUE` or `UNPAID,PARTLY_PAID`. */
export const paymentStateListParam = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() !== '' && value !== 'all' ? value : undefined),
  text(100)
    .transform((list, ctx) => {
      const states = [...new Set(list.split(',').map((s) => s.trim()))];
      const known = new Set<string>(paymentStates);
      if (states.every((s) => known.has(s))) return states as (typeof paymentStates)[number][];
      ctx.addIssue({ code: 'custom', message: `Состояние оплаты: ${paymentStates.join(', ')}` });
      return z.NEVER;
    })
    .optional(),
);

/**
 * `GET /api/sale/summary` (and /api/purchase): the totals of exactly what the list's filter shows. `count` is every
 * deal it shows; the money leaves the cancelled ones out, and `cancelled` says how many and how much that is (the
 * rule of the lists, their files and finance: docs/decisions/016).
 */
export const dealSummarySchema = z.object({
  count: z.number().int(),
  total: z.number(),
  paid: z.number(),
  unpaid: z.number(),
  overdue: z.number(),
  cancelled: z.object({ count: z.number().int(), amount: z.number() }),
});
export type DealSummary = z.infer<typeof dealSummarySchema>;

export const exportFormatParam = z.enum(exportFormats, { error: 'Формат: csv или xlsx' }).default('csv');

/** `GET /api/finance/summary`: a period of at most ten years, one channel or all, by deal date or by payment date. */
export const financeQuery = z
  .object({
    from: day(),
    to: day(),
    channelId: idSchema.optional(),
    basis: z.enum(financeBases, { error: 'Основа: accrual или cash' }).default('accrual'),
  })
  .refine((q) => q.from <= q.to, { message: 'Начало периода позже конца', path: ['to'] })
  .refine((q) => (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < 3660, {
    message: 'Период не длиннее 10 лет',
    path: ['to'],
  });
export type FinanceQuery = z.output<typeof financeQuery>;

const totals = { income: z.number(), spend: z.number(), profit: z.number() };
const channelRef = z.object({ id: z.number().int(), name: z.string(), iconLink: z.string().nullable() });

/** Paid out to the team's people in the period (docs/decisions/026): spend beside the purchases, out of the profit. */
const salaries = { salaries: z.number() };

export const financeSummarySchema = z.object({
  ...totals,
  ...salaries,
  previous: z.object({ ...totals, ...salaries, from: z.string(), to: z.string() }),
  /** Per channel with deals or payments in the period, most profitable first. */
  byChannel: z.array(z.object({ channel: channelRef, ...totals, deals: z.number().int() })),
  step: z.enum(financeSteps),
  /** One point per step of the period, empty steps included; `period` is the step's first day. */
  series: z.array(z.object({ period: z.string(), ...totals, ...salaries })),
  /**
   * The average cost of a thousand views of the period's deals of each kind (by deal date, whatever the basis; issue
   * 36): the sum of the prices of those whose post has views × 1000 / the sum of their views, to the kopeck; null
   * when no deal of the period has views.
   */
  cpm: z.object({ sale: z.number().nullable(), purchase: z.number().nullable() }),
});
export type FinanceSummary = z.infer<typeof financeSummarySchema>;

export const debtItemSchema = z.object({
  dealId: z.number().int(),
  channel: channelRef,
  /** The other side: their channel, or the contact when there is no channel. */
  counterpart: z.object({ name: z.string(), username: z.string().nullable() }).nullable(),
  dealDate: z.string(),
  price: z.number(),
  paidAmount: z.number(),
  /** What is left to pay. */
  due: z.number(),
  paymentDueDate: z.string().nullable(),
  /** Days past the due date in the team's zone; 0 when not overdue. */
  daysOverdue: z.number().int(),
});
export type DebtItem = z.infer<typeof debtItemSchema>;

const debtSide = z.object({ total: z.number(), count: z.number().int(), items: z.array(debtItemSchema) });
/** At most this many debts of each side are listed (overdue first); total and count cover them all. */
export const DEBT_ITEMS_LIMIT = 50;

export const financeDebtsQuery = z.object({ channelId: idSchema.optional() });
/** `GET /api/finance/debts`: unpaid sales ('Нам должны') and unpaid purchases ('Мы должны'). */
export const financeDebtsSchema = z.object({ receivable: debtSide, payable: debtSide });
export type FinanceDebts = z.infer<typeof financeDebtsSchema>;
