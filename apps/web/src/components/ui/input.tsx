import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

const disabledLooks = {
  faded: 'disabled:cursor-not-allowed disabled:opacity-50',
  /** A field of the deal form: in view mode (inside a disabled fieldset) it reads like the pickers, not faded. */
  form: 'disabled:cursor-default disabled:border-transparent disabled:bg-muted/50 disabled:opacity-100 disabled:shadow-none',
};

export type InputProps = ComponentProps<'input'> & {
  disabledLook?: keyof typeof disabledLooks;
  /** False when `className` gives the width ('w-28'); the field fills its row otherwise. */
  fullWidth?: boolean;
};

/** A text field (shadcn's input), tall enough for a thumb; `aria-invalid` paints it red. */
export function Input({
  className,
  type = 'text',
  disabledLook = 'faded',
  fullWidth = true,
  ...props
}: InputProps) {
  return (
    <input
      data-slot="input"
      type={type}
      className={cn(
        'flex min-h-12 min-w-0 rounded-lg border border-input bg-card px-3 py-2 text-base text-foreground shadow-xs transition-colors',
        fullWidth && 'w-full',
        'placeholder:text-muted-foreground focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-ring/40 focus-visible:outline-offset-0',
        disabledLooks[disabledLook],
        'aria-invalid:border-destructive',
        className,
      )}
      {...props}
    />
  );
}

/** The unit shown at the end of a field ('руб'): inside a `relative` wrapper of an input that leaves it room (`pr-14`). */
export function InputUnit({ children }: { children: string }) {
  return (
    <span
      aria-hidden="true"
      className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-muted-foreground"
    >
      {children}
    </span>
  );
}
