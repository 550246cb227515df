import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

/** The main action of a list screen, kept at the bottom within reach of the thumb however long the list is. */
export function BottomBar({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      data-slot="bottom-bar"
      className={cn(
        'sticky bottom-0 z-20 flex flex-col gap-2 border-t bg-background/95 px-4 pt-3 pb-[max(0.75rem,var(--spacing-safe-bottom))] backdrop-blur supports-[backdrop-filter]:bg-background/80',
        className,
      )}
      {...props}
    />
  );
}
