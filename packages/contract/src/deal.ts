import { conditionParam, idListParam, referenceIdListParam, searchParam } from './filter-params.js';
import { exportFormatParam, paymentStateListParam } from './money.js';
import { pageQuery } from './pagination.js';
import { dateValue, priceValue } from './plain/conditions.js';
import {
  calendarTypes,
  type DealNumberRule,
  dealNumberRules,
  durationTypes,
  hasTooManyDecimals,
} from './plain/deal.js';
import type { DealKind } from './plain/deal-kinds.js';
import { dealSortsOf } from './plain/deal-sorts.js';
import { EMPTY_FIELD } from './plain/fields.js';
import { paymentStates } from './plain/money.js';
import { postLinkInput } from './post.js';
import { telegramUsername } from './telegram.js';
import { day, instant, nullMeansAbsent, referenceId, text, versionField, webLink, z } from './zod.js';

/** A number of a deal under its rule (plain/deal.ts), the same rule the form reads typed text with. */
export function dealNumber(rule: DealNumberRule) {
  const { messages } = rule;
  const number = z
    .number({ error: messages.notNumber })
    .min(0, messages.negative)
    .max(rule.max, messages.tooBig);
  return rule.decimals === 0
    ? number.int(messages.notNumber)
    : number.refine((n) => !hasTooManyDecimals(rule, n), messages.tooManyDecimals ?? messages.notNumber);
}

const price = dealNumber(dealNumberRules.price);

const requiredId = z.number({ error: EMPTY_FIELD }).int(EMPTY_FIELD).positive(EMPTY_FIELD);

const accommodationFields = {
  accommodationTime: instant('Некорректные дата и время размещения'),
  duration: dealNumber(dealNumberRules.duration).nullable(),
  durationType: z.enum(durationTypes, { error: 'Выберите срок размещения' }),
  hoursInTop: dealNumber(dealNumberRules.hoursInTop),
};

/** A new deal's placement: the time is required, the rest has the defaults of spec §3. */
export const accommodationConditionSchema = z.object({
  ...accommodationFields,
  duration: accommodationFields.duration.default(null),
  durationType: accommodationFields.durationType.default('INFINITY'),
  hoursInTop: accommodationFields.hoursInTop.default(0),
});

/** A PATCH's placement: only what it names changes, so nothing here has a default that would overwrite. */
const accommodationChangeSchema = z.object(accommodationFields).partial();

/** Spec §3 "Channel contact": the other side's channel; an id picks a saved one, a link or a name makes one. */
export const externalChannelInputSchema = z.object({
  id: z.number().int().positive().optional(),
  name: text(200).default(''),
  channelLink: telegramUsername.optional(),
  externalChannelId: z.number().int().optional(),
  iconLink: webLink().nullish(),
});

/** Spec §3 "Admin contact": the person we deal with. */
export const contactInputSchema = z.object({
  id: z.number().int().positive().optional(),
  name: text(200).default(''),
  profileLink: telegramUsername.optional(),
  externalUserId: z.number().int().optional(),
  iconLink: webLink().nullish(),
});

const named = z.object({ id: z.number().int(), name: z.string() });

export const externalChannelSchema = z.object({
  id: z.number().int(),
  externalChannelId: z.number().nullable(),
  name: z.string(),
  iconLink: z.string().nullable(),
  channelLink: z.string().nullable(),
});
export const contactSchema = z.object({
  id: z.number().int(),
  externalUserId: z.number().nullable(),
  name: z.string(),
  iconLink: z.string().nullable(),
  profileLink: z.string().nullable(),
});
export type ExternalChannel = z.infer<typeof externalChannelSchema>;
export type Contact = z.infer<typeof contactSchema>;

const commonDeal = {
  id: z.number().int(),
  price: z.number(),
  statusId: z.number().int(),
  status: named,
  accommodationCondition: z.object({
    accommodationTime: z.string(),
    duration: z.number().nullable(),
    durationType: z.enum(durationTypes),
    hoursInTop: z.number().int(),
  }),
  advertisementFormat: named.nullable(),
  contactPerson: contactSchema.nullable(),
  channelInfo: z.object({ id: z.number().int(), name: z.string(), iconLink: z.string().nullable() }),
  version: z.number().int(),
  /** Money (decisions D5): when it is due, how much of the price is paid, and the state both give today. */
  paymentDueDate: z.string().nullable(),
  paidAmount: z.number(),
  paymentState: z.enum(paymentStates),
  /** Its status cancels it ('Отменена'): it is listed and counted, but carries no money and nobody owes it. */
  cancelled: z.boolean(),
  /** The post's address (`https://t.me/<username>/<id>`), typed or found by the bot (docs/decisions/031). */
  postLink: z.string().nullable(),
  /** Price ÷ the post's latest views × 1000, to the kopeck; null while no view is known. */
  cpm: z.number().nullable(),
};

