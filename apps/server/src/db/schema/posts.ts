import {
  boolean,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { channels } from './channels.js';
import { id, teamId } from './columns.js';
import { deals } from './deals.js';
import { teams } from './teams.js';

// A deal's post, watched (issue 36, docs/decisions/031). The deal keeps its link and latest views (deals.post_link,
// post_views); what was read of the post lives here.

/**
 * What was read of a deal's post, for the link it was read for: a link changed since leaves this row behind, and the
 * next reading starts it again.
 */
export const dealPosts = pgTable(
  'deal_posts',
  {
    teamId: teamId().references(() => teams.id, { onDelete: 'cascade' }),
    dealId: id('deal_id').notNull(),
    link: text('link').notNull(),
    /** Found by the bot among our channel's posts rather than typed by a person. */
    foundByBot: boolean('found_by_bot').notNull().default(false),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /** The text as first seen, and as last seen: they differ once the post was edited. */
    firstText: text('first_text'),
    text: text('text'),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    /** When the first newer post of the channel went out: from then on ours was not on top. */
    displacedAt: timestamp('displaced_at', { withTimezone: true }),
    /** The first reading that found the post gone while newer posts were there. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** The last reading of the channel that covered this post, and the last that saw it. */
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    seenAt: timestamp('seen_at', { withTimezone: true }),
    /** A person asked for a reading ('Обновить'): due at once, whatever the checkpoints say. */
    refreshAt: timestamp('refresh_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.dealId] }),
    foreignKey({ columns: [t.teamId, t.dealId], foreignColumns: [deals.teamId, deals.id] }).onDelete(
      'cascade',
    ),
  ],
);

/** Each reading of a post's views, kept: the chart and the views at 24 and 48 hours come from these. */
export const postViews = pgTable(
  'post_views',
  {
    teamId: teamId().references(() => teams.id, { onDelete: 'cascade' }),
    dealId: id('deal_id').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    views: integer('views').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.dealId, t.at] }),
    foreignKey({ columns: [t.teamId, t.dealId], foreignColumns: [deals.teamId, deals.id] }).onDelete(
      'cascade',
    ),
  ],
);

/**
 * Posts of our channels the bot received (channel_post, edited_channel_post), per team channel of the chat: a sale
 * placed at that time takes its link from here, and a sale's screen offers them to pick from. Kept for 60 days.
 */
export const channelPosts = pgTable(
  'channel_posts',
  {
    teamId: teamId().references(() => teams.id, { onDelete: 'cascade' }),
    channelId: id('channel_id').notNull(),
    messageId: integer('message_id').notNull(),
    postedAt: timestamp('posted_at', { withTimezone: true }).notNull(),
    text: text('text').notNull().default(''),
    editedAt: timestamp('edited_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.channelId, t.messageId] }),
    foreignKey({ columns: [t.teamId, t.channelId], foreignColumns: [channels.teamId, channels.id] }).onDelete(
      'cascade',
    ),
    index('channel_posts_team_channel_posted_idx').on(t.teamId, t.channelId, t.postedAt),
    // The sweep of posts past keeping (db/sweeper.ts).
    index('channel_posts_team_posted_idx').on(t.teamId, t.postedAt),
  ],
);

/**
 * A deal's public report page (`/r/{token}`): one live link per deal, only the token's hash kept; revoking deletes
 * the row. The page is found by the hash alone, as a calendar feed is by its token.
 */
export const dealReportLinks = pgTable(
  'deal_report_links',
  {
    teamId: teamId().references(() => teams.id, { onDelete: 'cascade' }),
    dealId: id('deal_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.dealId] }),
    foreignKey({ columns: [t.teamId, t.dealId], foreignColumns: [deals.teamId, deals.id] }).onDelete(
      'cascade',
    ),
    uniqueIndex('deal_report_links_token_uq').on(t.tokenHash),
  ],
);

/**
 * Telegram's preview pages are read politely (docs/decisions/031): per public channel, not per team, when it was last
 * read and how long to wait after a refusal. Not team data: a channel's page is the same for every team.
 */
export const previewChannels = pgTable('preview_channels', {
  /** The channel's username in lower case. */
  username: text('username').primaryKey(),
  readAt: timestamp('read_at', { withTimezone: true }),
  /** Not before this: after a 429 (its Retry-After) or an error, growing with each failure in a row. */
  pausedUntil: timestamp('paused_until', { withTimezone: true }),
  failures: integer('failures').notNull().default(0),
});
