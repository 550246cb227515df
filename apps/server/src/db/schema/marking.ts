import {
  type contractSubjects,
  type contractTypes,
  type creativeForms,
  type LegalType,
  ordWorkStatuses,
} from '@addesk/contract';
import {
  boolean,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { id, teamId } from './columns.js';
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
    /**
     * The deal's placement, copied on insert and kept by the deals' trigger (drizzle/0037): the marking month reaches
     * the month's marked deals as a range of (team, placement), not through every marking row of the team.
     */
    placementAt: timestamp('placement_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.dealId] }),
    foreignKey({ columns: [t.teamId, t.dealId], foreignColumns: [deals.teamId, deals.id] }).onDelete(
      'cascade',
    ),
    index('deal_markings_team_placement_idx').on(t.teamId, t.placementAt, t.dealId),
  ],
);

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
    /**
     * The deal's placement, copied on insert and kept by the deals' trigger (drizzle/0037): the marking month reaches
     * the month's marked deals as a range of (team, placement), not through every marking row of the team.
     */
    placementAt: timestamp('placement_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.dealId] }),
    foreignKey({ columns: [t.teamId, t.dealId], foreignColumns: [deals.teamId, deals.id] }).onDelete(
      'cascade',
    ),
    index('marking_reports_team_placement_idx').on(t.teamId, t.placementAt, t.dealId),
  ],
);