const employeeInfo = z
  .object({
    id: z.number().int(),
    firstName: z.string(),
    secondName: z.string(),
    iconLink: z.string().nullable(),
  })
  .nullable();

/** A sale as spec §3 shows it (lists and detail alike). */
export const saleSchema = z.object({
  ...commonDeal,
  saleDate: z.string(),
  advertisementType: named.nullable(),
  externalChannelInfo: externalChannelSchema.nullable(),
  soldByEmployeeInfo: employeeInfo,
});
/** A purchase: the same with purchaseDate, externalChannel, purchasedByEmployeeInfo and no ad type. */
export const purchaseSchema = z.object({
  ...commonDeal,
  purchaseDate: z.string(),
  externalChannel: externalChannelSchema.nullable(),
  purchasedByEmployeeInfo: employeeInfo,
  /**
   * Who joined our channel through the purchase's invite link (the bot's count), and its price per one of them in
   * roubles to the kopeck: null without a link, and the cost also while nobody joined.
   */
  subscribers: z.number().int().nullable(),
  costPerSubscriber: z.number().nullable(),
});
export type Sale = z.infer<typeof saleSchema>;
export type Purchase = z.infer<typeof purchaseSchema>;

const commonPayload = {
  accommodationCondition: accommodationConditionSchema,
  advertisementFormatId: referenceId(),
  channelId: requiredId,
  contactPerson: contactInputSchema.nullish(),
  price,
  /** Without it a new deal starts in its kind's first status ('Новая'): decisions D2 for purchases, issue 33 for sales. */
  statusId: referenceId().optional(),
  /** null removes the due date. */
  paymentDueDate: day('Некорректная дата оплаты').nullable().optional(),
  /** null removes the link. */
  postLink: postLinkInput.nullable().optional(),
};

const saleFields = z.object({
  ...commonPayload,
  advertisementTypeId: referenceId(),
  externalChannelInfo: externalChannelInputSchema.nullish(),
  saleDate: day(),
  soldByEmployeeId: requiredId.optional(),
});
/** Spec §3 "Purchase payload". */
const purchaseFields = z.object({
  ...commonPayload,
  externalChannel: externalChannelInputSchema.nullish(),
  purchaseDate: day(),
  purchasedByEmployeeId: requiredId.optional(),
});

/** Spec §3 "Sale payload" (create). */
export const saleCreateSchema = nullMeansAbsent(saleFields);
export const purchaseCreateSchema = nullMeansAbsent(purchaseFields);

/** Whether a PATCH names anything but the version it was read at (a field sent as null names nothing). */
const atLeastOneChange = (value: Record<string, unknown>) =>
  Object.entries(value).some(([key, given]) => key !== 'version' && given !== undefined);

/**
 * PATCH: any subset of the payload, plus the version it was read at. It changes only what it names, inside the
 * placement too (hours in top alone keep the removal terms).
 */
const changes = { accommodationCondition: accommodationChangeSchema.optional(), version: versionField };
export const saleUpdateSchema = nullMeansAbsent(saleFields.partial().extend(changes)).refine(
  atLeastOneChange,
  'Нечего сохранять',
);
export const purchaseUpdateSchema = nullMeansAbsent(purchaseFields.partial().extend(changes)).refine(
  atLeastOneChange,
  'Нечего сохранять',
);
export type SaleCreate = z.input<typeof saleCreateSchema>;
export type PurchaseCreate = z.input<typeof purchaseCreateSchema>;

const listFilters = {
  advertisementTypeId: referenceIdListParam,
  channelId: idListParam,
  externalChannelId: idListParam,
  statusId: referenceIdListParam,
  priceCondition: conditionParam(priceValue, '=bt=(1000,5000) или =ge=1000'),
  /** Finds deals by the other side's channel (name or username), the contact (name or username) or our channel. */
  q: searchParam,
  paymentState: paymentStateListParam,
};

