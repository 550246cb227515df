import {
  type DealExportQueryOf,
  type DealKind,
  type DealSort,
  dealVocabulary,
  type ExportFormat,
  type FinanceQuery,
  moneyLeft,
  paymentStateNames,
  paymentStateOf,
} from '@addesk/contract';
import type { Db } from '../../db/client.js';
import type { SessionCaller } from '../../lib/caller.js';
import { dayOf, isoInZone } from '../../lib/dates.js';
import { dateTime, day, type ExportFile, exportFile, money, text } from '../../lib/files/file.js';
import { type Cell, type Column, EXPORT_BATCH } from '../../lib/files/table.js';
import type { DealCursor, DealFilters } from '../deal/deal.service.js';
import { type DealExportRow, dealExportRows, exportCursor, listFilters } from '../deal/deal.service.js';
import { financeChannelsOf } from '../finance/finance.service.js';
import { payoutBatch } from '../payroll/payroll.service.js';
import { type DealReferences, dealReferences } from '../reference/reference.service.js';
import { dealExportTotals, totalColumns } from './deal-export-totals.js';
import { accrualBatch, cashBatch, type DayCursor, type FinancePeriod } from './export.repository.js';

const DAY_MS = 86_400_000;

/**
 * Placement instants (milliseconds) as the team's wall clock reads them (yyyy-MM-ddTHH:mm). Reading the zone's
 * offset through Intl costs more than the rest of a row, so it is read once per UTC day: a day whose start and end
 * have the same offset has it throughout (no zone changes its clocks twice in one day), and a day that has a change
 * is read per instant.
 */
function wallMinutes(timeZone: string) {
  const offsets = new Map<number, number | null>();
  const offsetAt = (instant: number) => {
    const iso = isoInZone(new Date(instant), timeZone);
    return Date.parse(`${iso.slice(0, 19)}Z`) - Math.floor(instant / 1000) * 1000;
  };
  return (instant: number) => {
    const day = Math.floor(instant / DAY_MS);
    let offset = offsets.get(day);
    if (offset === undefined) {
      const start = offsetAt(day * DAY_MS);
      offset = start === offsetAt((day + 1) * DAY_MS - 1) ? start : null;
      // A year of placements is 366 entries; an export over decades still stays small.
      if (offsets.size > 100_000) offsets.clear();
      offsets.set(day, offset);
    }
    return new Date(instant + (offset ?? offsetAt(instant))).toISOString().slice(0, 16);
  };
}

/**
 * The deals of a list's export: the list's filters (its search too) and order, read in keyset batches by the list's
 * own WHERE and cursor (deal-export.query.ts), so the file and the screen cannot disagree; then their total under the
 * summary line's rule (deal-export-totals.ts).
 */
export function dealExport<K extends DealKind>(kind: K) {
  const { words, hasAdvertisementType } = dealVocabulary[kind];
  const columns: Column[] = [
    day(words.dateLabel),
    dateTime('Размещение'),
    text(totalColumns.label),
    text('Канал'),
    text('Контакт', 20),
    text('Статус', 16),
    text('Формат', 12),
    ...(hasAdvertisementType ? [text('Тип рекламы', 16)] : []),
    text('Сотрудник', 22),
    money(totalColumns.price),
    money(totalColumns.paid),
    money(totalColumns.left),
    day('Оплатить до'),
    text('Оплата', 14),
    text('Ссылка на пост', 30),
    money('CPM'),
  ];
  const named = (names: Map<number, { name: string }>, id: number | null) =>
    (id !== null && names.get(id)?.name) || null;

  /** A row's cells as the list presents the deal (deal.presenter.ts): the same names, money and payment state. */
  function cellsOf(refs: DealReferences, today: string, wallMinute: (instant: number) => string) {
    return (row: DealExportRow): Cell[] => {
      const price = Number(row.price);
      const paidAmount = Number(row.paidAmount);
      const employee =
        row.employeeFirstName !== null && `${row.employeeFirstName} ${row.employeeSecondName}`.trim();
      return [
        row.dealDate,
        wallMinute(row.placedAt),
        row.channel ?? '',
        row.external,
        row.contact,
        refs.names.status.get(row.statusId) ?? '',
        named(refs.names.format, row.advertisementFormatId),
        ...(hasAdvertisementType ? [named(refs.names.type, row.advertisementTypeId)] : []),
        employee || null,
        price,
        paidAmount,
        moneyLeft(price, paidAmount),
        row.paymentDueDate,
        paymentStateNames[paymentStateOf({ price, paidAmount, paymentDueDate: row.paymentDueDate }, today)],
        row.postLink,
        row.cpm === null ? null : Number(row.cpm),
      ];
    };
  }

  async function* batches(
    totals: ReturnType<typeof dealExportTotals>,
    db: Db,
    teamId: number,
    filters: DealFilters,
    sort: DealSort,
    today: string,
    timeZone: string,
  ) {
    const cells = cellsOf(await dealReferences(db), today, wallMinutes(timeZone));
    const read = (after: DealCursor | undefined) =>
      dealExportRows(db, teamId, kind, filters, today, { sort, after, limit: EXPORT_BATCH });
    let next = read(undefined);
    try {
      for (;;) {
        const rows = await next;
        const last = rows.length === EXPORT_BATCH ? rows.at(-1) : undefined;
        // The next batch is read while this one is written out: the database works while Node formats.
        if (last) next = read(exportCursor(sort, last));
        for (const row of rows) totals.add(row);
        yield rows.map(cells);
        if (!last) return;
      }
    } finally {
      // An aborted download leaves the batch read ahead unused; its failure is nobody's to report.
      next.catch(() => {});
    }
  }

  return async (db: Db, caller: SessionCaller, query: DealExportQueryOf<K>): Promise<ExportFile> => {
    const { timeZone } = caller;
    const today = dayOf(new Date(), timeZone);
    const filters = await listFilters(db, caller, kind, query);
    const totals = dealExportTotals(columns);
    const rows = filters
      ? batches(totals, db, caller.teamId, filters, query.sort ?? 'date', today, timeZone)
      : (async function* () {})();
    return exportFile(words.title, today, query.format, {
      columns,
      batches: (async function* () {
        yield* rows;
        yield totals.rows();
      })(),
    });
  };
}

