import { hash } from 'node:crypto';
import {
  type DealKind,
  IMPORT_MAX_COLUMNS,
  IMPORT_MAX_ROWS,
  IMPORT_SAMPLES,
  IMPORT_UNDO_DAYS,
  type Import,
  type ImportField,
  type ImportMapping,
  type ImportPreview,
  type ImportRow,
  importFieldNames,
  type PageQuery,
  z,
} from '@addesk/contract';
import type { Db } from '../../db/client.js';
import { maintainTables } from '../../db/maintenance.js';
import { AppError, notFound } from '../../lib/app-error.js';
import type { SessionCaller } from '../../lib/caller.js';
import { decodeCursor, idCursor, toPage } from '../../lib/cursor.js';
import { DAY_MS } from '../../lib/dates.js';
import {
  type ReadCell,
  type ReadRow,
  readTable,
  TableError,
  tableTypeOf,
} from '../../lib/files/read-table.js';
import {
  type CounterpartIds,
  deleteImportedDeals,
  recordImportedDeals,
} from '../deal/deal-import.service.js';
import { dealReferences } from '../reference/reference.service.js';
import { teamNames } from '../team/index.js';
import { columnsOf, guessMapping } from './import.columns.js';
import { type FileRow, recentFiles } from './import.recent-files.js';
import * as repo from './import.repository.js';
import { type RowResult, rowReader } from './import.rows.js';
import { cellText, folded } from './import.values.js';

// Importing past deals from a spreadsheet (issue 37, docs/decisions/029): the file is kept as a draft and read again,
// row by row, for each preview page and for the commit, so memory holds a batch of rows, never the file's deals. The
// rows of a small file are kept in the process between the steps (import.recent-files.ts).

const NOT_FOUND = 'Импорт не найден';
/** Rows checked against the team's earlier imports and written per transaction. */
const BATCH = 500;
/** A commit whose last batch is older than this was cut off (the server stopped): another commit may take it on. */
const STALE_COMMIT_MS = 5 * 60_000;
/** Deals an undo deletes per statement (PostgreSQL takes at most 65 535 parameters a statement). */
const UNDO_CHUNK = 5_000;
/**
 * Batches between two refreshes of the planner's statistics during a commit. Autovacuum (or the embedded database's
 * own, every minute: docs/decisions/022) comes too late for an import: planned on the statistics of a team with 50
 * deals, the roll-ups' triggers of an undo right after a 20 000-row import took 56 s on PGlite instead of under 1 s.
 */
const BATCHES_PER_ANALYZE = 20;
const limits = { maxColumns: IMPORT_MAX_COLUMNS, maxRows: IMPORT_MAX_ROWS };

const fileRefused = (message: string) => new AppError('VALIDATION_ERROR', message, { file: [message] });

/** The rows of a file, the header first; a broken file answers 400 with the reader's Russian reason. */
async function* rowsOf(file: Buffer, type: 'csv' | 'xlsx'): AsyncGenerator<ReadRow> {
  try {
    yield* readTable(file, type, limits);
  } catch (error) {
    throw error instanceof TableError ? fileRefused(error.message) : error;
  }
}

/** A row our own export ends with ('Итого', 'Без 3 отменённых') or a spreadsheet's total line: no deal, no error. */
function isTotalRow(cells: readonly ReadCell[], mapping: ImportMapping) {
  const dated = [mapping.dealDate, mapping.placement].some(
    (index) => index !== null && index !== undefined && cellText(cells[index] ?? null) !== '',
  );
  return (
    !dated &&
    cells.some((cell) => {
      const text = folded(cellText(cell));
      return text === 'итого' || text === 'всего' || text === 'total' || /^без \d+ отмен/.test(text);
    })
  );
}

/** The hash of a row's cells, the empty ones at its end left out. */
function cellsHashOf(kind: DealKind, cells: readonly ReadCell[]) {
  const values = cells.map((cell) => {
    if (cell === null) return '';
    if (typeof cell !== 'object') return String(cell).trim();
    return 'excelDate' in cell ? `d${cell.excelDate}` : `f${cell.formulaWithoutValue}`;
  });
  while (values.at(-1) === '') values.pop();
  return hash('sha256', `${kind}\n${JSON.stringify(values)}`, 'base64url').slice(0, 32);
}

/**
 * Where a row came from: the hash of its cells, and how many rows with the same cells came before it in the file (two
 * identical placements stay two deals, and a second import of the file finds both).
 */
function sourceNumbering() {
  const seen = new Map<string, number>();
  return (cellsHash: string) => {
    const count = seen.get(cellsHash) ?? 0;
    seen.set(cellsHash, count + 1);
    return count === 0 ? cellsHash : `${cellsHash}:${count}`;
  };
}

