import { type CalendarType, calendarTypeNames, calendarTypes } from '@addesk/contract';
import { ArrowDownLeft, ArrowUpRight, CalendarX2, type LucideIcon } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { type DayMarks, PeriodPicker } from '@/components/ui/period-picker';
import {
  type Day,
  type DayRange,
  gridRange,
  monthOf,
  parsePeriod,
  periodLabel,
  periodValue,
  todayDay,
} from '@/components/ui/period-picker-lib';
import { formatDay } from '@/lib/format';
import { errorMessage } from '@/lib/notify';
import { cn } from '@/lib/utils';
import { useCalendar } from '../api/get-calendar';
import { calendarTexts } from '../lib/texts';
import { FilterChip } from './filter-chip';
import { FullScreenPicker } from './full-screen-picker';

/** How each kind of calendar event looks on a day (labels: decisions D2). */
export const calendarTypeIcons: Record<CalendarType, { icon: LucideIcon; className: string }> = {
  SALE: { icon: ArrowUpRight, className: 'text-emerald-600 dark:text-emerald-400' },
  PURCHASE: { icon: ArrowDownLeft, className: 'text-sky-600 dark:text-sky-400' },
  SUBSCRIPTION_EXPIRED: { icon: CalendarX2, className: 'text-amber-600 dark:text-amber-400' },
};

export type PeriodFilterProps = {
  /** '=bt=(yyyy-MM-dd,yyyy-MM-dd)', or undefined for all time. */
  value: string | undefined;
  onApply: (value: string | undefined) => void;
  /** A line under the calendar: what the period filters by. */
  hint?: string;
};

/**
 * The 'Период' chip and its full-screen period picker (spec §2.7) with the placements of sales and purchases and the
 * end of the tariff marked on the days (GET /api/calendar for exactly the days on screen).
 */
export function PeriodFilter({ value, onApply, hint }: PeriodFilterProps) {
  const [open, setOpen] = useState(false);
  const today = todayDay();
  return (
    <>
      <FilterChip
        name={calendarTexts.filterPeriod}
        value={periodLabel(value, today)}
        active={value !== undefined}
        aria-expanded={open}
        onClick={() => setOpen(true)}
      />
      {open ? (
        <PeriodDialog
          value={value}
          today={today}
          hint={hint}
          onClose={() => setOpen(false)}
          onApply={(next) => {
            onApply(next);
            setOpen(false);
          }}
        />
      ) : null}
    </>
  );
}

type PeriodDialogProps = {
  value: string | undefined;
  today: Day;
  hint: string | undefined;
  onClose: () => void;
  onApply: (value: string | undefined) => void;
};

function PeriodDialog({ value, today, hint, onClose, onApply }: PeriodDialogProps) {
  const [draft, setDraft] = useState<DayRange>(() => parsePeriod(value));
  const [month, setMonth] = useState<Day>(() => monthOf(draft.to ?? draft.from ?? today));
  const typesId = useId();
  const [shownTypes, setShownTypes] = useState<ReadonlySet<CalendarType>>(() => new Set(calendarTypes));
  const next = periodValue(draft);
  const changed = next !== value;

  const calendar = useCalendar(gridRange(month));
  const byDay = useMemo(() => {
    const days = new Map<Day, Map<CalendarType, number>>();
    for (const entry of calendar.data ?? []) {
      const day = formatDay(entry.dateTime);
      const types = days.get(day) ?? new Map<CalendarType, number>();
      types.set(entry.type, (types.get(entry.type) ?? 0) + entry.count);
      days.set(day, types);
    }
    return days;
  }, [calendar.data]);

  const dayMarks = (day: Day): DayMarks | undefined => {
    const types = byDay.get(day);
    if (!types) return undefined;
    const shown = calendarTypes.filter((type) => shownTypes.has(type) && types.has(type));
    if (shown.length === 0) return undefined;
    return {
      label: shown.map((type) => `${calendarTypeNames[type]}: ${types.get(type)}`).join(', '),
      content: shown.map((type) => {
        const { icon: Icon, className } = calendarTypeIcons[type];
        return <Icon key={type} data-type={type} className={cn('size-3.5', className)} strokeWidth={2.5} />;
      }),
    };
  };

  const toggleType = (type: CalendarType) =>
    setShownTypes((types) => {
      const nextTypes = new Set(types);
      if (nextTypes.has(type)) nextTypes.delete(type);
      else nextTypes.add(type);
      return nextTypes;
    });

  return (
    <FullScreenPicker
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={calendarTexts.filterPeriod}
      footer={
        <Button size="lg" disabled={!changed} onClick={() => onApply(next)}>
          {calendarTexts.done}
        </Button>
      }
    >
      <PeriodPicker
        range={draft}
        onRangeChange={setDraft}
        month={month}
        onMonthChange={setMonth}
        today={today}
        dayMarks={dayMarks}
      >
        <section aria-labelledby={typesId} className="flex flex-col gap-2">
          <h3 id={typesId} className="font-medium text-muted-foreground text-sm">
            {calendarTexts.calendarTypes}
          </h3>
          <ul className="flex flex-wrap gap-2">
            {calendarTypes.map((type) => {
              const { icon: Icon, className } = calendarTypeIcons[type];
              const pressed = shownTypes.has(type);
              return (
                <li key={type}>
                  <button
                    type="button"
                    aria-pressed={pressed}
                    onClick={() => toggleType(type)}
                    className={cn(
                      'inline-flex min-h-11 items-center gap-1.5 rounded-full border px-3.5 text-sm transition-colors',
                      pressed ? 'border-primary bg-primary/15' : 'bg-card text-muted-foreground',
                    )}
                  >
                    <Icon aria-hidden="true" className={cn('size-4', className)} strokeWidth={2.5} />
                    {calendarTypeNames[type]}
                  </button>
                </li>
              );
            })}
          </ul>
          {calendar.isError ? (
            <div className="flex items-center gap-2">
              <p role="alert" className="min-w-0 flex-1 text-destructive text-sm">
                {errorMessage(calendar.error)}
              </p>
              <Button variant="secondary" size="sm" onClick={() => void calendar.refetch()}>
                {calendarTexts.retry}
              </Button>
            </div>
          ) : null}
          {hint ? <p className="text-muted-foreground text-sm">{hint}</p> : null}
        </section>
      </PeriodPicker>
    </FullScreenPicker>
  );
}
