import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

/** A multi-line text field styled like the Input primitive; `aria-invalid` paints it red. */
export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return (
    <textarea
      data-slot="textarea"
      className={cn(
        'flex min-h-24 w-full min-w-0 resize-y rounded-lg border border-input bg-card px-3 py-2 text-base text-foreground shadow-xs transition-colors',
        'placeholder:text-muted-foreground focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-ring/40 focus-visible:outline-offset-0',
        'disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive',
        className,
      )}
      {...props}
    />
  );
}
