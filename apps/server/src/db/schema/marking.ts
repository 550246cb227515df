import {
  type contractSubjects,
  type contractTypes,
  type creativeForms,
  type LegalType,
  type MarkingNeed,
  markingNeeds,
  ordWorkStatuses,
} from '@addesk/contract';
import { type SQL, sql } from 'drizzle-orm';
import {
  boolean,
  foreignKey,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { dealKind, id, teamId } from './columns.js';
import { contacts, deals } from './deals.js';
import { teams } from './teams.js';

// Ad marking (issue 35, decisions D6).

/** The team's own legal details, as an ОРД registers the party that places ads: one row per team, the owner's to set. */
export const teamLegal = pgTable('team_legal', {
  teamId: teamId()
    .primaryKey()
    .references(() => teams.id, { onDelete: 'cascade' }),
  type: text('type', { enum: ['juridical', 'ip', 'physical'] }).notNull(),
  name: text('name').notNull(),
  inn: text('inn').notNull(),
  /** A company's only. */
  kpp: text('kpp'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A party's legal details as a deal's marking keeps them; any may be missing while the user fills them. */
export type MarkingParty = { type?: LegalType; name?: string; inn?: string };
export type MarkingContract = {
  number?: string;
  date?: string;
  type?: (typeof contractTypes)[number];
  subject?: (typeof contractSubjects)[number];
  amount?: number;
  vatIncluded?: boolean;
};
export type MarkingCreative = {
  form?: (typeof creativeForms)[number];
  text?: string;
  urls?: string[];
  kktu?: string;
};

/**
 * A deal's marking (issue 35): who registers it, its erid, the advertiser, the contract and the creative as an ОРД
 * names them. The parts are JSON: an ОРД's shapes, read and written whole with the deal's card, never filtered on.
 */
export const dealMarkings = pgTable(
  'deal_markings',
  {
    teamId: teamId().references(() => teams.id, { onDelete: 'cascade' }),
    dealId: id('deal_id').notNull(),
    registeredBy: text('registered_by', { enum: ['us', 'counterpart', 'not_required'] }).notNull(),
    reason: text('reason'),
    erid: text('erid'),
    advertiser: jsonb('advertiser').$type<MarkingParty>().notNull().default({}),
    /** A purchase's seller (the other party of our contract); a sale's is the team itself. */
    seller: jsonb('seller').$type<MarkingParty>().notNull().default({}),
    contract: jsonb('contract').$type<MarkingContract>().notNull().default({}),
    creative: jsonb('creative').$type<MarkingCreative>().notNull().default({}),
    /** ЕРИР's verdict on the registration, as the ОРД reports it. */
    erirStatus: text('erir_status'),
    /** The registration with the team's ОРД: queued, done, or failed with a Russian reason (`registration_error`). */
    registration: text('registration', { enum: ordWorkStatuses }),
    registrationError: text('registration_error'),
    /**
     * What the ОРД has accepted of the registration so far (person, contract, pad, creative): a retry after a failure
     * sends only the rest.
     */
    registrationSteps: jsonb('registration_steps').$type<string[]>().notNull().default([]),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** The deal's kind (a deal keeps it), which some needs depend on. */
    kind: dealKind(),
    /**
     * Whether the marking lacks nothing, and whether it lacks nothing but the team's own legal details, which it needs
     * (`markingNeeds`, computed by the database on every write whoever writes): the marking month's counts per day
     * (calendar_days, drizzle/0039) add these up, so a month's total of deals lacking something reads a month's days.
     */
    complete: boolean('complete')
      .notNull()
      .generatedAlwaysAs((): SQL => completeSql(false)),
    completeIfLegal: boolean('complete_if_legal')
      .notNull()
      .generatedAlwaysAs((): SQL => completeSql(true)),
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.dealId] }),
    foreignKey({ columns: [t.teamId, t.dealId], foreignColumns: [deals.teamId, deals.id] }).onDelete(
      'cascade',
    ),
  ],
);

/** Given in SQL as in deal-marking.facts.ts: neither absent nor empty. */
const givenSql = (value: SQL) => sql`coalesce(${value}, '') <> ''`;

/** Whether a need applies to the marking's kind of deal, in SQL (literals: a generated column takes no parameters). */
const appliesSql = (need: MarkingNeed) =>
  need.kinds
    ? sql`${dealMarkings.kind} in (${sql.raw(need.kinds.map((k) => `'${k}'`).join(', '))})`
    : sql`true`;

/** Whether a need other than the context's is met, in SQL over the marking's own columns. */
function metSql(need: Exclude<MarkingNeed, { context: string }>): SQL {
  const column = {
    registeredBy: dealMarkings.registeredBy,
    erid: dealMarkings.erid,
    reason: dealMarkings.reason,
  };
  const met =
    'column' in need
      ? givenSql(sql`${column[need.column]}::text`)
      : givenSql(sql`${dealMarkings[need.part]} ->> ${sql.raw(`'${need.field}'`)}`);
  return need.kinds ? sql`(not ${appliesSql(need)} or ${met})` : met;
}

/**
 * The generated completeness of a marking: every need of its way met but the context's (the team's legal details, the
 * one fact not on the row), and the context needed (`ifLegal`) or not.
 */
function completeSql(ifLegal: boolean): SQL {
  const ways = Object.entries(markingNeeds)
    .filter(([way]) => way !== 'none')
    .map(([way, needs]) => {
      const own = needs.filter((need) => !('context' in need)) as Exclude<MarkingNeed, { context: string }>[];
      const context = needs.filter((need) => 'context' in need);
      const needsLegal = context.length === 0 ? sql`false` : sql.join(context.map(appliesSql), sql` or `);
      const parts = [...own.map(metSql), ifLegal ? needsLegal : sql`not (${needsLegal})`];
      return sql`when ${sql.raw(`'${way}'`)} then ${sql.join(parts, sql` and `)}`;
    });
  return sql`case ${dealMarkings.registeredBy} ${sql.join(ways, sql` `)} else false end`;
}

/** A contact's legal details as the last deal's marking gave them: the next deal with them starts from these. */
export const contactLegal = pgTable(
  'contact_legal',
  {
    teamId: teamId().references(() => teams.id, { onDelete: 'cascade' }),
    contactId: id('contact_id').notNull(),
    details: jsonb('details').$type<MarkingParty>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.contactId] }),
    foreignKey({ columns: [t.teamId, t.contactId], foreignColumns: [contacts.teamId, contacts.id] }).onDelete(
      'cascade',
    ),
  ],
);

