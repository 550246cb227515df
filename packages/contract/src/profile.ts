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

/** Per-user settings: the notification toggles (spec §2.11), the sync switches and the team's time zone (decisions D5). */
export const userSettingsSchema = z.object({
  timeZone: z.string(),
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
  userSettingsSchema.extend({ timeZone: timeZoneField }).partial(),
).refine((value) => Object.values(value).some((given) => given !== undefined), 'Нечего сохранять');

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