/** `GET /api/sale/filter` (spec §2.5): every filter optional; blank and 'all' mean no filter. */
export const saleFilterQuery = pageQuery.extend({
  ...listFilters,
  sort: z.enum(dealSortsOf.sale, { error: 'Сортировка: date или placement' }).default('date'),
  saleDateCondition: conditionParam(dateValue, '=bt=(2025-01-01,2025-01-31)'),
  soldBy: idListParam,
});
export const purchaseFilterQuery = pageQuery.extend({
  ...listFilters,
  sort: z
    .enum(dealSortsOf.purchase, { error: 'Сортировка: date, placement, costPerSubscriber или cpm' })
    .default('date'),
  purchaseDateCondition: conditionParam(dateValue, '=bt=(2025-01-01,2025-01-31)'),
  purchasedBy: idListParam,
});
const notPaged = { limit: true, cursor: true, sort: true } as const;
/** `GET /api/sale/summary` (and /api/purchase): the list's filters, without its page and order. */
export const saleSummaryQuery = saleFilterQuery.omit(notPaged);
export const purchaseSummaryQuery = purchaseFilterQuery.omit(notPaged);
/** `GET /api/sale/export` (and /api/purchase): every deal the list's filter shows, in the list's order, as a file. */
export const saleExportQuery = saleFilterQuery
  .omit({ limit: true, cursor: true })
  .extend({ format: exportFormatParam });
export const purchaseExportQuery = purchaseFilterQuery
  .omit({ limit: true, cursor: true })
  .extend({ format: exportFormatParam });

/**
 * Each kind's shapes, so code written once for both kinds takes its kind's schemas and types by the kind
 * (the names that differ are `dealVocabulary` in plain/deal-kinds.ts).
 */
export const dealSchemas = {
  sale: {
    deal: saleSchema,
    create: saleCreateSchema,
    update: saleUpdateSchema,
    filter: saleFilterQuery,
    summary: saleSummaryQuery,
    export: saleExportQuery,
  },
  purchase: {
    deal: purchaseSchema,
    create: purchaseCreateSchema,
    update: purchaseUpdateSchema,
    filter: purchaseFilterQuery,
    summary: purchaseSummaryQuery,
    export: purchaseExportQuery,
  },
} as const satisfies Record<
  DealKind,
  Record<'deal' | 'create' | 'update' | 'filter' | 'summary' | 'export', z.ZodType>
>;
type DealSchemas<K extends DealKind> = (typeof dealSchemas)[K];
/** A deal of the kind as the API shows it. */
export type DealOf<K extends DealKind> = z.infer<DealSchemas<K>['deal']>;
/** A create body of the kind as the server has it after parsing (defaults applied). */
export type DealCreateOf<K extends DealKind> = z.output<DealSchemas<K>['create']>;
/** A PATCH body of the kind as the server has it after parsing. */
export type DealUpdateOf<K extends DealKind> = z.output<DealSchemas<K>['update']>;
export type DealFilterOf<K extends DealKind> = z.output<DealSchemas<K>['filter']>;
export type DealSummaryQueryOf<K extends DealKind> = z.output<DealSchemas<K>['summary']>;
export type DealExportQueryOf<K extends DealKind> = z.output<DealSchemas<K>['export']>;

/**
 * How long a deleted deal can be restored (`POST /api/sale/{id}/restore`, purchase alike): after that it answers 404
 * and the sweep removes it for good (docs/decisions/017).
 */
export const DELETED_DEAL_KEPT_DAYS = 30;

export const byEmployeeQuery = pageQuery.extend({
  employeeId: z.coerce.number({ error: 'Некорректный идентификатор' }).int().positive(),
});
export const searchQuery = pageQuery.extend({ q: text(100).optional() });

/** `GET /api/calendar` (spec §7, decisions D3): both days required, at most 366 days. */
export const calendarQuery = z
  .object({ from: day(), to: day() })
  .refine((q) => q.from <= q.to, { message: 'Начало периода позже конца', path: ['to'] })
  .refine((q) => (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 <= 366, {
    message: 'Период не длиннее 366 дней',
    path: ['to'],
  });
/** One entry per day and type: the first placement's time and deal (to open it), and how many there are that day. */
export const calendarEntrySchema = z.object({
  dateTime: z.string(),
  type: z.enum(calendarTypes),
  dealId: z.number().int().nullable(),
  count: z.number().int(),
});
export type CalendarEntry = z.infer<typeof calendarEntrySchema>;
