import { CalendarDays, Clock } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetFooter,
  SheetHeader,
  SheetTitle,
} from '@/components/ui/sheet';
import { type WheelOption, WheelPicker } from '@/components/ui/wheel-picker';
import {
  clampDate,
  DATE_LIMITS,
  type DateParts,
  daysInMonth,
  formatDateParts,
  formatTimeParts,
  MONTH_NAMES,
  padNumber,
  type TimeParts,
  wrapTime,
} from './date-parts';
import { type FieldIds, PickerTrigger } from './field';
import { formTexts } from './form-texts';

const range = (min: number, max: number, label: (n: number) => string = String): WheelOption[] =>
  Array.from({ length: max - min + 1 }, (_, i) => ({ value: min + i, label: label(min + i) }));

const MONTHS = MONTH_NAMES.map((name, i) => ({ value: i + 1, label: name }));
const YEARS = range(DATE_LIMITS.year.min, DATE_LIMITS.year.max);
const HOURS = range(0, 23, (n) => padNumber(n));
const MINUTES = range(0, 59, (n) => padNumber(n));

type PickerProps<T> = {
  ids: FieldIds;
  /** The sheet's heading (the field's label). */
  title: string;
  value: T;
  onChange: (value: T) => void;
  onBlur?: () => void;
  invalid?: boolean;
};

/**
 * A day picked on three wheels (day, month, year) in a bottom sheet, applied with 'Готово'. The wheels keep the date
 * valid (spec §5 clamps: day 1..31 and within the month, month 1..12, year 1995..2055).
 */
export function DatePicker({ ids, title, value, onChange, onBlur, invalid }: PickerProps<DateParts>) {
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState(value);
  const days = range(DATE_LIMITS.day.min, daysInMonth(draft.year, draft.month), (n) => padNumber(n));
  const change = (part: Partial<DateParts>) => setDraft((current) => clampDate({ ...current, ...part }));

  const openSheet = () => {
    setDraft(clampDate(value));
    setOpen(true);
  };
  const close = () => {
    setOpen(false);
    onBlur?.();
  };

  return (
    <Sheet open={open} onOpenChange={(next) => (next ? openSheet() : close())}>
      <PickerTrigger
        ids={ids}
        expanded={open}
        onOpen={openSheet}
        invalid={invalid}
        placeholder=""
        chevron={false}
        icon={<CalendarDays aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />}
      >
        {formatDateParts(value)}
      </PickerTrigger>
      <SheetContent>
        <SheetHeader>
          <SheetTitle>{title}</SheetTitle>
          <SheetDescription>{formatDateParts(draft)}</SheetDescription>
        </SheetHeader>
        <div className="grid grid-cols-[1fr_1.7fr_1.3fr] gap-2 px-5 py-2">
          <WheelPicker
            label={formTexts.day}
            options={days}
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
        <SheetFooter>
          <Button
            size="lg"
            onClick={() => {
              onChange(clampDate(draft));
              close();
            }}
          >
            {formTexts.done}
          </Button>
        </SheetFooter>
      </SheetContent>
    </Sheet>
  );
}

/** A time picked on two wheels (hours, minutes) in a bottom sheet; the arrow keys go round (spec §5 wraps). */
export function TimePicker({ ids, title, value, onChange, onBlur, invalid }: PickerProps<TimeParts>) {
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState(value);
  const change = (part: Partial<TimeParts>) => setDraft((current) => wrapTime({ ...current, ...part }));

  const openSheet = () => {
    setDraft(wrapTime(value));
    setOpen(true);
  };
  const close = () => {
    setOpen(false);
    onBlur?.();
  };

  return (
    <Sheet open={open} onOpenChange={(next) => (next ? openSheet() : close())}>
      <PickerTrigger
        ids={ids}
        expanded={open}
        onOpen={openSheet}
        invalid={invalid}
        placeholder=""
        chevron={false}
        icon={<Clock aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />}
      >
        {formatTimeParts(value)}
      </PickerTrigger>
      <SheetContent>
        <SheetHeader>
          <SheetTitle>{title}</SheetTitle>
          <SheetDescription>{formatTimeParts(draft)} по Москве</SheetDescription>
        </SheetHeader>
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
        <SheetFooter>
          <Button
            size="lg"
            onClick={() => {
              onChange(wrapTime(draft));
              close();
            }}
          >
            {formTexts.done}
          </Button>
        </SheetFooter>
      </SheetContent>
    </Sheet>
  );
}
