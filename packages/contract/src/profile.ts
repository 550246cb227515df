import { MAX_REFERRAL_CODE, REFERRAL_CODE } from './plain/auth-params.js';
import { MAX_NAME_LENGTH } from './plain/fields.js';
import { isKnownTimeZone } from './plain/time-zones.js';
import { nullMeansAbsent, requiredText, text, versionField, z } from './zod.js';

/** An IANA zone name the server knows (decisions D5). */
export const timeZoneField = text(64).refine(isKnownTimeZone, 'Неизвестный часовой пояс');

/** The browser's zone a sign-in link carries (`tz=`): a new team takes it; a zone the server does not know is dropped. */
export const signInTimeZone = timeZoneField.optional().catch(undefined);

/** Editing one's own name (profile) or a team member's (team): trimmed, non-empty, bounded. */
export const employeeNameUpdateSchema = nullMeansAbsent(
  z.object({
    firstName: requiredText(MAX_NAME_LENGTH),
    secondName: text(MAX_NAME_LENGTH).default(''),
    version: versionField,
  }),
);
export type EmployeeNameUpdate = z.input<typeof employeeNameUpdateSchema>;

/** The longest minimum gap between two sales on one channel: a day. */
export const MAX_MIN_GAP_MINUTES = 1440;

const minGapMessage = `Целое число минут от 0 до ${MAX_MIN_GAP_MINUTES}`;

/** How close two sales on one channel may be before they are marked as a conflict, in whole minutes (0..1440). */
export const minGapMinutesField = z
  .number({ error: minGapMessage })
  .int(minGapMessage)
  .min(0, minGapMessage)
  .max(MAX_MIN_GAP_MINUTES, minGapMessage);

/** The longest a placement's reminder may come before it: a day. */
export const MAX_REMIND_MINUTES_BEFORE = 1440;

const remindMessage = `Целое число минут от 0 до ${MAX_REMIND_MINUTES_BEFORE}`;

/** How long before a placement the bot reminds of it, in whole minutes (0..1440). */
export const remindMinutesBeforeField = z
  .number({ error: remindMessage })
  .int(remindMessage)
  .min(0, remindMessage)
  .max(MAX_REMIND_MINUTES_BEFORE, remindMessage);

/**
 * The caller's Telegram for the bot's reminders: `available` whether this server has a bot at all, `linked` whether
 * the caller started it through 'Подключить Telegram', and the @username Telegram gave then (null without one).
 */
export const telegramLinkStateSchema = z.object({
  available: z.boolean(),
  linked: z.boolean(),
  username: z.string().nullable(),
});
export type TelegramLinkState = z.infer<typeof telegramLinkStateSchema>;

/**
 * Per-user settings: the notification toggles (spec §2.11) and the sync switches; with them the team's settings, which
 * only the master changes: its time zone (decisions D5) and the minimum gap between two sales on one channel.
 * `isMaster` says whether the caller is the team's master, so a screen shows the team's settings read-only to others.
 * `notifyPayments` and `remindMinutesBefore` (the effective value: the caller's or the server's default) drive the
 * bot's reminders; `telegram` is read-only (linked through POST /api/profile/telegram/link and the bot's /start).
 */
export const userSettingsSchema = z.object({
  timeZone: z.string(),
  minGapMinutes: z.number().int(),
  isMaster: z.boolean(),
  notifyPosting: z.boolean(),
  notifyStatistics: z.boolean(),
  notifyEmployees: z.boolean(),
  notifySubscription: z.boolean(),
  notifyReferral: z.boolean(),
  botEnabled: z.boolean(),
  calendarSync: z.boolean(),
  notifyPayments: z.boolean(),
  remindMinutesBefore: z.number().int(),
  telegram: telegramLinkStateSchema,
});
export type UserSettings = z.infer<typeof userSettingsSchema>;

export const userSettingsUpdateSchema = nullMeansAbsent(
  userSettingsSchema
    .omit({ isMaster: true, telegram: true })
    .extend({
      timeZone: timeZoneField,
      minGapMinutes: minGapMinutesField,
      remindMinutesBefore: remindMinutesBeforeField,
    })
    .partial(),
).refine((value) => Object.values(value).some((given) => given !== undefined), 'Нечего сохранять');
export type UserSettingsUpdate = z.input<typeof userSettingsUpdateSchema>;

/** The caller's referral programme (decisions D3): a code, its link, how many friends came and how many brought a reward. */
export const referralSchema = z.object({
  code: z.string(),
  link: z.url(),
  invited: z.number().int(),
  rewarded: z.number().int(),
});
export type Referral = z.infer<typeof referralSchema>;

export const referralCode = text(MAX_REFERRAL_CODE).regex(REFERRAL_CODE).optional().catch(undefined);

/** 'Подключить Telegram': the bot's address with a one-time start token, for the browser or the Telegram app to open. */
export const telegramLinkSchema = z.object({ url: z.url() });
export type TelegramLink = z.infer<typeof telegramLinkSchema>;

export const supportSchema = z.object({ url: z.url() });
