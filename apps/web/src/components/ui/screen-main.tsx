import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

/**
 * The body of a screen: a full-height column that keeps its last control above the phone's home indicator. Screens
 * add their own gap and padding; the bottom safe-area padding is applied last so a `py-*` cannot cancel it.
 */
export function ScreenMain({ className, ...props }: ComponentProps<'main'>) {
  return (
    <main
      className={cn('flex flex-1 flex-col', className, 'pb-[max(1.5rem,var(--spacing-safe-bottom))]')}
      {...props}
    />
  );
}
