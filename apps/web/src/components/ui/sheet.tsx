import { type ComponentProps, lazy, Suspense, useState } from 'react';
import { useBackCloses } from '@/lib/overlays';
import { cn } from '@/lib/utils';

// vaul, with Radix's dialog under it (about 20 KB gzipped), loads when a sheet first opens rather than with every
// screen that has one: the parts that need it come from ./sheet-drawer.tsx.
const drawer = () => import('./sheet-drawer');
const SheetRoot = lazy(() => drawer().then(({ SheetRoot }) => ({ default: SheetRoot })));
export const SheetClose = lazy(() => drawer().then(({ SheetClose }) => ({ default: SheetClose })));
export const SheetContent = lazy(() => drawer().then(({ SheetContent }) => ({ default: SheetContent })));
export const SheetTitle = lazy(() => drawer().then(({ SheetTitle }) => ({ default: SheetTitle })));
export const SheetDescription = lazy(() =>
  drawer().then(({ SheetDescription }) => ({ default: SheetDescription })),
);

/**
 * A bottom sheet (vaul): swipe down, tap outside, Escape or Back (lib/overlays.ts) to close. shadcn's "drawer".
 * Controlled by `open` and `onOpenChange`, with only the sheet's own parts inside: it renders nothing before it first
 * opens, so the button that opens it goes beside it, not in it.
 */
export function Sheet({ open, ...props }: ComponentProps<typeof SheetRoot>) {
  useBackCloses(open === true, () => props.onOpenChange?.(false));
  // Mounted from its first opening on, so that closing still slides it away.
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <SheetRoot open={open} {...props} />
    </Suspense>
  );
}

export function SheetHeader({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      data-slot="sheet-header"
      className={cn('flex flex-col gap-1.5 px-5 pt-3 pb-2', className)}
      {...props}
    />
  );
}

export function SheetFooter({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div data-slot="sheet-footer" className={cn('flex flex-col gap-2 px-5 pt-3', className)} {...props} />
  );
}