/**
 * A team's ОРД account (issue 35): the provider, its sandbox or not, and the API key sealed with the server's secret
 * (lib/secret-box.ts); null: no key. Written by the owner, never answered.
 */
export const teamOrd = pgTable('team_ord', {
  teamId: teamId()
    .primaryKey()
    .references(() => teams.id, { onDelete: 'cascade' }),
  provider: text('provider', { enum: ['vk'] })
    .notNull()
    .default('vk'),
  sandbox: boolean('sandbox').notNull().default(false),
  apiKeySealed: text('api_key_sealed'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A deal's report to ЕРИР for the month of its placement (issue 35): the views entered by hand (null: the post's
 * readings), and the statistics and the act sent through the ОРД, each queued, done or failed with a reason.
 */
export const markingReports = pgTable(
  'marking_reports',
  {
    teamId: teamId().references(() => teams.id, { onDelete: 'cascade' }),
    dealId: id('deal_id').notNull(),
    views: integer('views'),
    statistics: text('statistics', { enum: ordWorkStatuses }),
    statisticsError: text('statistics_error'),
    act: text('act', { enum: ordWorkStatuses }),
    actError: text('act_error'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** The statistics and the act both accepted by the ОРД: the month's count of sent deals adds these up. */
    sent: boolean('sent')
      .notNull()
      .generatedAlwaysAs(
        (): SQL =>
          sql`coalesce(${markingReports.statistics} = 'done' and ${markingReports.act} = 'done', false)`,
      ),
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.dealId] }),
    foreignKey({ columns: [t.teamId, t.dealId], foreignColumns: [deals.teamId, deals.id] }).onDelete(
      'cascade',
    ),
  ],
);