type Keyed = { day: string; id: number };

/** Every row of a keyset read, batch by batch: the next batch starts after the last row of the previous one. */
async function* keyset<R extends Keyed>(read: (after: DayCursor | undefined) => Promise<R[]>) {
  let after: DayCursor | undefined;
  for (;;) {
    const rows = await read(after);
    yield* rows;
    const last = rows.at(-1);
    if (!last || rows.length < EXPORT_BATCH) return;
    after = { day: last.day, id: last.id };
  }
}

const before = (x: Keyed, y: Keyed) => x.day < y.day || (x.day === y.day && x.id < y.id);

/** Reads in the same order (day, then id) as one, in batches: sales, purchases and payouts in one ledger by date. */
async function* merged<R extends Keyed>(reads: AsyncGenerator<R>[]) {
  try {
    const heads = await Promise.all(reads.map((read) => read.next()));
    let batch: R[] = [];
    for (;;) {
      let next = -1;
      heads.forEach((head, i) => {
        const current = heads[next];
        if (!head.done && (!current || current.done || before(head.value, current.value))) next = i;
      });
      const head = heads[next];
      const read = reads[next];
      if (!head || head.done || !read) break;
      batch.push(head.value);
      heads[next] = await read.next();
      if (batch.length === EXPORT_BATCH) {
        yield batch;
        batch = [];
      }
    }
    if (batch.length > 0) yield batch;
  } finally {
    // An aborted download ends every read too.
    await Promise.all(reads.map((read) => read.return(undefined)));
  }
}

async function* mapped<R>(batches: AsyncIterable<R[]>, cellsOf: (row: R) => Cell[]) {
  for await (const batch of batches) yield batch.map(cellsOf);
}

/** A line of the finance file: a deal, a payment or (for the whole team) a payout. */
type LedgerRow = Keyed & {
  kind: DealKind | 'salary';
  channel: string | null;
  counterpart: string | null;
  amount: string;
  note?: string | null;
};

const kindNames: Record<LedgerRow['kind'], string> = {
  sale: dealVocabulary.sale.words.one,
  purchase: dealVocabulary.purchase.words.one,
  salary: 'Зарплата',
};

/** Income in one column, spend in the other, as a ledger (and the book of income and spend) keeps them. */
const ledgerColumns = [text('Тип', 10), text('Канал'), text('Контрагент'), money('Доход'), money('Расход')];
const ledgerCells = (row: LedgerRow): Cell[] => [
  row.day,
  kindNames[row.kind],
  row.channel,
  row.counterpart,
  row.kind === 'sale' ? Number(row.amount) : null,
  row.kind === 'sale' ? null : Number(row.amount),
];

/**
 * Finance of a period as a file: by accrual the deals of both kinds dated in the period, by cash the payments paid in
 * it; for the whole team also the payouts paid in it ('Зарплата', docs/decisions/026), as the summary counts them.
 * Oldest first, read in keyset batches straight from the deals, their payments and the payouts.
 */
export async function financeExport(
  db: Db,
  caller: SessionCaller,
  query: FinanceQuery & { format: ExportFormat },
): Promise<ExportFile> {
  const period: FinancePeriod = {
    teamId: caller.teamId,
    from: query.from,
    to: query.to,
    channelIds: await financeChannelsOf(db, caller, query.channelId),
  };
  const suffix = `${query.from}-${query.to}`;
  const salaries = keyset(async (after) =>
    period.channelIds === undefined
      ? (await payoutBatch(db, period.teamId, period, after, EXPORT_BATCH)).map(
          (row): LedgerRow => ({ ...row, kind: 'salary', channel: null, counterpart: row.name }),
        )
      : [],
  );
  if (query.basis === 'cash') {
    const payments = keyset((after) => cashBatch(db, period, after, EXPORT_BATCH));
    return exportFile('Оплаты', suffix, query.format, {
      columns: [day('Дата оплаты'), ...ledgerColumns, text('Примечание', 40)],
      batches: mapped(merged<LedgerRow>([payments, salaries]), (row) => [
        ...ledgerCells(row),
        row.note ?? null,
      ]),
    });
  }
  const ofKind = (kind: DealKind) =>
    keyset(async (after) =>
      (await accrualBatch(db, period, kind, after, EXPORT_BATCH)).map((row): LedgerRow => ({ ...row, kind })),
    );
  return exportFile('Финансы', suffix, query.format, {
    columns: [day('Дата'), ...ledgerColumns],
    batches: mapped(merged([ofKind('sale'), ofKind('purchase'), salaries]), ledgerCells),
  });
}
