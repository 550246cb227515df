import { searchParam } from './filter-params.js';
import { pageQuery } from './pagination.js';
import { dealKinds } from './plain/deal-kinds.js';
import { paymentStates } from './plain/money.js';
import { z } from './zod.js';

// Clients (issue 33): the team's contacts that deals point to, the advertisers we sold to and the sellers we bought
// from, with what their deals add up to. Money follows the deal lists' rule: cancelled and deleted deals carry none.

/** The money of a set of deals: prices, what is paid and what is left, in roubles. */
const moneySchema = {
  total: z.number(),
  paid: z.number(),
  debt: z.number(),
};

/** One row of `GET /api/clients`: the counts are of live deals (cancelled included), the money of those not cancelled. */
export const clientItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  username: z.string().nullable(),
  iconLink: z.string().nullable(),
  deals: z.number().int(),
  ...moneySchema,
  lastDealDate: z.string().nullable(),
});
export type ClientItem = z.infer<typeof clientItemSchema>;

/** `GET /api/clients`: newest client first; `q` finds a name or username, '@name' and t.me links as the lists' search. */
export const clientListQuery = pageQuery.extend({ q: searchParam });

/** A deal in a client's card: enough to recognise it and open it on its own screen. */
export const clientDealSchema = z.object({
  id: z.number().int(),
  kind: z.enum(dealKinds),
  date: z.string(),
  price: z.number(),
  paidAmount: z.number(),
  cancelled: z.boolean(),
  status: z.object({ id: z.number().int(), name: z.string() }),
  channel: z.object({ id: z.number().int(), name: z.string() }),
  paymentState: z.enum(paymentStates),
});
export type ClientDeal = z.infer<typeof clientDealSchema>;

/** `GET /api/clients/{id}`: the client with each kind's count and money, the usual price and a page of their deals. */
export const clientSchema = clientItemSchema.extend({
  byKind: z.record(z.enum(dealKinds), z.object({ deals: z.number().int(), ...moneySchema })),
  /** The median price of their deals that are not cancelled; null while there are none. */
  usualPrice: z.number().nullable(),
  dealPage: z.object({ items: z.array(clientDealSchema), nextCursor: z.string().nullable() }),
});
export type Client = z.infer<typeof clientSchema>;

/** `GET /api/clients/{id}`'s query: the page of the client's deals, newest deal date first. */
export const clientQuery = pageQuery;

export const CLIENT_NOT_FOUND = 'Клиент не найден';
export const SAME_CLIENT = 'Нельзя объединить клиента с самим собой';

/** `POST /api/clients/{id}/merge`: every deal of client `id` moves to `intoId`, and `id` is removed. */
export const clientMergeSchema = z.object({
  intoId: z.number({ error: 'Выберите клиента' }).int('Выберите клиента').positive('Выберите клиента'),
});
export type ClientMerge = z.infer<typeof clientMergeSchema>;
