import { purchaseSchema, saleSchema } from './deal.js';
import { MAX_RECORD_ID } from './plain/conditions.js';
import type { DealKind } from './plain/deal-kinds.js';
import { day, nullMeansAbsent, referenceId, z } from './zod.js';

// Several deals at once (issue 33, 'Faster entry') and the bin of deleted deals, for both kinds alike.

/** How many deals one bulk call takes: a screen's selection, small enough for one transaction. */
export const MAX_BULK_DEALS = 100;

const INVALID_ID = 'Некорректный идентификатор';
const dealIds = z
  .array(
    z.number({ error: INVALID_ID }).int(INVALID_ID).positive(INVALID_ID).max(MAX_RECORD_ID, INVALID_ID),
    {
      error: 'Выберите сделки',
    },
  )
  .min(1, 'Выберите хотя бы одну сделку')
  .max(MAX_BULK_DEALS, `Не больше ${MAX_BULK_DEALS} сделок за раз`);

/** `PATCH /api/sale/bulk` (and /api/purchase): every deal moves to the status, or none does. */
export const dealBulkStatusSchema = nullMeansAbsent(
  z.object({ ids: dealIds, statusId: referenceId('Выберите статус') }),
);
export type DealBulkStatus = z.input<typeof dealBulkStatusSchema>;

/**
 * `POST /api/sale/bulk/payments` (and /api/purchase): each deal gets a payment of what is left of its price, dated
 * `paidAt` (the team's today when not given); a deal paid in full already gets none.
 */
export const dealBulkPaymentSchema = nullMeansAbsent(
  z.object({ ids: dealIds, paidAt: day('Некорректная дата оплаты').optional() }),
);
export type DealBulkPayment = z.input<typeof dealBulkPaymentSchema>;

/** What a bulk call did: how many deals it changed (paid), and for payments the sum it recorded. */
export const dealBulkResultSchema = z.object({ count: z.number().int(), amount: z.number() });
export type DealBulkResult = z.infer<typeof dealBulkResultSchema>;

/** A deleted deal in the bin: when it was deleted, by whom (when its history says), until when it can be restored. */
const binFields = {
  deletedAt: z.string(),
  restorableUntil: z.string(),
  deletedBy: z.object({ id: z.number().int().nullable(), name: z.string() }).nullable(),
};

/** `GET /api/sale/deleted` (and /api/purchase): items of the kind's deal with the bin's fields, newest deletion first. */
export const deletedDealSchemas = {
  sale: saleSchema.extend(binFields),
  purchase: purchaseSchema.extend(binFields),
} as const satisfies Record<DealKind, z.ZodType>;
export type DeletedDealOf<K extends DealKind> = z.infer<(typeof deletedDealSchemas)[K]>;
