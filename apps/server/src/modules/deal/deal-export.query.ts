import type { DealKind, DealSort } from '@addesk/contract';
import { desc, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { withDealParties } from '../../db/deal-parties.js';
import { preparedQuery } from '../../db/prepared.js';
import { channels, contacts, deals, employees, externalChannels } from '../../db/schema/index.js';
import { cancelledStatus } from '../../db/team-record.js';
import { type DealFilters, filterParts, orderOf } from './deal.repository.js';
import {
  afterCursor,
  costCursorKey,
  costPerSubscriber,
  cpm,
  type DealCursor,
  type DealOrder,
  orderColumn,
} from './deal-list.order.js';
import { matching } from './deal-list.query.js';

/** What a file's row needs of a deal, flat: names of what it points at, ids of reference data, money as text. */
const exportColumns = {
  id: deals.id,
  dealDate: deals.dealDate,
  /** Milliseconds since the epoch: the file's wall clock and the next batch's cursor are computed from it. */
  placedAt: sql<number>`(extract(epoch from ${deals.placementAt}) * 1000)::float8`,
  statusId: deals.statusId,
  advertisementFormatId: deals.advertisementFormatId,
  advertisementTypeId: deals.advertisementTypeId,
  price: deals.price,
  paidAmount: deals.paidAmount,
  paymentDueDate: deals.paymentDueDate,
  /** A cancelled deal is a row of the file but not in its total (the lists' rule, docs/decisions/016). */
  cancelled: sql<boolean>`${cancelledStatus(deals.statusId)}`,
  postLink: deals.postLink,
  /** The file's CPM; it and the cost per subscriber are also the next batch's cursor of the orders by a cost. */
  cpm,
  costPerSubscriber,
  channel: channels.name,
  external: externalChannels.name,
  contact: contacts.name,
  employeeFirstName: employees.firstName,
  employeeSecondName: employees.secondName,
};

function selectExportRows(db: Db, where: SQL | undefined, order: DealOrder) {
  return withDealParties(db.select(exportColumns).from(deals), { person: true })
    .where(where)
    .orderBy(desc(orderColumn[order]), desc(deals.id))
    .limit(sql.placeholder('limit'));
}

export type DealExportRow = Awaited<ReturnType<typeof selectExportRows>>[number];

/**
 * A batch of a list's deals for its file: the list's own WHERE (the same filter parts and cursor) and order, so the
 * file is the list by construction, read as flat rows by plain joins on primary keys. The list's lateral lookups and
 * nested rows pay off for a page of 50 and its planning; for a whole file they cost twice the database's work
 * (measured: 23,000 rows a second through the list's pages).
 */
export function dealExportRows(
  db: Db,
  teamId: number,
  kind: DealKind,
  filters: DealFilters,
  today: string,
  page: { sort: DealSort; after: DealCursor | undefined; limit: number },
) {
  const order = orderOf(page.sort, filters);
  const { shape, where, values } = matching(teamId, kind, [
    ...filterParts(filters, today),
    afterCursor(page.sort, page.after),
  ]);
  return preparedQuery<DealExportRow[]>(
    db,
    `export.${order}.${shape}`,
    { ...values, limit: page.limit },
    'values',
    () => selectExportRows(db, where, order),
  ).execute();
}

/** Where the batch after this row starts, in the list's cursor terms (its key in the order, then its id). */
export const exportCursor = (sort: DealSort, row: DealExportRow): DealCursor => ({
  key: {
    date: () => row.dealDate,
    placement: () => new Date(row.placedAt).toISOString(),
    costPerSubscriber: () => costCursorKey(row.costPerSubscriber),
    cpm: () => costCursorKey(row.cpm),
  }[sort](),
  id: row.id,
});
