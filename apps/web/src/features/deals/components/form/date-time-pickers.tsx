import { CalendarDays, Clock } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';
import type { FieldIds } from '@/components/ui/form-field';
import { PickerTrigger } from '@/components/ui/picker-trigger';
import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetFooter,
  SheetHeader,
  SheetTitle,
} from '@/components/ui/sheet';
import {
  clampDate,
  type DateParts,
  formatDateParts,
  formatTimeParts,
  type TimeParts,
  wrapTime,
} from './date-parts';
import { formTexts } from './form-texts';

// The wheels load on the first tap of a date or time field: the form's first load carries the fields alone (the date
// wheels are shared with the payroll's payout sheet, and a shared part is a file of its own).
const DateWheels = lazy(() => import('./wheels').then(({ DateWheels }) => ({ default: DateWheels })));
const TimeWheels = lazy(() => import('./wheels').then(({ TimeWheels }) => ({ default: TimeWheels })));

type PickerProps<T> = {
  ids: FieldIds;
  /** The sheet's heading (the field's label). */
  title: string;
  value: T;
  onChange: (value: T) => void;
  onBlur?: () => void;
  invalid?: boolean;
};

type OptionalPickerProps<T> = Omit<PickerProps<T>, 'value'> & {
  value: T | null;
  initial: () => T;
  onClear: () => void;
  placeholder: string;
};

type WheelSheetPickerProps<T> = Omit<PickerProps<T>, 'value'> & {
  /** null: nothing chosen yet (an optional field); the wheels start from `initial`. */
  value: T | null;
  initial?: () => T;
  /** An optional field's way back to nothing: a 'Убрать' button in the sheet while there is a value. */
  onClear?: () => void;
  placeholder?: string;
  /** Keeps a value valid (clamped or wrapped), applied to every change of the wheels. */
  normalize: (value: T) => T;
  /** The value as the field and the sheet's description show it. */
  format: (value: T) => string;
  /** After the value in the field and the sheet's description: the team zone's short name ('МСК'), or nothing. */
  suffix?: string;
  icon: ReactNode;
  wheels: (draft: T, change: (part: Partial<T>) => void) => ReactNode;
};

/**
 * A value picked on wheels in a bottom sheet and applied with 'Готово': the wheels edit a draft, started from the
 * field's value at each opening; closing without 'Готово' keeps the value.
 */
function WheelSheetPicker<T>({
  ids,
  title,
  value,
  initial,
  onClear,
  placeholder = '',
  onChange,
  onBlur,
  invalid,
  normalize,
  format,
  suffix = '',
  icon,
  wheels,
}: WheelSheetPickerProps<T>) {
  const start = () => normalize((value ?? initial?.()) as T);
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState(start);
  const change = (part: Partial<T>) => setDraft((current) => normalize({ ...current, ...part }));

  const openSheet = () => {
    setDraft(start());
    setOpen(true);
  };
  const close = () => {
    setOpen(false);
    onBlur?.();
  };

  return (
    <>
      <PickerTrigger
        ids={ids}
        expanded={open}
        onOpen={openSheet}
        invalid={invalid}
        placeholder={placeholder}
        chevron={false}
        icon={icon}
      >
        {value === null ? null : `${format(value)}${suffix}`}
      </PickerTrigger>
      <Sheet open={open} onOpenChange={(next) => (next ? openSheet() : close())}>
        <SheetContent>
          <SheetHeader>
            <SheetTitle>{title}</SheetTitle>
            <SheetDescription>
              {format(draft)}
              {suffix}
            </SheetDescription>
          </SheetHeader>
          {/* The wheels' own height while they load: the sheet does not jump. */}
          <Suspense fallback={<div className="h-59" />}>{wheels(draft, change)}</Suspense>
          <SheetFooter>
            <Button
              size="lg"
              onClick={() => {
                onChange(normalize(draft));
                close();
              }}
            >
              {formTexts.done}
            </Button>
            {onClear && value !== null ? (
              <Button
                size="lg"
                variant="secondary"
                onClick={() => {
                  onClear();
                  close();
                }}
              >
                {formTexts.clear}
              </Button>
            ) : null}
          </SheetFooter>
        </SheetContent>
      </Sheet>
    </>
  );
}

/**
 * A day picked on three wheels (day, month, year) in a bottom sheet, applied with 'Готово'. The wheels keep the date
 * valid (spec §5 clamps: day 1..31 and within the month, month 1..12, year 1995..2055). An optional day (`value`
 * null while none is set, `onClear` to remove it) shows `placeholder` and opens at `initial`.
 */
export function DatePicker(props: PickerProps<DateParts> | OptionalPickerProps<DateParts>) {
  return (
    <WheelSheetPicker<DateParts>
      {...props}
      normalize={clampDate}
      format={formatDateParts}
      icon={<CalendarDays aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />}
      wheels={(draft, change) => <DateWheels draft={draft} change={change} />}
    />
  );
}

/**
 * A time picked on two wheels (hours, minutes) in a bottom sheet; the arrow keys go round (spec §5 wraps). The time is
 * on the team's clock; `zone` is its short name where the device's clock differs ('МСК'), else empty (decisions D5).
 */
export function TimePicker({ zone, ...props }: PickerProps<TimeParts> & { zone: string }) {
  return (
    <WheelSheetPicker
      {...props}
      normalize={wrapTime}
      format={formatTimeParts}
      suffix={zone && `\u00a0${zone}`}
      icon={<Clock aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />}
      wheels={(draft, change) => <TimeWheels draft={draft} change={change} />}
    />
  );
}