/**
 * A draft's data rows, from the recent files or else read from its stored file (and kept when read to the end): what
 * each step of a draft goes through.
 */
async function* fileRows(db: Db, teamId: number, record: repo.ImportRecord): AsyncGenerator<FileRow> {
  const recent = recentFiles.get(db, teamId, record.id);
  if (recent) {
    yield* recent;
    return;
  }
  const file = await repo.findImportFile(db, teamId, record.id);
  if (!file) throw new AppError('CONFLICT', 'Файл этого импорта уже не хранится: загрузите его снова');
  const rows: FileRow[] | undefined = recentFiles.fits(file.length) ? [] : undefined;
  for await (const row of dataRows(file, record.fileType, record.kind)) {
    rows?.push(row);
    yield row;
  }
  if (rows) recentFiles.keep(db, teamId, record.id, file.length, rows);
}

/** A file's rows after its header, each with its cells' hash. */
async function* dataRows(file: Buffer, type: 'csv' | 'xlsx', kind: DealKind): AsyncGenerator<FileRow> {
  let header = true;
  for await (const { row, cells } of rowsOf(file, type)) {
    if (header) header = false;
    else yield { row, cells, cellsHash: cellsHashOf(kind, cells) };
  }
}

/** A row checked; `source`: the import that brought its cells already (this one, if its commit was cut off). */
type CheckedRow = { row: number; hash: string; result: RowResult; source: number | undefined };

/** A required field without a column: 400 naming it, before a row is read. */
function checkMapping(kind: DealKind, mapping: ImportMapping, width: number) {
  const names = importFieldNames[kind];
  const errors: Record<string, string[]> = {};
  const missing = (field: ImportField, message: string) => {
    errors[`mapping.${field}`] = [message];
  };
  if (mapping.channel == null) missing('channel', `Выберите колонку «${names.channel}»`);
  if (mapping.price == null) missing('price', `Выберите колонку «${names.price}»`);
  if (mapping.dealDate == null && mapping.placement == null) {
    missing('dealDate', `Выберите колонку «${names.dealDate}» или «${names.placement}»`);
  }
  for (const [field, index] of Object.entries(mapping)) {
    if (index != null && index >= width) errors[`mapping.${field}`] = ['В файле нет такой колонки'];
  }
  const first = Object.values(errors)[0]?.[0];
  if (first) throw new AppError('VALIDATION_ERROR', first, errors);
}

/**
 * Every data row of the import under the mapping, checked and marked when an import brought it already, in batches:
 * what a preview counts and pages and what a commit writes.
 */
async function* checkedRows(
  db: Db,
  caller: SessionCaller,
  record: repo.ImportRecord,
  mapping: ImportMapping,
  after = 0,
) {
  const [refs, team] = await Promise.all([dealReferences(db), teamNames(db, caller.teamId)]);
  const read = rowReader({ kind: record.kind, caller, mapping, refs, team });
  const sourceOf = sourceNumbering();
  let batch: Omit<CheckedRow, 'source'>[] = [];
  const flush = async () => {
    const known = await repo.existingSources(
      db,
      caller.teamId,
      record.kind,
      batch.map((row) => row.hash),
    );
    const checked = batch.map((row) => ({ ...row, source: known.get(row.hash) }));
    batch = [];
    return checked;
  };
  for await (const { row, cells, cellsHash } of fileRows(db, caller.teamId, record)) {
    if (isTotalRow(cells, mapping)) continue;
    const hash = sourceOf(cellsHash);
    // A row before the page only counts toward the hashes of the identical rows after it.
    if (row <= after) continue;
    batch.push({ row, hash, result: read(cells) });
    if (batch.length === BATCH) yield await flush();
  }
  if (batch.length > 0) yield await flush();
}

const isValid = (row: CheckedRow) => row.source === undefined && row.result.deal !== null;

const presentRow = (row: CheckedRow): ImportRow => ({
  row: row.row,
  ok: isValid(row),
  duplicate: row.source !== undefined,
  errors: row.result.errors,
  deal: row.result.deal?.().preview ?? null,
});

const undoableUntil = (record: repo.ImportRecord) =>
  record.state === 'done' && record.committedAt
    ? new Date(record.committedAt.getTime() + IMPORT_UNDO_DAYS * DAY_MS)
    : null;

function present(record: repo.ImportRecord): Import {
  return {
    id: record.id,
    kind: record.kind,
    name: record.name,
    state: record.state,
    createdAt: record.createdAt.toISOString(),
    author: record.author,
    columns: record.columns,
    mapping: record.mapping,
    total: record.total,
    valid: record.valid,
    invalid: record.invalid,
    duplicate: record.duplicate,
    created: record.created,
    skipped: record.skipped,
    undoableUntil: undoableUntil(record)?.toISOString() ?? null,
  };
}

