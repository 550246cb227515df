import { formatMoney, wallClockParts } from '@addesk/contract';
import { dayOf, shiftDay, twoDigits } from '../../lib/dates.js';
import type { DueReminder } from './reminders.repository.js';

const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

const quoted = (name: string) => `«${escapeHtml(name)}»`;

/** 'Сегодня в 15:00', 'Завтра в 00:30' or '27.11.2026 в 15:00': the placement on the team's clock, seen from `now`. */
export function whenText(at: Date, now: Date, timeZone: string): string {
  const { year, month, day, hour, minute } = wallClockParts(at, timeZone);
  const time = `${twoDigits(hour)}:${twoDigits(minute)}`;
  const today = dayOf(now, timeZone);
  const placementDay = dayOf(at, timeZone);
  if (placementDay === today) return `Сегодня в ${time}`;
  if (placementDay === shiftDay(today, 1)) return `Завтра в ${time}`;
  return `${twoDigits(day)}.${twoDigits(month)}.${year} в ${time}`;
}

const details = (url: string) => `<a href="${escapeHtml(url)}">детали</a>`;

/**
 * Before a placement. A sale's post goes out in our channel; a purchase's advertises our channel in the seller's
 * (when the purchase names it).
 */
export function placementText(reminder: DueReminder, now: Date, url: string): string {
  const when = whenText(reminder.placementAt, now, reminder.timeZone);
  const what =
    reminder.dealKind === 'sale'
      ? `выходит реклама в ${quoted(reminder.channelName)} (продажа)`
      : `выходит реклама ${quoted(reminder.channelName)}${
          reminder.externalName ? ` в ${quoted(reminder.externalName)}` : ''
        } (закупка)`;
  return `${when} ${what} — ${details(url)}`;
}

/** On the morning a payment falls due: for a sale the advertiser owes us, for a purchase we owe the seller. */
export function paymentText(reminder: DueReminder, url: string): string {
  const owed = formatMoney(reminder.owed);
  const what =
    reminder.dealKind === 'sale'
      ? `продажа в ${quoted(reminder.channelName)}, рекламодатель должен ещё ${owed}`
      : `закупка ${
          reminder.externalName ? `в ${quoted(reminder.externalName)}` : `для ${quoted(reminder.channelName)}`
        }, продавцу осталось заплатить ${owed}`;
  return `Сегодня срок оплаты: ${what} — ${details(url)}`;
}

/**
 * A purchase's post was pushed out of the top before its agreed hours (when the newer post went out), or deleted before
 * its agreed time (when a reading found it gone).
 */
export function postBrokenText(
  reminder: DueReminder,
  event: 'post_displaced' | 'post_deleted',
  now: Date,
  url: string,
) {
  const where = reminder.externalName ? ` в ${quoted(reminder.externalName)}` : '';
  const when = whenText(reminder.dueAt, now, reminder.timeZone);
  const what = event === 'post_displaced' ? 'сдвинут из топа раньше срока' : 'удалён раньше срока';
  return `Пост закупки${where} ${what}: ${when[0]?.toLowerCase()}${when.slice(1)} — ${details(url)}`;
}
