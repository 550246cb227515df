import { type ReactNode, useId } from 'react';
import { cn } from '@/lib/utils';

/** The ids that tie a field's label, control, shown value, hint and error together. */
export type FieldIds = {
  label: string;
  control: string;
  /** The chosen value's element of a picker trigger, read out after the label. */
  value: string;
  hint: string;
  error: string;
  /** The hint and the error, for the control's aria-describedby. */
  describedBy: string | undefined;
};

export type FormFieldProps = {
  label: ReactNode;
  /** A short explanation under the control. */
  hint?: ReactNode;
  /** Why the value is refused (the form's rule or the server's), under the control and read out with it. */
  error?: string | undefined;
  /** 'optional' adds '(необязательно)' to the label. */
  optional?: boolean;
  className?: string;
  /** The control, given the ids to wire its label, hint and error to. */
  children: (ids: FieldIds) => ReactNode;
};

/** A labelled control with its hint and its error (`aria-describedby`), as every form of the app lays them out. */
export function FormField({ label, hint, error, optional, className, children }: FormFieldProps) {
  const base = useId();
  const ids = {
    label: `${base}-label`,
    control: `${base}-control`,
    value: `${base}-value`,
    hint: `${base}-hint`,
    error: `${base}-error`,
  };
  const describedBy =
    [hint ? ids.hint : null, error ? ids.error : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('flex min-w-0 flex-col gap-2', className)}>
      <label id={ids.label} htmlFor={ids.control} className="font-medium">
        {label}
        {optional ? <span className="font-normal text-muted-foreground"> (необязательно)</span> : null}
      </label>
      {children({ ...ids, describedBy })}
      {hint ? (
        <p id={ids.hint} className="text-muted-foreground text-sm">
          {hint}
        </p>
      ) : null}
      <FieldError id={ids.error} message={error} />
    </div>
  );
}

/** The message of a broken rule under a field (nothing when there is none). */
export function FieldError({ id, message }: { id?: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="text-destructive text-sm">
      {message}
    </p>
  );
}
