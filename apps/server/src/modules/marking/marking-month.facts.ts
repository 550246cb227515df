import { markingDeadline } from '@addesk/contract';
import { shiftDay } from '../../lib/dates.js';
import { plural } from '../../lib/plural.js';

// The month's deadline as the team's calendar sees it (issue 35): pure, from the team's today (lib/dates `dayOf` of the
// server's clock in the team's zone), for the month's screen, the dashboard and the bot alike.

/** How many days before a month's deadline the dashboard warns, and the bot reminds on each of these days. */
export const DUE_WITHIN_DAYS = 5;
export const REMINDER_DAYS = [5, 1] as const;
export type ReminderDay = (typeof REMINDER_DAYS)[number];

/** Calendar days from `from` to `to` (both yyyy-mm-dd); negative when `to` is earlier. */
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** The month (yyyy-mm) a day falls in. */
const monthOfDay = (day: string) => day.slice(0, 7);

/**
 * The month whose deadline is nearest ahead within `withinDays` of `today` (the deadline day itself included), with
 * its deadline and days left; null when none is. A deadline is the month's end + 30 days, so the month ended 25 to 30
 * days before `today` at most: the months of those days are the only candidates.
 */
export function dueMonth(today: string, withinDays = DUE_WITHIN_DAYS) {
  const candidates = new Set<string>();
  for (let back = 0; back <= 31 + withinDays; back += 1) candidates.add(monthOfDay(shiftDay(today, -back)));
  const due = [...candidates]
    .map((month) => {
      const deadline = markingDeadline(month);
      return { month, deadline, daysLeft: daysBetween(today, deadline) };
    })
    .filter(({ daysLeft }) => daysLeft >= 0 && daysLeft <= withinDays)
    .sort((a, b) => a.daysLeft - b.daysLeft);
  return due[0] ?? null;
}

/** The month due exactly `days` from `today` (a reminder's day), or null. */
export function monthDueIn(today: string, days: number) {
  const due = dueMonth(today, days);
  return due?.daysLeft === days ? due : null;
}

const MONTH_NAMES = [
  'январь',
  'февраль',
  'март',
  'апрель',
  'май',
  'июнь',
  'июль',
  'август',
  'сентябрь',
  'октябрь',
  'ноябрь',
  'декабрь',
] as const;

/** 'ноябрь' for 2026-11. */
export const monthName = (month: string) => MONTH_NAMES[Number(month.slice(5, 7)) - 1] ?? month;

/** 30.12.2026 for 2026-12-30. */
export const ruDate = (day: string) => `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)}`;

/**
 * The bot's reminder to the owner: 'Маркировка за ноябрь: до 30.12.2026 осталось 5 дней, не хватает данных по 3
 * сделкам — /marking' (the link to the month's screen in place of '/marking').
 */
export function reminderText(
  due: { month: string; deadline: string; daysLeft: number; withMissing: number },
  link: string,
) {
  const left = plural(due.daysLeft, ['остался', 'осталось', 'осталось']);
  const days = plural(due.daysLeft, ['день', 'дня', 'дней']);
  const deals = plural(due.withMissing, ['сделке', 'сделкам', 'сделкам']);
  return (
    `Маркировка за ${monthName(due.month)}: до ${ruDate(due.deadline)} ${left} ${due.daysLeft} ${days}, ` +
    `не хватает данных по ${due.withMissing} ${deals} — ${link}`
  );
}
