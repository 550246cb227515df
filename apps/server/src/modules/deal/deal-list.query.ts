import type { DealKind } from '@addesk/contract';
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { literalLimit, type PlanFor, preparedQuery } from '../../db/prepared.js';
import {
  channels,
  cheapestFirstKey,
  contacts,
  deals,
  employees,
  externalChannels,
  inviteLinks,
} from '../../db/schema/index.js';
import { liveDeal, teamRecord } from '../../db/team-record.js';
import type { Part } from './deal-list.filters.js';
import { costPerSubscriber, cpm, type DealOrder, orderColumn } from './deal-list.order.js';

// A page of a deal list, or one deal, as the API shows it: the deals its WHERE (deal-list.filters.ts) picks, in its
// order (deal-list.order.ts), with the records they point at.

const dealColumns = {
  id: deals.id,
  price: deals.price,
  dealDate: deals.dealDate,
  paymentDueDate: deals.paymentDueDate,
  paidAmount: deals.paidAmount,
  placementAt: deals.placementAt,
  duration: deals.duration,
  durationType: deals.durationType,
  hoursInTop: deals.hoursInTop,
  version: deals.version,
  statusId: deals.statusId,
  channelId: deals.channelId,
  employeeId: deals.employeeId,
  externalChannelId: deals.externalChannelId,
  contactId: deals.contactId,
  advertisementFormatId: deals.advertisementFormatId,
  advertisementTypeId: deals.advertisementTypeId,
  subscribersJoined: deals.subscribersJoined,
  costPerSubscriber: costPerSubscriber.as('cost_per_subscriber'),
  postLink: deals.postLink,
  cpm: cpm.as('cpm'),
};

/** A subquery's columns under their names, as the outer query sees them. */
const columnsOf = <S extends object, K extends keyof S>(subquery: S, keys: readonly K[]) =>
  Object.fromEntries(keys.map((key) => [key, subquery[key]])) as { [P in K]: S[P] };

/**
 * The deals that match, newest first by the list's order, with the team records they point at. The deals are picked first
 * (an index range scan, only the page's rows), then each record is looked up by primary key in a lateral subquery.
 * `LIMIT 1` keeps PostgreSQL from flattening those into a join whose order it would search: 0.15 ms of planning
 * against 0.37 ms for a plain five-table join (23 ms on PGlite for the former eight-table one), the same execution:
 * so a list page does not take the plain joins every other read of a deal with its parties takes (db/deal-parties.ts).
 * Statuses, formats and types are not looked up at all: they are reference data, read once (dealReferences). Whether
 * a purchase has an invite link (its subscribers are known) is one primary-key probe of invite_links per page row.
 */
