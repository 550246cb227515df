import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import {
  Sheet,
  SheetClose,
  SheetContent,
  SheetDescription,
  SheetFooter,
  SheetHeader,
  SheetTitle,
} from '@/components/ui/sheet';
import { errorMessage } from '@/lib/notify';

export type ConfirmSheetProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  /** The confirming button's text while the call runs ('Удаляем…'). */
  pendingLabel: string;
  pending: boolean;
  /** A failure of the call, shown in the sheet (nothing when null or undefined). */
  error: unknown;
  onConfirm: () => void;
  /** 'danger' (the default) for destructive actions; 'default' for harmless ones such as signing out. */
  confirmVariant?: 'danger' | 'default';
  /** The button that keeps things as they are ('Назад' unless told). */
  cancelLabel?: string;
};

/** A bottom sheet asking to confirm an action, with 'Назад' (or `cancelLabel`) to keep things as they are. */
export function ConfirmSheet({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  pendingLabel,
  pending,
  error,
  onConfirm,
  confirmVariant = 'danger',
  cancelLabel = 'Назад',
}: ConfirmSheetProps) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent>
        <SheetHeader>
          <SheetTitle>{title}</SheetTitle>
          <SheetDescription>{description}</SheetDescription>
        </SheetHeader>
        {error ? (
          <p role="alert" className="px-5 text-destructive text-sm">
            {errorMessage(error)}
          </p>
        ) : null}
        <SheetFooter>
          <Button size="lg" variant={confirmVariant} disabled={pending} onClick={onConfirm}>
            {pending ? pendingLabel : confirmLabel}
          </Button>
          <SheetClose asChild>
            <Button size="lg" variant="secondary">
              {cancelLabel}
            </Button>
          </SheetClose>
        </SheetFooter>
      </SheetContent>
    </Sheet>
  );
}
