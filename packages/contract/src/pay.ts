import { exportFormatParam } from './money.js';
import { MAX_NOTE_LENGTH } from './plain/fields.js';
import { amount } from './team.js';
import { day, idSchema, nullMeansAbsent, text, z } from './zod.js';

// Pay by the terms given (docs/decisions/026): a rate per channel role, what it accrued in a period, and payouts.

/** The salary types whose rate is a percent (Процент от продаж, Процент от закупок). */
export const PERCENT_SALARY_TYPES: readonly number[] = [2, 3];

/** `GET /api/payroll`: a period of at most a year. */
export const payrollQuery = z
  .object({ from: day(), to: day() })
  .refine((q) => q.from <= q.to, { message: 'Начало периода позже конца', path: ['to'] })
  .refine((q) => (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < 366, {
    message: 'Период не длиннее года',
    path: ['to'],
  });
export type PayrollQuery = z.output<typeof payrollQuery>;

/** `GET /api/payroll/export`: the period's pay as a file (CSV or XLSX). */
export const payrollExportQuery = z.intersection(payrollQuery, z.object({ format: exportFormatParam }));

/** One role's pay in the period: its terms, what they apply to (`basis`) and the amount. */
export const payrollLineSchema = z.object({
  channelId: z.number().int(),
  channelName: z.string(),
  roleId: z.number().int(),
  roleName: z.string(),
  salaryTypeId: z.number().int().nullable(),
  salaryTypeName: z.string().nullable(),
  rate: z.number().nullable(),
  /**
   * What the rate applies to: for a fixed salary the months of the period it was held (1 for a whole month); for a
   * percent the money received in the period for the person's deals; for pay per post the posts that went out.
   */
  basis: z.number(),
  amount: z.number(),
});
export type PayrollLine = z.infer<typeof payrollLineSchema>;

const pay = {
  accrued: z.number(),
  paid: z.number(),
  /** accrued − paid: what is still owed; below zero it is an overpayment ('переплата'). */
  due: z.number(),
};

export const payrollItemSchema = z.object({
  employeeId: z.number().int(),
  name: z.string(),
  ...pay,
  lines: z.array(payrollLineSchema),
});
export type PayrollItem = z.infer<typeof payrollItemSchema>;

export const payrollSchema = z.object({ items: z.array(payrollItemSchema), total: z.object(pay) });
export type Payroll = z.infer<typeof payrollSchema>;

export const payoutSchema = z.object({
  id: z.number().int(),
  employeeId: z.number().int(),
  amount: z.number(),
  date: z.string(),
  paymentMethodId: z.number().int().nullable(),
  note: z.string().nullable(),
});
export type Payout = z.infer<typeof payoutSchema>;

export const payoutCreateSchema = nullMeansAbsent(
  z.object({
    amount: amount('Сумма').gt(0, 'Сумма должна быть больше 0'),
    date: day('Некорректная дата выплаты'),
    paymentMethodId: idSchema.optional(),
    note: text(MAX_NOTE_LENGTH).optional(),
  }),
);
export type PayoutCreate = z.output<typeof payoutCreateSchema>;

export const payoutParams = z.object({ id: idSchema, payoutId: idSchema });

/** A deal behind a line of one person's pay: what of it counts in the period. */
export const payrollDealSchema = z.object({
  kind: z.enum(['sale', 'purchase']),
  id: z.number().int(),
  channelId: z.number().int(),
  date: z.string(),
  price: z.number(),
  /** Received in the period (a percent's basis), or the post's time (pay per post). */
  received: z.number(),
  placementAt: z.string(),
});

export const employeePayrollSchema = payrollItemSchema.extend({
  deals: z.array(payrollDealSchema),
  /** At most this many deals are listed; `dealsTotal` says how many there are. */
  dealsTotal: z.number().int(),
  payouts: z.array(payoutSchema),
});
export type EmployeePayroll = z.infer<typeof employeePayrollSchema>;
