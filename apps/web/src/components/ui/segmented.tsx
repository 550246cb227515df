import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

export type SegmentedProps<T extends string> = {
  label: string;
  options: ReadonlyArray<{ value: T; label: string }>;
  value: T;
  onChange: (value: T) => void;
  /** The label above the buttons (a form's field); by default it is for screen readers only (a screen's switch). */
  showLabel?: boolean;
};

/** A row of mutually exclusive buttons (Все / Продажи / Закупки; Мы / Контрагент / …): the pressed one is the choice. */
export function Segmented<T extends string>({
  label,
  options,
  value,
  onChange,
  showLabel = false,
}: SegmentedProps<T>) {
  const buttons: ReactNode = options.map((option) => (
    <button
      key={option.value}
      type="button"
      aria-pressed={option.value === value}
      onClick={() => onChange(option.value)}
      className={cn(
        'min-h-11 flex-1 rounded-md px-2 font-medium text-sm transition-colors',
        option.value === value ? 'bg-background text-foreground shadow-sm' : 'text-muted-foreground',
      )}
    >
      {option.label}
    </button>
  ));
  return showLabel ? (
    <fieldset className="flex min-w-0 flex-col gap-2">
      <legend className="mb-2 font-medium">{label}</legend>
      <div className="flex rounded-lg bg-muted p-1">{buttons}</div>
    </fieldset>
  ) : (
    <fieldset className="flex min-w-0 rounded-lg bg-muted p-1">
      <legend className="sr-only">{label}</legend>
      {buttons}
    </fieldset>
  );
}
