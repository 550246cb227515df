import { sql } from 'drizzle-orm';
import {
  customType,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { dealKind, id, teamId } from './columns.js';
import { deals } from './deals.js';
import { employees } from './employees.js';
import { teams } from './teams.js';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/** A column of an uploaded file as the mapping screen shows it. */
export type ImportColumnRow = { index: number; name: string; samples: string[] };

/**
 * A file of past deals being imported (issue 37, docs/decisions/029). The file itself is kept while it is a draft
 * (each preview reads it again, row by row, so nothing but a page of rows is ever held); the commit drops it.
 */
export const dealImports = pgTable(
  'deal_imports',
  {
    teamId: teamId().references(() => teams.id, { onDelete: 'cascade' }),
    id: id().notNull().generatedAlwaysAsIdentity(),
    kind: dealKind(),
    name: text('name').notNull(),
    /** Who imports: the deals are made as this person, with their permissions. */
    authorId: id('author_id').notNull(),
    file: bytea('file'),
    fileType: text('file_type', { enum: ['csv', 'xlsx'] }).notNull(),
    columns: jsonb('columns').$type<ImportColumnRow[]>().notNull(),
    mapping: jsonb('mapping').$type<Record<string, number | null>>().notNull().default({}),
    state: text('state', { enum: ['draft', 'importing', 'done', 'undone'] })
      .notNull()
      .default('draft'),
    total: integer('total').notNull().default(0),
    valid: integer('valid').notNull().default(0),
    invalid: integer('invalid').notNull().default(0),
    duplicate: integer('duplicate').notNull().default(0),
    created: integer('created').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The last write: while importing, each batch's; an import whose last batch is long past was cut off. */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    committedAt: timestamp('committed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.id] }),
    foreignKey({ columns: [t.teamId, t.authorId], foreignColumns: [employees.teamId, employees.id] }),
    // A kind's imports, newest first.
    index('deal_imports_team_kind_idx').on(t.teamId, t.kind, t.id.desc().nullsFirst()),
    // The sweep of drafts left behind (db/sweeper.ts): only drafts, so it reads a small index.
    index('deal_imports_team_draft_idx').on(t.teamId, t.createdAt).where(sql`${t.state} = 'draft'`),
  ],
);

/**
 * Where an imported deal came from: a hash of its row's cells (and how many times the same cells came before it in
 * the file), unique per team and kind, so the same file imported again makes nothing new. Removed with its deal (the
 * sweep of deleted deals) and by an undo, so a corrected file can come in again.
 */
export const dealSources = pgTable(
  'deal_sources',
  {
    teamId: teamId().references(() => teams.id, { onDelete: 'cascade' }),
    kind: dealKind(),
    hash: text('hash').notNull(),
    dealId: id('deal_id').notNull(),
    importId: id('import_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.kind, t.hash] }),
    foreignKey({ columns: [t.teamId, t.dealId], foreignColumns: [deals.teamId, deals.id] }).onDelete(
      'cascade',
    ),
    foreignKey({
      columns: [t.teamId, t.importId],
      foreignColumns: [dealImports.teamId, dealImports.id],
    }).onDelete('cascade'),
    // An import's deals, for its undo.
    index('deal_sources_team_import_idx').on(t.teamId, t.importId, t.dealId),
  ],
);
