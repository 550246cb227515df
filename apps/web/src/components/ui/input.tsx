import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

/** A text field (shadcn's input), tall enough for a thumb; `aria-invalid` paints it red. */
export function Input({ className, type = 'text', ...props }: ComponentProps<'input'>) {
  return (
    <input
      data-slot="input"
      type={type}
      className={cn(
        'flex min-h-12 w-full min-w-0 rounded-lg border border-input bg-card px-3 py-2 text-base text-foreground shadow-xs transition-colors',
        'placeholder:text-muted-foreground focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-ring/40 focus-visible:outline-offset-0',
        'disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive',
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
