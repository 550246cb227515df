// A month's marking paperwork and the quarter's levy (issue 35, decisions D6): what ЕРИР is owed and by when.
import { exportFormatParam } from './money.js';
import { ordWorkSchema } from './ord.js';
import { dealKinds } from './plain/deal-kinds.js';
import { MONTH_PATTERN, markingStates, QUARTER_PATTERN } from './plain/index.js';
import { text, z } from './zod.js';

export const markingMonthParams = z.object({
  month: text(7, 'Месяц: гггг-мм, например 2026-11').regex(MONTH_PATTERN, 'Месяц: гггг-мм, например 2026-11'),
});

export const markingMonthQuery = z.object({
  cursor: text(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const markingMonthExportQuery = z.object({ format: exportFormatParam });

export const markingMonthDealSchema = z.object({
  kind: z.enum(dealKinds),
  id: z.number().int(),
  /** The placement's day in the team's zone. */
  date: z.string(),
  channel: z.object({ id: z.number().int(), name: z.string() }),
  /** The other side: their channel or the contact. */
  counterpart: z.string().nullable(),
  erid: z.string().nullable(),
  state: z.enum(markingStates),
  /** The views to report: entered by hand, else the post's last reading; null while neither exists. */
  views: z.number().int().nullable(),
  viewsSource: z.enum(['entered', 'post']).nullable(),
  /** The act's amount: the deal's price. */
  amount: z.number(),
  missing: z.array(z.string()),
  statistics: ordWorkSchema.nullable(),
  act: ordWorkSchema.nullable(),
  erirStatus: z.string().nullable(),
});
export type MarkingMonthDeal = z.infer<typeof markingMonthDealSchema>;

/** `GET /api/marking/months/{yyyy-mm}`: the month's deals that need marking, by placement, and the deadline. */
export const markingMonthSchema = z.object({
  month: z.string(),
  /** The last day to send the month's statistics and acts (`markingDeadline`). */
  deadline: z.string(),
  /** Days from today (the team's zone) to the deadline; negative once it has passed. */
  daysLeft: z.number().int(),
  /** Over the whole month, whatever the page. */
  totals: z.object({
    deals: z.number().int(),
    withMissing: z.number().int(),
    amount: z.number(),
    sent: z.number().int(),
  }),
  deals: z.array(markingMonthDealSchema),
  nextCursor: z.string().nullable(),
});
export type MarkingMonth = z.infer<typeof markingMonthSchema>;

/** `PUT /api/{sale|purchase}/{id}/marking/views`: the views to report, entered by hand; null returns to the post's. */
export const markingViewsBody = z.object({
  views: z
    .number({ error: 'Просмотры: целое число' })
    .int('Просмотры: целое число')
    .min(0, 'Просмотры не могут быть отрицательными')
    .max(1_000_000_000, 'Просмотры: слишком большое число')
    .nullable(),
});

/** `POST /api/marking/months/{yyyy-mm}/send`: 202, how many deals' statistics and acts were queued. */
export const markingSendSchema = z.object({ queued: z.number().int() });

/** The dashboard's and the bot's reminder: the nearest deadline within 5 days while something is missing. */
export const markingDueSchema = z
  .object({
    month: z.string(),
    deadline: z.string(),
    daysLeft: z.number().int(),
    withMissing: z.number().int(),
  })
  .nullable();

export const levyQuery = z.object({
  quarter: text(7, 'Квартал: гггг-Qn, например 2026-Q4').regex(
    QUARTER_PATTERN,
    'Квартал: гггг-Qn, например 2026-Q4',
  ),
});
/** `GET /api/marking/levy?quarter=`: 3 % of the quarter's ad revenue (sales) and when it is due. */
export const levySchema = z.object({
  quarter: z.string(),
  revenue: z.number(),
  levy: z.number(),
  dueDate: z.string(),
});
export type Levy = z.infer<typeof levySchema>;
