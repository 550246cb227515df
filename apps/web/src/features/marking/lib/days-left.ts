import { plural, pluralForm } from '@/lib/format';

// How near a month's marking deadline is, in words (issue 35): the month's screen and the dashboard's reminder.

/** '1 день', '2 дня', '5 дней' (lib/days' rule, not its module: that would move it into the shared first-load chunk). */
const daysText = (days: number) => plural(days, ['день', 'дня', 'дней']);

/** 'остался 1 день', 'осталось 2 дня', 'осталось 5 дней', 'срок сегодня'; for a deadline not yet passed. */
export const leftText = (daysLeft: number) =>
  daysLeft === 0
    ? 'срок сегодня'
    : `${pluralForm(daysLeft, ['остался', 'осталось', 'осталось'])} ${daysText(daysLeft)}`;

/**
 * 'Подать статистику и акты до 30.12.2026 — осталось 5 дней'; once it has passed, 'Срок прошёл 2 дня назад (30.12.2026)'
 * (`deadline` already written as dd.mm.yyyy).
 */
export const deadlineText = (deadline: string, daysLeft: number) =>
  daysLeft < 0
    ? `Срок прошёл ${daysText(-daysLeft)} назад (${deadline})`
    : `Подать статистику и акты до ${deadline} — ${leftText(daysLeft)}`;