function selectDeals(db: Db, where: SQL | undefined, limit: number, order: DealOrder) {
  const page = db
    .select({ teamId: deals.teamId, ...dealColumns })
    .from(deals)
    .where(where)
    .orderBy(desc(orderColumn[order]), desc(deals.id))
    .limit(literalLimit(limit))
    .as('page');
  const deal = columnsOf(page, Object.keys(dealColumns) as (keyof typeof dealColumns)[]);
  const outerOrder = {
    date: page.dealDate,
    placement: page.placementAt,
    placementInPeriod: page.placementAt,
    costPerSubscriber: cheapestFirstKey(page.costPerSubscriber),
    cpm: cheapestFirstKey(page.cpm),
  }[order];
  const channel = db
    .select({ id: channels.id, name: channels.name, iconLink: channels.iconLink })
    .from(channels)
    .where(teamRecord(channels, page.teamId, page.channelId))
    .limit(literalLimit(1))
    .as('channel');
  const employee = db
    .select({
      id: employees.id,
      firstName: employees.firstName,
      secondName: employees.secondName,
      iconLink: employees.iconLink,
    })
    .from(employees)
    .where(teamRecord(employees, page.teamId, page.employeeId))
    .limit(literalLimit(1))
    .as('employee');
  const external = db
    .select({
      id: externalChannels.id,
      name: externalChannels.name,
      iconLink: externalChannels.iconLink,
      username: externalChannels.username,
      telegramId: externalChannels.telegramId,
    })
    .from(externalChannels)
    .where(teamRecord(externalChannels, page.teamId, page.externalChannelId))
    .limit(literalLimit(1))
    .as('external');
  const contact = db
    .select({
      id: contacts.id,
      name: contacts.name,
      iconLink: contacts.iconLink,
      username: contacts.username,
      telegramId: contacts.telegramId,
    })
    .from(contacts)
    .where(teamRecord(contacts, page.teamId, page.contactId))
    .limit(literalLimit(1))
    .as('contact');
  return db
    .select({
      deal,
      channel: columnsOf(channel, ['id', 'name', 'iconLink']),
      employee: columnsOf(employee, ['id', 'firstName', 'secondName', 'iconLink']),
      external: columnsOf(external, ['id', 'name', 'iconLink', 'username', 'telegramId']),
      contact: columnsOf(contact, ['id', 'name', 'iconLink', 'username', 'telegramId']),
      hasInviteLink: sql<boolean>`exists (select from ${inviteLinks} where ${and(
        eq(inviteLinks.teamId, page.teamId),
        eq(inviteLinks.dealId, page.id),
      )})`,
    })
    .from(page)
    .leftJoinLateral(channel, sql`true`)
    .leftJoinLateral(employee, sql`true`)
    .leftJoinLateral(external, sql`true`)
    .leftJoinLateral(contact, sql`true`)
    .orderBy(desc(outerOrder), desc(page.id));
}

export type DealRow = Awaited<ReturnType<typeof selectDeals>>[number];

const p = sql.placeholder;

/**
 * The WHERE of a team's live deals of one kind with the given parts, its shape's name and its values: every list,
 * summary, export and single deal goes through here, so none of them sees a deleted deal.
 */
export function matching(teamId: number, kind: DealKind, parts: (Part | undefined)[]) {
  const present = parts.filter((x): x is Part => x !== undefined);
  return {
    shape: present.map((x) => x.name).join('.'),
    where: and(
      eq(deals.teamId, p('teamId')),
      eq(deals.kind, p('kind')),
      liveDeal(deals),
      ...present.map((x) => x.where),
    ),
    values: Object.assign({ teamId, kind }, ...present.map((x) => x.values)) as Record<string, unknown>,
  };
}

/**
 * A list with no filter (a team's deals in an order, from a cursor) or one deal by id reads the same index whatever
 * the values: one plan serves every team. A filter's best index depends on its values and the team's size.
 */
const planFor = (parts: (Part | undefined)[]): PlanFor =>
  parts.every((x) => x === undefined || x.name === 'after' || x.name === 'id') ? 'generic' : 'values';

/** A deals query: the team's deals of one kind with the given parts, `limit` of them, in the order. */
export function dealsQuery(
  db: Db,
  teamId: number,
  kind: DealKind,
  parts: (Part | undefined)[],
  limit: number,
  order: DealOrder = 'date',
) {
  const { shape, where, values } = matching(teamId, kind, parts);
  return preparedQuery<DealRow[]>(db, `${order}.${shape}.${limit}`, values, planFor(parts), () =>
    selectDeals(db, where, limit, order),
  );
}

/**
 * The team's deals of one kind with these ids, deleted ones too, with the records they point at: the bin shows deleted
 * deals as the lists show live ones (deal-bulk.repository.ts picks which, in its own order).
 */
export const dealsWithIds = (db: Db, teamId: number, kind: DealKind, ids: number[]) =>
  selectDeals(
    db,
    and(eq(deals.teamId, teamId), eq(deals.kind, kind), inArray(deals.id, ids)),
    ids.length,
    'date',
  );
