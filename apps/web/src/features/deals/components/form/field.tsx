import { ChevronDown } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { cn } from '@/lib/utils';

export type FieldIds = {
  label: string;
  control: string;
  value: string;
  error: string;
  hint: string;
  /** The hint and the error, for the control's aria-describedby. */
  describedBy: string | undefined;
};

export type FieldProps = {
  label: ReactNode;
  hint?: ReactNode;
  /** Why the value is refused (the form's rule or the server's), under the control and read out with it. */
  error?: string | undefined;
  className?: string;
  children: (ids: FieldIds) => ReactNode;
};

/** A labelled control with its hint and error, as every field of the deal form is laid out. */
export function Field({ label, hint, error, className, children }: FieldProps) {
  const base = useId();
  const ids = {
    label: `${base}-label`,
    control: `${base}-control`,
    value: `${base}-value`,
    error: `${base}-error`,
    hint: `${base}-hint`,
  };
  const describedBy =
    [hint ? ids.hint : null, error ? ids.error : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('flex min-w-0 flex-col gap-2', className)}>
      <label id={ids.label} htmlFor={ids.control} className="font-medium">
        {label}
      </label>
      {children({ ...ids, describedBy })}
      {hint ? (
        <p id={ids.hint} className="text-muted-foreground text-sm">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={ids.error} role="alert" className="text-destructive text-sm">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A text field of the deal form: in view mode (inside a disabled fieldset) it reads like the pickers, not faded. */
export const formInputClass =
  'disabled:cursor-default disabled:border-transparent disabled:bg-muted/50 disabled:opacity-100 disabled:shadow-none';

export type PickerTriggerProps = {
  ids: FieldIds;
  expanded: boolean;
  onOpen: () => void;
  invalid?: boolean;
  /** What is chosen; the placeholder when nothing is. */
  children?: ReactNode;
  placeholder: string;
  /** Left of the value: the chosen channel's avatar, a calendar icon. */
  icon?: ReactNode;
  /** The chevron that says "opens a list"; the date and time fields go without it (their icon says enough). */
  chevron?: boolean;
};

/**
 * The button a picker sheet opens from. It looks like a text field and reads out its label and the chosen value
 * ('Наш канал Финансы для всех'). Inside a disabled fieldset (a deal in view mode) it shows the value only.
 */
export function PickerTrigger({
  ids,
  expanded,
  onOpen,
  invalid,
  children,
  placeholder,
  icon,
  chevron = true,
}: PickerTriggerProps) {
  const empty = children === undefined || children === null || children === '';
  return (
    <button
      type="button"
      id={ids.control}
      aria-haspopup="dialog"
      aria-expanded={expanded}
      aria-labelledby={`${ids.label} ${ids.value}`}
      aria-describedby={ids.describedBy}
      aria-invalid={invalid || undefined}
      onClick={onOpen}
      className={cn(
        'group flex min-h-12 w-full min-w-0 items-center gap-3 rounded-lg border border-input bg-card px-3 py-2 text-left text-base shadow-xs transition-colors',
        'hover:bg-accent focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-ring/40 focus-visible:outline-offset-0 aria-invalid:border-destructive',
        'disabled:cursor-default disabled:border-transparent disabled:bg-muted/50 disabled:shadow-none disabled:hover:bg-muted/50',
      )}
    >
      {icon}
      <span id={ids.value} className={cn('min-w-0 flex-1 truncate', empty && 'text-muted-foreground')}>
        {empty ? placeholder : children}
      </span>
      {chevron ? (
        <ChevronDown
          aria-hidden="true"
          className="size-5 shrink-0 text-muted-foreground group-disabled:hidden"
        />
      ) : null}
    </button>
  );
}
