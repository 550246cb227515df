import type { ScheduleItem } from '@addesk/contract';
import { type Day, shiftDay } from '@/components/ui/period-picker-lib';
import { formatCalendarDay, formatDay, formatShortDateTime, plural } from '@/lib/format';
import { scheduleTexts, weekdays } from './texts';

export type AgendaDay = { day: Day; title: string; items: ScheduleItem[] };

/** 'Сегодня', 'Завтра', then '26.11.2026, четверг': a day of the team's zone as the agenda heads it. */
export function dayHeading(day: Day, today: Day): string {
  if (day === today) return scheduleTexts.today;
  if (day === shiftDay(today, 1)) return scheduleTexts.tomorrow;
  const weekday = weekdays[(new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7] ?? '';
  return `${formatCalendarDay(day)}, ${weekday}`;
}

/** The placements by day of the team's zone, in the order they came (the server's: earliest first). */
export function groupByDay(items: readonly ScheduleItem[], today: Day): AgendaDay[] {
  const days: AgendaDay[] = [];
  for (const item of items) {
    const day = formatDay(item.placementStart);
    const last = days.at(-1);
    if (last?.day === day) last.items.push(item);
    else days.push({ day, title: dayHeading(day, today), items: [item] });
  }
  return days;
}

const HOUR_MS = 3_600_000;

/** '1 час в топе', '3 часа в топе' or 'без топа'. */
export function topText(item: Pick<ScheduleItem, 'placementStart' | 'topUntil'>): string {
  const hours = Math.round((Date.parse(item.topUntil) - Date.parse(item.placementStart)) / HOUR_MS);
  return hours > 0 ? `${plural(hours, scheduleTexts.hours)} ${scheduleTexts.inTop}` : scheduleTexts.noTop;
}

/** 'удалить 12.03, 15:30' or 'без удаления'. */
export function removalText(item: Pick<ScheduleItem, 'removeAt'>): string {
  return item.removeAt
    ? `${scheduleTexts.removeAt} ${formatShortDateTime(item.removeAt)}`
    : scheduleTexts.noRemoval;
}
