import {
  CLIENT_NOT_FOUND,
  type Client,
  type ClientItem,
  type ClientMerge,
  type DealKind,
  dealKinds,
  moneyLeft,
  type PageQuery,
  paymentStateOf,
  roundMoney,
  SAME_CLIENT,
  z,
} from '@addesk/contract';
import type { Db } from '../../db/client.js';
import type { DealScopes } from '../../db/team-record.js';
import { invalid, notFound } from '../../lib/app-error.js';
import type { SessionCaller } from '../../lib/caller.js';
import { decodeCursor, idCursor, toPage } from '../../lib/cursor.js';
import { dayOf } from '../../lib/dates.js';
import { type Access, dealScope } from '../access/index.js';
import { recordEvent } from '../history/history.service.js';
import { dealReferences } from '../reference/reference.service.js';
import * as query from './client.query.js';
import * as repo from './client.repository.js';

/** The deals of each kind the caller sees (docs/decisions/024); undefined for the owner, who sees all. */
function scopesOf(access: Access): DealScopes | undefined {
  if (access.owner) return undefined;
  return Object.fromEntries(dealKinds.map((kind) => [kind, dealScope(access, kind)])) as DealScopes;
}

/** Money as the API answers it, in roubles. */
const moneyOf = (row: { total: string; paid: string }) => ({
  total: Number(row.total),
  paid: Number(row.paid),
  debt: moneyLeft(row.total, row.paid),
});

const presentItem = (row: query.ClientRow): ClientItem => ({
  id: row.id,
  name: row.name,
  username: row.username,
  iconLink: row.iconLink,
  deals: row.deals,
  ...moneyOf(row),
  lastDealDate: row.lastDealDate,
});

const dealCursor = z.tuple([z.iso.date(), z.number().int().positive()]);

export async function listClients(
  db: Db,
  caller: SessionCaller,
  page: PageQuery & { q?: string | undefined },
) {
  const before = decodeCursor(page.cursor, idCursor);
  const rows = await query.listClients(db, caller.teamId, scopesOf(caller.access), {
    limit: page.limit,
    beforeId: before?.[0],
    q: page.q,
  });
  return toPage(rows, page.limit, presentItem, (row) => [row.id]);
}

/** A client the caller sees (one of their live deals is visible to them), or 404 like another team's contact. */
export async function getClient(db: Db, caller: SessionCaller, id: number, page: PageQuery): Promise<Client> {
  const scopes = scopesOf(caller.access);
  const contact = await query.findContact(db, caller.teamId, id);
  const kinds = contact ? await query.clientFigures(db, caller.teamId, id, scopes) : [];
  if (!contact || kinds.length === 0) throw notFound(CLIENT_NOT_FOUND);
  const before = decodeCursor(page.cursor, dealCursor);
  const rows = await query.clientDeals(db, caller.teamId, id, scopes, {
    limit: page.limit,
    before: before && { date: before[0], id: before[1] },
  });
  const median = await query.usualPrice(db, caller.teamId, id, scopes);
  const refs = await dealReferences(db);
  const today = dayOf(new Date(), caller.timeZone);
  const ofKind = (kind: DealKind) => {
    const row = kinds.find((k) => k.kind === kind);
    return { deals: row?.deals ?? 0, ...moneyOf(row ?? { total: '0', paid: '0' }) };
  };
  const byKind = Object.fromEntries(dealKinds.map((kind) => [kind, ofKind(kind)])) as Client['byKind'];
  const lastDates = kinds.map((k) => k.lastDealDate).filter((d): d is string => d !== null);
  return {
    ...contact,
    deals: kinds.reduce((sum, k) => sum + k.deals, 0),
    ...moneyOf({
      total: String(kinds.reduce((sum, k) => sum + Number(k.total), 0)),
      paid: String(kinds.reduce((sum, k) => sum + Number(k.paid), 0)),
    }),
    lastDealDate: lastDates.sort().at(-1) ?? null,
    byKind,
    usualPrice: median === null ? null : roundMoney(median),
    dealPage: toPage(
      rows,
      page.limit,
      (row) => {
        const deal = { price: Number(row.price), paidAmount: Number(row.paidAmount) };
        return {
          id: row.id,
          kind: row.kind,
          date: row.date,
          ...deal,
          cancelled: row.cancelled,
          status: { id: row.statusId, name: refs.names.status.get(row.statusId) ?? '' },
          channel: row.channel,
          paymentState: paymentStateOf({ ...deal, paymentDueDate: row.paymentDueDate }, today),
        };
      },
      (row) => [row.date, row.id],
    ),
  };
}

/**
 * Two cards of one client become one (owner only, access.policy.ts): every deal of `id`, deleted ones included, moves
 * to `intoId` with a line in each deal's history, and `id` is removed; all in one transaction under both contacts'
 * locks. Answers the client that stays.
 */
export async function mergeClients(db: Db, caller: SessionCaller, id: number, body: ClientMerge) {
  if (body.intoId === id) throw invalid('intoId', SAME_CLIENT);
  await db.transaction(async (tx) => {
    const found = await repo.lockContacts(tx, caller.teamId, [id, body.intoId]);
    const from = found.has(id) ? await query.findContact(tx, caller.teamId, id) : undefined;
    const into = found.has(body.intoId) ? await query.findContact(tx, caller.teamId, body.intoId) : undefined;
    if (!from || !into) throw notFound(CLIENT_NOT_FOUND);
    const moved = await repo.moveDeals(tx, caller.teamId, id, body.intoId);
    for (const deal of moved) {
      await recordEvent(tx, caller, {
        entity: deal.kind,
        entityId: deal.id,
        action: 'update',
        changes: [{ field: 'contact', from: from.name, to: into.name }],
      });
    }
    await repo.deleteContact(tx, caller.teamId, id);
  });
  return getClient(db, caller, body.intoId, { limit: 20 });
}
