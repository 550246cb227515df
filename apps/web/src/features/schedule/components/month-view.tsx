import type { CalendarType, DealKind } from '@addesk/contract';
import { useMemo, useState } from 'react';
import { type DayMarks, PeriodPicker } from '@/components/ui/period-picker';
import { type Day, type DayRange, gridRange, monthOf } from '@/components/ui/period-picker-lib';
import { useCalendar } from '@/features/deals/api/get-calendar';
import { formatDay, plural } from '@/lib/format';
import { scheduleTexts } from '../lib/texts';

export type MonthViewProps = {
  /** The agenda's period: shown chosen on the grid. */
  range: { from: Day; to: Day };
  today: Day;
  kind: DealKind | undefined;
  /** On a channel's page: the counts are the team's (the calendar does not split by channel), and it says so. */
  channelFixed: boolean;
  /** A tapped day (or preset) opens the agenda of that period; clearing it, the default agenda. */
  onPick: (range: DayRange) => void;
};

const typesOf: Record<DealKind | 'all', CalendarType[]> = {
  all: ['SALE', 'PURCHASE'],
  sale: ['SALE'],
  purchase: ['PURCHASE'],
};

/** The period picker's month grid with the number of placements on each day (GET /api/calendar). */
export function MonthView({ range, today, kind, channelFixed, onPick }: MonthViewProps) {
  const [month, setMonth] = useState<Day>(() => monthOf(range.from));
  const calendar = useCalendar(gridRange(month));
  const counts = useMemo(() => {
    const types = typesOf[kind ?? 'all'];
    const days = new Map<Day, number>();
    for (const entry of calendar.data ?? []) {
      if (!types.includes(entry.type)) continue;
      const day = formatDay(entry.dateTime);
      days.set(day, (days.get(day) ?? 0) + entry.count);
    }
    return days;
  }, [calendar.data, kind]);

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
      <p className="text-muted-foreground text-sm">
        {scheduleTexts.monthHint}
        {channelFixed ? ` ${scheduleTexts.monthChannelHint}` : ''}
      </p>
    </PeriodPicker>
  );
}
