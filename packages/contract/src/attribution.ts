import { z } from './zod.js';

/**
 * Why a purchase has no invite link yet, for the purchase's screen: the bot is not configured on this server, the
 * channel's bot status is unknown or the bot is not its administrator, or it is an administrator without the right to
 * invite users. null when the link exists or can be made now ('Создать ссылку').
 */
export const inviteLinkBlockers = ['NO_BOT', 'BOT_NOT_ADMIN', 'NO_INVITE_RIGHT', 'CANCELLED'] as const;
export type InviteLinkBlocker = (typeof inviteLinkBlockers)[number];

/**
 * `GET /api/purchase/{id}/attribution` (issue 17): what a purchase's invite link brought. Counts are null while the
 * purchase has no link (nothing is known); costs are roubles, null while nothing to divide by; retention is a share
 * 0..1 of those who joined at least 24 hours (7 days) ago that were still subscribed 24 hours (7 days) after joining,
 * null while nobody is that old. `byDay` is in the team's time zone, oldest first, days with joins or leaves only.
 */
export const attributionSchema = z.object({
  inviteLink: z.string().nullable(),
  /** When the link was revoked (the purchase cancelled or deleted); the figures stay. */
  revokedAt: z.string().nullable(),
  blocker: z.enum(inviteLinkBlockers).nullable(),
  joined: z.number().int().nullable(),
  left: z.number().int().nullable(),
  remaining: z.number().int().nullable(),
  costPerSubscriber: z.number().nullable(),
  costPerRemaining: z.number().nullable(),
  retention24h: z.number().nullable(),
  retention7d: z.number().nullable(),
  byDay: z.array(z.object({ day: z.string(), joined: z.number().int(), left: z.number().int() })),
});
export type Attribution = z.infer<typeof attributionSchema>;

/**
 * `GET /api/channel/{id}/subscribers`: the channel's subscriber count from the bot's daily snapshot and its change, and
 * the joins the bot saw over the same periods, split into those through a purchase's link and organic ones.
 * Everything is null while the bot has not counted (no bot, or not added yet).
 */
export const channelSubscribersSchema = z.object({
  count: z.number().int().nullable(),
  countedAt: z.string().nullable(),
  change7d: z.number().int().nullable(),
  change30d: z.number().int().nullable(),
  joined7d: z.object({ purchases: z.number().int(), organic: z.number().int() }),
  joined30d: z.object({ purchases: z.number().int(), organic: z.number().int() }),
  /** Since when the bot has watched joins (it sees none before it became an administrator); null: never. */
  watchingSince: z.string().nullable(),
});
export type ChannelSubscribers = z.infer<typeof channelSubscribersSchema>;
