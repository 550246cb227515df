import type { ComponentProps } from 'react';
import { Drawer } from 'vaul';
import { cn } from '@/lib/utils';

// The parts of ./sheet.tsx that need vaul, loaded with the first sheet that opens.

export function SheetRoot(props: ComponentProps<typeof Drawer.Root>) {
  return <Drawer.Root data-slot="sheet" {...props} />;
}

export const SheetClose = Drawer.Close;

export function SheetContent({ className, children, ...props }: ComponentProps<typeof Drawer.Content>) {
  return (
    <Drawer.Portal>
      <Drawer.Overlay className="fixed inset-0 z-50 bg-overlay" />
      <Drawer.Content
        data-slot="sheet-content"
        className={cn(
          'fixed inset-x-0 bottom-0 z-50 mx-auto flex max-h-[90dvh] w-full max-w-[480px] flex-col rounded-t-2xl border-t bg-card text-card-foreground outline-none',
          'pb-[max(1rem,var(--spacing-safe-bottom))]',
          className,
        )}
        {...props}
      >
        <div
          aria-hidden="true"
          className="mx-auto mt-3 mb-1 h-1.5 w-12 shrink-0 rounded-full bg-muted-foreground/40"
        />
        {children}
      </Drawer.Content>
    </Drawer.Portal>
  );
}

export function SheetTitle({ className, ...props }: ComponentProps<typeof Drawer.Title>) {
  return <Drawer.Title className={cn('font-semibold text-lg leading-snug', className)} {...props} />;
}

export function SheetDescription({ className, ...props }: ComponentProps<typeof Drawer.Description>) {
  return <Drawer.Description className={cn('text-muted-foreground text-sm', className)} {...props} />;
}
