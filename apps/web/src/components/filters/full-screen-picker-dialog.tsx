import { ChevronLeft } from 'lucide-react';
import { Dialog } from 'radix-ui';
import type { ReactNode } from 'react';

export type FullScreenPickerProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  children: ReactNode;
  /** The apply button ('Применить', 'Готово'), kept at the bottom within reach of the thumb. */
  footer: ReactNode;
};

/** The open picker of ./full-screen-picker.tsx. A Radix dialog: focus stays inside, Escape closes it. */
export function FullScreenPickerDialog({
  open,
  onOpenChange,
  title,
  children,
  footer,
}: FullScreenPickerProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-background" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-0 z-50 mx-auto flex w-full max-w-[480px] flex-col bg-background text-foreground outline-none"
        >
          <header className="flex min-h-14 shrink-0 items-center gap-1 border-b px-2 pt-safe-top">
            <Dialog.Close
              aria-label="Назад"
              className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg hover:bg-accent"
            >
              <ChevronLeft aria-hidden="true" className="size-6" />
            </Dialog.Close>
            <Dialog.Title className="min-w-0 flex-1 truncate font-semibold text-lg">{title}</Dialog.Title>
          </header>
          <div className="flex min-h-0 flex-1 flex-col overflow-y-auto overscroll-contain px-4 py-4">
            {children}
          </div>
          <div className="shrink-0 border-t px-4 pt-3 pb-[max(0.75rem,var(--spacing-safe-bottom))]">
            {footer}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
