import { dealKinds } from '@addesk/contract';
import { and, desc, eq, inArray, lt, or, type SQLWrapper, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { containsText } from '../../db/contains.js';
import { channels, contacts, deals } from '../../db/schema/index.js';
import {
  cancelledStatus,
  type DealScopes,
  liveDeal,
  teamRecord,
  visibleDeals,
} from '../../db/team-record.js';

// The reads of the clients: the team's contacts with what their live deals add up to, one client's figures and a
// page of their deals. Every figure counts only the deals the caller sees (`scopes`; undefined: the owner, all).

const notCancelled = sql`not (${cancelledStatus(deals.statusId)})`;

/**
 * One client's live deals that the caller sees. Both kinds are named: the deals' contact index leads with
 * (team_id, kind, contact_id), and without the kind PostgreSQL could only walk the team's whole range of it.
 */
const dealsOf = (
  teamId: SQLWrapper | number,
  contactId: SQLWrapper | number,
  scopes: DealScopes | undefined,
) =>
  and(
    eq(deals.teamId, teamId),
    inArray(deals.kind, [...dealKinds]),
    eq(deals.contactId, contactId),
    liveDeal(deals),
    scopes && visibleDeals(scopes),
  );

/** The counts and money of a set of deals: cancelled ones count as deals but carry no money (docs/decisions/016). */
const figures = {
  deals: sql<number>`count(*)::int`.as('deals'),
  total: sql<string>`coalesce(sum(${deals.price}) filter (where ${notCancelled}), 0)`.as('total'),
  paid: sql<string>`coalesce(sum(${deals.paidAmount}) filter (where ${notCancelled}), 0)`.as('paid'),
  lastDealDate: sql<string | null>`max(${deals.dealDate})::text`.as('last_deal_date'),
};

/**
 * A page of clients, newest first: the team's contacts (a primary-key range, or the search's trigram index), each with
 * its figures from a lateral aggregate over its own deals (the contact index), and only those with a deal the caller
 * sees. So a page costs its rows' deals, not the team's.
 */
export function listClients(
  db: Db,
  teamId: number,
  scopes: DealScopes | undefined,
  page: { limit: number; beforeId: number | undefined; q: string | undefined },
) {
  const money = db
    .select(figures)
    .from(deals)
    .where(dealsOf(contacts.teamId, contacts.id, scopes))
    .as('money');
  return db
    .select({
      id: contacts.id,
      name: contacts.name,
      username: contacts.username,
      iconLink: contacts.iconLink,
      deals: money.deals,
      total: money.total,
      paid: money.paid,
      lastDealDate: money.lastDealDate,
    })
    .from(contacts)
    .innerJoinLateral(money, sql`true`)
    .where(
      and(
        eq(contacts.teamId, teamId),
        page.beforeId === undefined ? undefined : lt(contacts.id, page.beforeId),
        page.q ? containsText(page.q, contacts.name, contacts.username) : undefined,
        sql`${money.deals} > 0`,
      ),
    )
    .orderBy(desc(contacts.id))
    .limit(page.limit + 1);
}

export type ClientRow = Awaited<ReturnType<typeof listClients>>[number];

/** One contact of the team, whatever its deals. */
export async function findContact(db: Db, teamId: number, id: number) {
  const [row] = await db
    .select({
      id: contacts.id,
      name: contacts.name,
      username: contacts.username,
      iconLink: contacts.iconLink,
    })
    .from(contacts)
    .where(and(eq(contacts.teamId, teamId), eq(contacts.id, id)));
  return row;
}

/** One client's figures per kind. */
export function clientFigures(db: Db, teamId: number, id: number, scopes: DealScopes | undefined) {
  return db
    .select({
      kind: deals.kind,
      ...figures,
    })
    .from(deals)
    .where(dealsOf(teamId, id, scopes))
    .groupBy(deals.kind);
}

/** The usual price: the median of the client's deals that are not cancelled, both kinds together. */
export async function usualPrice(db: Db, teamId: number, id: number, scopes: DealScopes | undefined) {
  const [row] = await db
    .select({
      median: sql<
        number | null
      >`percentile_cont(0.5) within group (order by ${deals.price}) filter (where ${notCancelled})`,
    })
    .from(deals)
    .where(dealsOf(teamId, id, scopes));
  return row?.median ?? null;
}

/** A page of one client's deals, newest deal date first, with their channel. */
export function clientDeals(
  db: Db,
  teamId: number,
  id: number,
  scopes: DealScopes | undefined,
  page: { limit: number; before: { date: string; id: number } | undefined },
) {
  const { before } = page;
  return db
    .select({
      id: deals.id,
      kind: deals.kind,
      date: deals.dealDate,
      price: deals.price,
      paidAmount: deals.paidAmount,
      paymentDueDate: deals.paymentDueDate,
      statusId: deals.statusId,
      cancelled: sql<boolean>`${cancelledStatus(deals.statusId)}`,
      channel: { id: channels.id, name: channels.name },
    })
    .from(deals)
    .innerJoin(channels, teamRecord(channels, deals.teamId, deals.channelId))
    .where(
      and(
        dealsOf(teamId, id, scopes),
        before &&
          or(lt(deals.dealDate, before.date), and(eq(deals.dealDate, before.date), lt(deals.id, before.id))),
      ),
    )
    .orderBy(desc(deals.dealDate), desc(deals.id))
    .limit(page.limit + 1);
}
