import { text, z } from './zod.js';

/**
 * A private calendar feed (the 'Синхронизация с календарём' switch): its address, shown once, since the server keeps
 * only a hash of its secret. `webcalUrl` is the same address for apps that subscribe on a `webcal://` link.
 */
export const calendarFeedSchema = z.object({ url: z.url(), webcalUrl: z.string() });
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;

/** The feed's file name, `{teamId}-{employeeId}-{secret}.ics`; any other shape answers 404, as a wrong secret does. */
export const calendarFeedParams = z.object({ file: text(200) });

export const CALENDAR_FEED_NOT_FOUND = 'Календарь не найден: ссылка неверна или синхронизация выключена';