/** An import the caller sees: their own, or any of the team's for the owner; another's answers 404 like a missing one. */
async function importFor(db: Db, caller: SessionCaller, id: number) {
  const record = await repo.findImport(db, caller.teamId, id);
  if (!record || (!caller.access.owner && record.authorId !== caller.employeeId)) throw notFound(NOT_FOUND);
  return record;
}

function draftOf(record: repo.ImportRecord) {
  if (record.state !== 'draft') {
    throw new AppError(
      'CONFLICT',
      record.state === 'importing' ? 'Импорт уже идёт' : 'Этот импорт уже выполнен',
    );
  }
  return record;
}

const rowCursor = z.tuple([z.number().int().nonnegative()]);
type RowsQuery = PageQuery & { only: 'all' | 'invalid' };

type Counts = { total: number; valid: number; invalid: number; duplicate: number };

/**
 * One page of the rows under the mapping (all, or those that make no deal), with the counts of every row: counted
 * here, reading the whole file (a new mapping), or `counted` before (a further page of the kept mapping), which reads
 * only until the page is full and checks no row before it.
 */
async function preview(
  db: Db,
  caller: SessionCaller,
  record: repo.ImportRecord,
  mapping: ImportMapping,
  query: RowsQuery,
  counted?: Counts,
) {
  const after = decodeCursor(query.cursor, rowCursor)?.[0] ?? 0;
  const counts: Counts = counted ?? { total: 0, valid: 0, invalid: 0, duplicate: 0 };
  const page: CheckedRow[] = [];
  const rows = checkedRows(db, caller, record, mapping, counted ? after : 0);
  for await (const batch of rows) {
    for (const row of batch) {
      if (!counted) {
        counts.total += 1;
        if (row.source !== undefined) counts.duplicate += 1;
        else if (row.result.deal) counts.valid += 1;
        else counts.invalid += 1;
      }
      const shown = query.only === 'all' || (row.source === undefined && !row.result.deal);
      if (shown && row.row > after && page.length <= query.limit) page.push(row);
    }
    if (counted && page.length > query.limit) break;
  }
  const { items, nextCursor } = toPage(page, query.limit, presentRow, (row) => [row.row]);
  return { counts, preview: { ...counts, rows: items, nextCursor } satisfies ImportPreview };
}

