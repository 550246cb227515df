import { type ReactNode, useState } from 'react';
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
import { FilterChip } from './filter-chip';
import { FullScreenPicker } from './full-screen-picker';

const texts = { name: 'Период', done: 'Готово' } as const;

/** What the days on screen carry (icons, a label for screen readers), and what goes under the calendar. */
export type PeriodMarks = {
  dayMarks?: ((day: Day) => DayMarks | undefined) | undefined;
  below?: ReactNode;
};

export type PeriodFilterProps = {
  /** '=bt=(yyyy-MM-dd,yyyy-MM-dd)', or undefined for all time. */
  value: string | undefined;
  onApply: (value: string | undefined) => void;
  /** A line under the calendar: what the period filters by. */
  hint?: string | undefined;
  /**
   * A hook (declared once, at a module's top level) of the open picker: the marks of the days of the grid on screen (both ends included). Called on every
   * render of the picker, so it may keep state (what it shows) and fetch (the days on screen).
   */
  useMarks?: (grid: { from: Day; to: Day }) => PeriodMarks;
};

const noMarks = (): PeriodMarks => ({});

/**
 * The 'Период' chip and its full-screen period picker (spec §2.7): 'Готово' applies a changed period, the back arrow
 * leaves it as it was.
 */
export function PeriodFilter({ value, onApply, hint, useMarks = noMarks }: PeriodFilterProps) {
  const [open, setOpen] = useState(false);
  const today = todayDay();
  return (
    <>
      <FilterChip
        name={texts.name}
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
          useMarks={useMarks}
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
  useMarks: (grid: { from: Day; to: Day }) => PeriodMarks;
  onClose: () => void;
  onApply: (value: string | undefined) => void;
};

function PeriodDialog({ value, today, hint, useMarks, onClose, onApply }: PeriodDialogProps) {
  const [draft, setDraft] = useState<DayRange>(() => parsePeriod(value));
  const [month, setMonth] = useState<Day>(() => monthOf(draft.to ?? draft.from ?? today));
  const next = periodValue(draft);
  const marks = useMarks(gridRange(month));

  return (
    <FullScreenPicker
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={texts.name}
      footer={
        <Button size="lg" disabled={next === value} onClick={() => onApply(next)}>
          {texts.done}
        </Button>
      }
    >
      <PeriodPicker
        range={draft}
        onRangeChange={setDraft}
        month={month}
        onMonthChange={setMonth}
        today={today}
        dayMarks={marks.dayMarks}
      >
        {marks.below || hint ? (
          <div className="flex flex-col gap-2">
            {marks.below}
            {hint ? <p className="text-muted-foreground text-sm">{hint}</p> : null}
          </div>
        ) : null}
      </PeriodPicker>
    </FullScreenPicker>
  );
}
