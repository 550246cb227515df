import { isKnownTimeZone } from './plain/time-zones.js';
import { nullMeansAbsent, requiredText, text, versionField, z } from './zod.js';

/** An IANA zone name the server knows (decisions D5). */
export const timeZoneField = text(64).refine(isKnownTimeZone, 'Неизвестный часовой пояс');

/** The browser's zone a sign-in link carries (`tz=`): a new team takes it; a zone the server does not know is dropped. */
export const signInTimeZone = timeZoneField.optional().catch(undefined);

/** Editing one's own name (profile) or a team member's (team): trimmed, non-empty, bounded. */
export const employeeNameUpdateSchema = nullMeansAbsent(
  z.object({
    firstName: requiredText(60),
    secondName: text(60).default(''),
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

/**
 * Per-user settings: the notification toggles (spec §2.11) and the sync switches; with them the team's settings, which
 * only the master changes: its time zone (decisions D5) and the minimum gap between two sales on one channel.
 * `isMaster` says whether the caller is the team's master, so a screen shows the team's settings read-only to others.
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
});
export type UserSettings = z.infer<typeof userSettingsSchema>;

export const userSettingsUpdateSchema = nullMeansAbsent(
  userSettingsSchema
    .omit({ isMaster: true })
    .extend({ timeZone: timeZoneField, minGapMinutes: minGapMinutesField })
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

export const referralCode = text(16)
  .regex(/^[a-z0-9]{6,16}$/i)
  .optional()
  .catch(undefined);

export const supportSchema = z.object({ url: z.url() });