/** The team's imports of deals from files, under /api/import. */
export const importService = {
  /** Reads the file once through (a bad one answers 400 and nothing is kept) and keeps it as a draft with a guess. */
  async upload(db: Db, caller: SessionCaller, kind: DealKind, name: string | undefined, file: Buffer) {
    let type: 'csv' | 'xlsx';
    try {
      type = tableTypeOf(file);
    } catch (error) {
      throw error instanceof TableError ? fileRefused(error.message) : error;
    }
    let headerCells: ReadCell[] | undefined;
    const samples: ReadCell[][] = [];
    let total = 0;
    for await (const { cells } of rowsOf(file, type)) {
      if (!headerCells) {
        headerCells = cells;
        continue;
      }
      total += 1;
      if (samples.length < IMPORT_SAMPLES) samples.push(cells);
    }
    if (!headerCells) throw fileRefused('Файл пуст');
    if (total === 0) throw fileRefused('В файле только строка заголовков: нет ни одной сделки');
    const columns = columnsOf(headerCells, samples);
    const id = await repo.insertImport(db, caller.teamId, {
      kind,
      name: name || (type === 'csv' ? 'Файл CSV' : 'Файл XLSX'),
      authorId: caller.employeeId,
      file,
      fileType: type,
      columns,
      mapping: guessMapping(kind, columns),
      total,
    });
    return present(await importFor(db, caller, id));
  },

  get: async (db: Db, caller: SessionCaller, id: number) => present(await importFor(db, caller, id)),

  async list(db: Db, caller: SessionCaller, kind: DealKind, query: PageQuery) {
    const before = decodeCursor(query.cursor, idCursor)?.[0];
    const rows = await repo.listImports(db, caller.teamId, kind, {
      authorId: caller.access.owner ? undefined : caller.employeeId,
      beforeId: before,
      limit: query.limit,
    });
    return toPage(
      rows,
      query.limit,
      (row) => {
        const { columns: _, mapping: __, ...item } = present(row);
        return item;
      },
      (row) => [row.id],
    );
  },

  /** Keeps the mapping and answers what every row gives under it, with the first page of rows. */
  async map(db: Db, caller: SessionCaller, id: number, mapping: ImportMapping, query: RowsQuery) {
    const record = draftOf(await importFor(db, caller, id));
    checkMapping(record.kind, mapping, record.columns.length);
    const result = await preview(db, caller, record, mapping, query);
    if (!(await repo.saveMapping(db, caller.teamId, id, { mapping, ...result.counts }))) {
      draftOf(await importFor(db, caller, id));
    }
    return result.preview;
  },

  /** A further page of rows under the kept mapping. */
  async rows(db: Db, caller: SessionCaller, id: number, query: RowsQuery) {
    const record = draftOf(await importFor(db, caller, id));
    checkMapping(record.kind, record.mapping, record.columns.length);
    const { total, valid, invalid, duplicate } = record;
    return (await preview(db, caller, record, record.mapping, query, { total, valid, invalid, duplicate }))
      .preview;
  },

  /**
   * Makes the deals of every valid row not brought in before, a batch per transaction (its progress visible to
   * `get` meanwhile); the same import committed again answers what it made. A failure stops it and leaves it a draft:
   * what it made stays, and the next commit goes on from there.
   */
  async commit(db: Db, caller: SessionCaller, id: number) {
    const record = await importFor(db, caller, id);
    if (record.state === 'done') return { created: record.created, skipped: record.skipped };
    if (record.state === 'undone')
      throw new AppError('CONFLICT', 'Этот импорт отменён: загрузите файл снова');
    checkMapping(record.kind, record.mapping, record.columns.length);
    if (!(await repo.startCommit(db, caller.teamId, id, new Date(Date.now() - STALE_COMMIT_MS)))) {
      draftOf(await importFor(db, caller, id));
    }
    const { kind } = record;
    const counterparts: CounterpartIds = new Map();
    const counts = { created: 0, skipped: 0 };
    // A row this import made before its commit was cut off counts as made, not as skipped.
    const mine = (row: CheckedRow) => row.source === id;
    let batches = 0;
    try {
      for await (const batch of checkedRows(db, caller, record, record.mapping)) {
        if (++batches % BATCHES_PER_ANALYZE === 0) await maintainTables(db);
        const valid = batch.filter(isValid);
        const made = batch.filter(mine).length;
        counts.created += made;
        counts.skipped += batch.length - valid.length - made;
        await db.transaction(async (tx) => {
          await repo.lockImports(tx, caller.teamId, kind);
          // Again under the lock: another import of the same file may have written these rows meanwhile.
          const known = await repo.existingSources(
            tx,
            caller.teamId,
            kind,
            valid.map((row) => row.hash),
          );
          const fresh = valid.filter((row) => !known.has(row.hash));
          const ids = await recordImportedDeals(
            tx,
            caller,
            kind,
            fresh.flatMap((row) => (row.result.deal ? [row.result.deal()] : [])),
            counterparts,
          );
          await repo.insertSources(
            tx,
            caller.teamId,
            kind,
            id,
            fresh.map((row, i) => ({ hash: row.hash, dealId: ids[i] ?? 0 })),
          );
          counts.created += ids.length;
          counts.skipped += valid.length - fresh.length;
          await repo.saveProgress(tx, caller.teamId, id, counts);
        });
      }
    } catch (error) {
      await repo.backToDraft(db, caller.teamId, id);
      throw error;
    }
    await repo.finishCommit(db, caller.teamId, id, counts);
    recentFiles.drop(db, caller.teamId, id);
    await maintainTables(db);
    return counts;
  },

  /**
   * Discards a draft, or undoes an import within IMPORT_UNDO_DAYS: its deals still live are deleted, each as its own
   * delete would (restorable from the bin), all in one transaction, and their rows may come in again.
   */
  async undo(db: Db, caller: SessionCaller, id: number) {
    const record = await importFor(db, caller, id);
    if (record.state === 'draft') {
      await repo.deleteDraft(db, caller.teamId, id);
      recentFiles.drop(db, caller.teamId, id);
      return { removed: 0 };
    }
    if (record.state === 'importing')
      throw new AppError('CONFLICT', 'Импорт ещё идёт: отменить его можно после');
    if (record.state === 'undone') return { removed: 0 };
    const until = undoableUntil(record);
    if (!until || until.getTime() < Date.now()) {
      throw new AppError('CONFLICT', `Импорт можно отменить в течение ${IMPORT_UNDO_DAYS} дней`);
    }
    const undone = await db.transaction(async (tx) => {
      const ids = await repo.importedDealIds(tx, caller.teamId, id);
      let removed = 0;
      for (let at = 0; at < ids.length; at += UNDO_CHUNK) {
        removed += await deleteImportedDeals(tx, caller, record.kind, ids.slice(at, at + UNDO_CHUNK));
      }
      await repo.deleteSources(tx, caller.teamId, id);
      await repo.markUndone(tx, caller.teamId, id);
      return { removed };
    });
    await maintainTables(db);
    return undone;
  },
};
