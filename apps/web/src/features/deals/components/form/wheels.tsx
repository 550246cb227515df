import { type WheelOption, WheelPicker } from '@/components/ui/wheel-picker';
import { monthNames } from '@/lib/format';
import { DATE_LIMITS, type DateParts, daysInMonth, padNumber, type TimeParts } from './date-parts';
import { formTexts } from './form-texts';

// The wheels of the date and time fields' sheets: loaded on the first tap of such a field, not with the form
// (./date-time-pickers.tsx keeps the fields and their sheets).

const range = (min: number, max: number, label: (n: number) => string = String): WheelOption[] =>
  Array.from({ length: max - min + 1 }, (_, i) => ({ value: min + i, label: label(min + i) }));

const MONTHS = monthNames.nominative.map((name, i) => ({ value: i + 1, label: name }));
const YEARS = range(DATE_LIMITS.year.min, DATE_LIMITS.year.max);
const HOURS = range(0, 23, (n) => padNumber(n));
const MINUTES = range(0, 59, (n) => padNumber(n));

export type Wheels<T> = { draft: T; change: (part: Partial<T>) => void };

/** Day, month, year (spec §5: day within the month, year 1995..2055). */
export function DateWheels({ draft, change }: Wheels<DateParts>) {
  return (
    <div className="grid grid-cols-[1fr_1.7fr_1.3fr] gap-2 px-5 py-2">
      <WheelPicker
        label={formTexts.day}
        options={range(DATE_LIMITS.day.min, daysInMonth(draft.year, draft.month), (n) => padNumber(n))}
        value={draft.day}
        onChange={(day) => change({ day })}
      />
      <WheelPicker
        label={formTexts.month}
        options={MONTHS}
        value={draft.month}
        onChange={(month) => change({ month })}
      />
      <WheelPicker
        label={formTexts.year}
        options={YEARS}
        value={draft.year}
        onChange={(year) => change({ year })}
      />
    </div>
  );
}

/** Hours and minutes; the arrow keys go round (spec §5 wraps). */
export function TimeWheels({ draft, change }: Wheels<TimeParts>) {
  return (
    <div className="mx-auto grid w-full max-w-64 grid-cols-2 gap-2 px-5 py-2">
      <WheelPicker
        label={formTexts.hours}
        options={HOURS}
        value={draft.hours}
        loop
        onChange={(hours) => change({ hours })}
      />
      <WheelPicker
        label={formTexts.minutes}
        options={MINUTES}
        value={draft.minutes}
        loop
        onChange={(minutes) => change({ minutes })}
      />
    </div>
  );
}
