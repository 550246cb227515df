import { type SQLWrapper, sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { searchIndex } from '../contains.js';
import { channels } from './channels.js';
import { dealKind, id, teamId, timestamps, version } from './columns.js';
import { employees } from './employees.js';
import { teams } from './teams.js';

/** Statuses of each kind of deal (decisions D3); a deal's status must be one of its kind's (composite key below). */
export const dealStatuses = pgTable(
  'deal_statuses',
  {
    id: smallint('id').primaryKey(),
    kind: dealKind(),
    name: text('name').notNull(),
    position: smallint('position').notNull(),
    /** 'Отменена': a deal in such a status counts nowhere by deal date and is no debt (docs/decisions/016). */
    cancels: boolean('cancels').notNull().default(false),
    /**
     * 'Оплачена': where a full payment moves a deal of the kind whose status comes before it (by `position`); a deal
     * already past it ('Опубликована', 'Отменена') keeps its status (issue 33).
     */
    paid: boolean('paid').notNull().default(false),
  },
  (t) => [unique('deal_statuses_id_kind_uq').on(t.id, t.kind)],
);

export const advertisementTypes = pgTable('advertisement_types', {
  id: smallint('id').primaryKey(),
  name: text('name').notNull(),
});

export const advertisementFormats = pgTable('advertisement_formats', {
  id: smallint('id').primaryKey(),
  name: text('name').notNull(),
});

/**
 * Counterparts are team records, so the same one entered twice is one record: the other side's channels, and the
 * people we deal with (the advertiser's or the seller's admin). Both have the same shape and rules.
 */
const counterpartTable = <Name extends 'external_channels' | 'contacts'>(name: Name) =>
  pgTable(
    name,
    {
      teamId: teamId().references(() => teams.id, { onDelete: 'cascade' }),
      id: id().notNull().generatedAlwaysAsIdentity(),
      name: text('name').notNull(),
      username: text('username'),
      telegramId: id('telegram_id'),
      iconLink: text('icon_link'),
      createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    },
    (t) => [
      primaryKey({ columns: [t.teamId, t.id] }),
      uniqueIndex(`${name}_team_username_uq`)
        .on(t.teamId, sql`lower(${t.username})`)
        .where(sql`${t.username} is not null`),
      // One record per name among those without a username: a concurrent twin meets the first on this index
      // (INSERT ... ON CONFLICT) instead of adding a second record.
      uniqueIndex(`${name}_team_name_uq`)
        .on(t.teamId, sql`lower(${t.name})`)
        .where(sql`${t.username} is null`),
      // The deal lists' search (name or username contains the text, db/contains.ts).
      searchIndex(`${name}_team_search_idx`, t.teamId, t.name, t.username),
    ],
  );

export const externalChannels = counterpartTable('external_channels');
export const contacts = counterpartTable('contacts');

/**
 * The key of the purchases' orders by a cost (sort=costPerSubscriber, sort=cpm), written once for their indexes and
 * queries so PostgreSQL matches the two: the cost rounded to kopecks, negated so that the lists' one direction (newest
 * first: key, then id, descending) puts the cheapest first, and -Infinity for a deal without the figure (nobody joined
 * through it, no view of its post known), which puts those last and keeps the key never null, so the cursor compares it
 * as a plain row value.
 */
export const cheapestFirstKey = (cost: SQLWrapper) => sql`(-coalesce(${cost}, 'Infinity'::numeric))`;
/** The price of one subscriber, rounded to kopecks; null while nobody joined. */
export const costPerSubscriberOf = (price: SQLWrapper, joined: SQLWrapper) =>
  sql<string | null>`round(${price} / nullif(${joined}, 0), 2)`;
/** The price of a thousand views of the post, rounded to kopecks (plain/post.ts `cpmOf`); null while none is known. */
export const cpmOf = (price: SQLWrapper, views: SQLWrapper) =>
  sql<string | null>`round(${price} * 1000 / nullif(${views}, 0), 2)`;

/**
 * The ledger: sales (an advertiser buys a post in our channel) and purchases (we buy posts elsewhere) in one table.
 * Lists are newest deal date first with the id as tie-break; each filter of the screens has an index that leads
 * with (team_id, kind) and ends with that order, so a page is an index range scan whatever the team's size.
 */
export const deals = pgTable(
  'deals',
  {
    teamId: teamId().references(() => teams.id, { onDelete: 'cascade' }),
    id: id().notNull().generatedAlwaysAsIdentity(),
    kind: dealKind(),
    channelId: id('channel_id').notNull(),
    employeeId: id('employee_id'),
    externalChannelId: id('external_channel_id'),
    contactId: id('contact_id'),
    advertisementFormatId: smallint('advertisement_format_id').references(() => advertisementFormats.id),
    advertisementTypeId: smallint('advertisement_type_id').references(() => advertisementTypes.id),
    statusId: smallint('status_id').notNull(),
    placementAt: timestamp('placement_at', { withTimezone: true }).notNull(),
    durationType: text('duration_type', { enum: ['INFINITY', 'DAYS', 'HOURS'] }).notNull(),
    duration: integer('duration'),
    hoursInTop: integer('hours_in_top').notNull().default(0),
    price: numeric('price', { precision: 14, scale: 2 }).notNull(),
    dealDate: date('deal_date').notNull(),
    /** Money (decisions D5): when the other side should have paid, and the sum of the deal's payments (deal_payments),
     * kept here by the payments' writes so a list shows and filters a deal's state without reading its payments. */
    paymentDueDate: date('payment_due_date'),
    paidAmount: numeric('paid_amount', { precision: 14, scale: 2 }).notNull().default('0'),
    /** A purchase's subscribers through its invite link, kept by the bot's join and leave handling (channel_members),
     * so the list shows and sorts by cost per subscriber without counting them. */
    subscribersJoined: integer('subscribers_joined').notNull().default(0),
    subscribersLeft: integer('subscribers_left').notNull().default(0),
    /** The post (issue 36, docs/decisions/031): its link, and its latest views kept by the post watcher (modules/post),
     * so a list shows and sorts by the cost of a thousand views without reading the snapshots. */
    postLink: text('post_link'),
    postViews: integer('post_views'),
    // Deleted from its screen: out of every list and sum, restorable for 30 days, then swept away (decisions D5).
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    version: version(),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.id] }),
    // Deleting a channel deletes its deals: the confirmation says so (decisions 006).
    foreignKey({ columns: [t.teamId, t.channelId], foreignColumns: [channels.teamId, channels.id] }).onDelete(
      'cascade',
    ),
    foreignKey({ columns: [t.teamId, t.employeeId], foreignColumns: [employees.teamId, employees.id] }),
    foreignKey({
      columns: [t.teamId, t.externalChannelId],
      foreignColumns: [externalChannels.teamId, externalChannels.id],
    }),
    foreignKey({ columns: [t.teamId, t.contactId], foreignColumns: [contacts.teamId, contacts.id] }),
    foreignKey({ columns: [t.statusId, t.kind], foreignColumns: [dealStatuses.id, dealStatuses.kind] }),
    check('deals_price_chk', sql`${t.price} >= 0`),
    // Payments never exceed the price: a payment that would, and a price lowered below what was paid, are refused.
    check('deals_paid_chk', sql`${t.paidAmount} >= 0 and ${t.paidAmount} <= ${t.price}`),
    check('deals_duration_chk', sql`(${t.durationType} = 'INFINITY') = (${t.duration} is null)`),
    index('deals_team_kind_date_idx').on(
      t.teamId,
      t.kind,
      t.dealDate.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('deals_team_kind_status_idx').on(
      t.teamId,
      t.kind,
      t.statusId,
      t.dealDate.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('deals_team_kind_channel_idx').on(
      t.teamId,
      t.kind,
      t.channelId,
      t.dealDate.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('deals_team_kind_employee_idx').on(
      t.teamId,
      t.kind,
      t.employeeId,
      t.dealDate.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('deals_team_kind_external_idx').on(
      t.teamId,
      t.kind,
      t.externalChannelId,
      t.dealDate.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // Also what a client's figures sum (the clients' list, modules/client), after the key: a page of clients sums
    // each one's deals from the index alone instead of fetching every deal (PostgreSQL's INCLUDE, which drizzle
    // cannot write; after a unique id the extra columns never decide the order).
    index('deals_team_kind_contact_idx').on(
      t.teamId,
      t.kind,
      t.contactId,
      t.dealDate.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
      t.price,
      t.paidAmount,
      t.statusId,
      t.deletedAt,
      t.channelId,
      t.employeeId,
    ),
    // The lists ordered by placement time (sort=placement).
    index('deals_team_kind_placement_idx').on(
      t.teamId,
      t.kind,
      t.placementAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // The purchases ordered by cost per subscriber (sort=costPerSubscriber).
    index('deals_team_kind_cost_idx').on(
      t.teamId,
      t.kind,
      sql`${cheapestFirstKey(costPerSubscriberOf(t.price, t.subscribersJoined))} desc`,
      t.id.desc().nullsFirst(),
    ),
    // The purchases ordered by the cost of a thousand views (sort=cpm).
    index('deals_team_kind_cpm_idx').on(
      t.teamId,
      t.kind,
      sql`${cheapestFirstKey(cpmOf(t.price, t.postViews))} desc`,
      t.id.desc().nullsFirst(),
    ),
    index('deals_team_placement_idx').on(t.teamId, t.placementAt),
    // The post watcher's round (modules/post): the posts placed lately, of every team. Only deals with a link, so it
    // is small; a background scan across teams, like the bot's lookup of a chat's channels (channels_chat_idx).
    index('deals_post_watch_idx')
      .on(t.placementAt)
      .where(sql`${t.postLink} is not null and ${t.deletedAt} is null`),
    // The schedule of one channel, and the sales a slot collides with: a short range of one channel's placements
    // instead of every channel's (modules/schedule). After the key, what tells a payroll's posts (modules/payroll:
    // the sales of the channel that earn) from the index alone, as PostgreSQL's INCLUDE would.
    index('deals_team_channel_placement_idx').on(
      t.teamId,
      t.channelId,
      t.placementAt,
      t.kind,
      t.id,
      t.statusId,
      t.deletedAt,
    ),
    // The deals behind a person's percent lines (modules/payroll): their deals of a kind on the lines' channels, with
    // what tells those that earn, so only the deals shown are fetched from the table.
    index('deals_team_kind_employee_channel_idx').on(
      t.teamId,
      t.kind,
      t.employeeId,
      t.channelId,
      t.placementAt,
      t.id,
      t.statusId,
      t.deletedAt,
    ),
    // Debts and the overdue totals: only the deals not paid in full, the soonest due first, in the debts' whole order
    // (with the id, a page of 50 is the index's first 50 entries, not a sort of every deal of the last date read).
    index('deals_team_kind_unpaid_idx')
      .on(t.teamId, t.kind, t.paymentDueDate, t.dealDate, t.id)
      .where(sql`${t.paidAmount} < ${t.price}`),
    // The longest top of a team's sales, one step down: how far back a colliding sale can start.
    index('deals_team_kind_top_idx').on(t.teamId, t.kind, t.hoursInTop),
    // The sweep of deals deleted longer ago than they can be restored (db/sweeper.ts): only the deleted few, so the
    // hourly sweep reads this small index instead of every deal; the lists never read it (most deals are live).
    index('deals_team_deleted_idx').on(t.teamId, t.deletedAt).where(sql`${t.deletedAt} is not null`),
  ],
);

/** A payment of a deal: what was paid and on which day; the deal keeps their sum (deals.paid_amount). */
export const dealPayments = pgTable(
  'deal_payments',
  {
    teamId: teamId().references(() => teams.id, { onDelete: 'cascade' }),
    id: id().notNull().generatedAlwaysAsIdentity(),
    dealId: id('deal_id').notNull(),
    /**
     * The deal's person, channel and kind, kept by triggers (migration 0040): copied from the deal when the payment is
     * written without them (the product never writes them) and moved with the deal when it changes hands or channel.
     * They let one person's pay find the deals on their lines' channels that received money in a period from that
     * person's payments alone, instead of probing every deal they have.
     */
    employeeId: id('employee_id'),
    channelId: id('channel_id'),
    kind: text('kind', { enum: ['sale', 'purchase'] }),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    paidAt: date('paid_at').notNull(),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.id] }),
    foreignKey({ columns: [t.teamId, t.dealId], foreignColumns: [deals.teamId, deals.id] }).onDelete(
      'cascade',
    ),
    check('deal_payments_amount_chk', sql`${t.amount} > 0`),
    index('deal_payments_team_deal_idx').on(t.teamId, t.dealId, t.paidAt, t.id),
    // Finance by payment date (cash) and its export: a period's payments in order.
    index('deal_payments_team_paid_idx').on(t.teamId, t.paidAt, t.id),
    // One person's pay: the deals of theirs that received money in the period (payroll's dealsBehind).
    index('deal_payments_team_employee_paid_idx')
      .on(t.teamId, t.employeeId, t.paidAt, t.dealId, t.channelId, t.kind)
      .where(sql`${t.employeeId} is not null`),
  ],
);
