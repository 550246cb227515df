import { type CalendarType, type DealKind, dealKinds, dealVocabulary } from '@addesk/contract/plain';
import { useMemo, useState } from 'react';
import { type DayMarks, PeriodPicker } from '@/components/ui/period-picker';
import { type Day, type DayRange, gridRange, monthOf } from '@/components/ui/period-picker-lib';
import { useCalendar } from '@/features/filters';
import { formatDay, plural } from '@/lib/format';
import { useScheduleDays } from '../api/get-schedule-days';
import { scheduleTexts } from '../lib/texts';

export type MonthViewProps = {
  /** The agenda's period: shown chosen on the grid. */
  range: { from: Day; to: Day };
  today: Day;
  kind: DealKind | undefined;
  /** One channel's counts (its page, or the channel filter); none: the team's, from its calendar roll-up. */
  channelId: number | undefined;
  /** A tapped day (or preset) opens the agenda of that period; clearing it, the default agenda. */
  onPick: (range: DayRange) => void;
};

/** The calendar entries a kind filter counts: its kind's, or both kinds' (not the tariff's end). */
const typesOf = (kind: DealKind | undefined): CalendarType[] =>
  (kind ? [kind] : dealKinds).map((k) => dealVocabulary[k].calendarType);

/**
 * The period picker's month grid with the number of placements on each day: the team's from GET /api/calendar, one
 * channel's from GET /api/schedule/days.
 */
export function MonthView({ range, today, kind, channelId, onPick }: MonthViewProps) {
  const [month, setMonth] = useState<Day>(() => monthOf(range.from));
  const grid = gridRange(month);
  const calendar = useCalendar(channelId === undefined ? grid : {});
  const channelDays = useScheduleDays(channelId === undefined ? undefined : { ...grid, channelId, kind });
  const counts = useMemo(() => {
    const days = new Map<Day, number>();
    const add = (day: Day, count: number) => days.set(day, (days.get(day) ?? 0) + count);
    for (const entry of channelDays.data ?? []) add(entry.day, entry.count);
    const types = typesOf(kind);
    for (const entry of calendar.data ?? []) {
      if (types.includes(entry.type)) add(formatDay(entry.dateTime), entry.count);
    }
    return days;
  }, [calendar.data, channelDays.data, kind]);

  const dayMarks = (day: Day): DayMarks | undefined => {
    const count = counts.get(day);
    if (!count) return undefined;
    return {
      label: plural(count, scheduleTexts.placements),
      content: (
        <span className="font-semibold text-[0.7rem] text-link tabular-nums leading-none">{count}</span>
      ),
    };
  };

  return (
    <PeriodPicker
      range={range}
      onRangeChange={onPick}
      month={month}
      onMonthChange={setMonth}
      today={today}
      dayMarks={dayMarks}
    >
      <p className="text-muted-foreground text-sm">{scheduleTexts.monthHint}</p>
    </PeriodPicker>
  );
}
