import { sql } from 'drizzle-orm';
import {
  check,
  foreignKey,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { channels } from './channels.js';
import { id, teamId } from './columns.js';
import { advertisementFormats } from './deals.js';
import { teams } from './teams.js';

/**
 * A channel's price list (issue 33): a price per ad format and placement term, in the order the team wrote it.
 * The list is replaced whole, so a row needs no id of its own: its place in the list is its key.
 */
export const channelPrices = pgTable(
  'channel_prices',
  {
    teamId: teamId().references(() => teams.id, { onDelete: 'cascade' }),
    channelId: id('channel_id').notNull(),
    position: smallint('position').notNull(),
    advertisementFormatId: smallint('advertisement_format_id')
      .notNull()
      .references(() => advertisementFormats.id),
    durationType: text('duration_type', { enum: ['INFINITY', 'DAYS', 'HOURS'] }).notNull(),
    duration: integer('duration'),
    hoursInTop: integer('hours_in_top').notNull().default(0),
    price: numeric('price', { precision: 14, scale: 2 }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.channelId, t.position] }),
    foreignKey({ columns: [t.teamId, t.channelId], foreignColumns: [channels.teamId, channels.id] }).onDelete(
      'cascade',
    ),
    // One price per term of a format: a deal's terms pick at most one row (the duration of 'Без удаления' is null).
    uniqueIndex('channel_prices_team_term_uq').on(
      t.teamId,
      t.channelId,
      t.advertisementFormatId,
      t.durationType,
      sql`coalesce(${t.duration}, 0)`,
      t.hoursInTop,
    ),
    check('channel_prices_price_chk', sql`${t.price} > 0`),
    check('channel_prices_duration_chk', sql`(${t.durationType} = 'INFINITY') = (${t.duration} is null)`),
  ],
);
