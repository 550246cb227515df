import { pageQuery } from './pagination.js';
import { dealNumberRules } from './plain/deal.js';
import { dealKinds } from './plain/deal-kinds.js';
import { MAX_SCHEDULE_DAYS } from './plain/schedule.js';
import { day, idSchema, instant, z } from './zod.js';

const kind = z.enum(dealKinds, { error: 'Выберите продажи или закупки' });

/** Both days of a period of the team's zone, the first not after the last, at most a quarter between them. */
const withinQuarter = <T extends z.ZodType<{ from: string; to: string }>>(schema: T) =>
  schema
    .refine((q) => q.from <= q.to, { message: 'Начало периода позже конца', path: ['to'] })
    .refine((q) => (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < MAX_SCHEDULE_DAYS, {
      message: `Период не длиннее ${MAX_SCHEDULE_DAYS} дней`,
      path: ['to'],
    });

/**
 * `GET /api/schedule` (issue 14): placements between two days of the team's zone, both inclusive, at most a quarter;
 * optionally one channel's and one kind's.
 */
export const scheduleQuery = withinQuarter(
  pageQuery.extend({ from: day(), to: day(), channelId: idSchema.optional(), kind: kind.optional() }),
);
export type ScheduleQuery = z.input<typeof scheduleQuery>;

/**
 * One placement. Instants are ISO 8601 with the team zone's offset (`2026-11-24T15:30:00+03:00`); `topUntil` equals
 * the start when the post is not held in the top; `removeAt` is null for a post that is never removed. `conflict`:
 * a sale whose slot collides with another sale on the same channel (see saleConflictSchema).
 */
export const scheduleItemSchema = z.object({
  kind,
  id: z.number().int(),
  channel: z.object({ id: z.number().int(), name: z.string(), iconLink: z.string().nullable() }),
  counterpartName: z.string().nullable(),
  formatName: z.string().nullable(),
  statusName: z.string(),
  placementStart: z.string(),
  topUntil: z.string(),
  removeAt: z.string().nullable(),
  conflict: z.boolean(),
});
export type ScheduleItem = z.infer<typeof scheduleItemSchema>;

/**
 * `GET /api/schedule/days`: how many placements one channel has on each day of a period (the month view of a
 * channel; the team's whole calendar is `GET /api/calendar`).
 */
export const scheduleDaysQuery = withinQuarter(
  z.object({ from: day(), to: day(), channelId: idSchema, kind: kind.optional() }),
);
export const scheduleDaySchema = z.object({ day: z.string(), kind, count: z.number().int() });
export type ScheduleDay = z.infer<typeof scheduleDaySchema>;

const { hoursInTop } = dealNumberRules;

/**
 * `GET /api/sale/conflicts`: the sales a sale placed on this channel at this time, this long in the top, would
 * collide with; `excludeId` is the sale being edited, which never collides with itself.
 */
export const saleConflictsQuery = z.object({
  channelId: idSchema,
  accommodationTime: instant('Некорректные дата и время размещения'),
  hoursInTop: z.coerce
    .number({ error: hoursInTop.messages.notNumber })
    .int(hoursInTop.messages.notNumber)
    .min(0, hoursInTop.messages.negative)
    .max(hoursInTop.max, hoursInTop.messages.tooBig)
    .default(0),
  excludeId: idSchema.optional(),
});
export type SaleConflictsQuery = z.input<typeof saleConflictsQuery>;

/**
 * A sale another one collides with: two sales on one channel collide when their top windows (start to start +
 * hours in top, at least one hour) overlap or their starts are closer than the team's minimum gap. `slotUntil` is
 * the end of that window; instants as in the schedule.
 */
export const saleConflictSchema = z.object({
  id: z.number().int(),
  channel: z.object({ id: z.number().int(), name: z.string() }),
  counterpartName: z.string().nullable(),
  placementStart: z.string(),
  slotUntil: z.string(),
});
export type SaleConflict = z.infer<typeof saleConflictSchema>;
