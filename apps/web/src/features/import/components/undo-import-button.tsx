import type { DealKind } from '@addesk/contract/plain';
import { useState } from 'react';
import { Button, type ButtonProps } from '@/components/ui/button';
import { ConfirmSheet } from '@/components/ui/confirm-sheet';
import { notifySuccess } from '@/lib/notify';
import { useUndoImport } from '../api/undo-import';
import { importTexts as t } from '../lib/import-texts';

export type UndoImportButtonProps = {
  kind: DealKind;
  id: number;
  /** The deals it made: what the question says will be deleted. */
  created: number;
  /** Tells which import the button undoes where several are listed ('Отменить импорт: sales.csv'). */
  name?: string;
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
  className?: string;
};

/** 'Отменить импорт', asked again in a sheet: the import's deals go to the bin, restorable for 30 days. */
export function UndoImportButton({
  kind,
  id,
  created,
  name,
  variant = 'destructive',
  size,
  className,
}: UndoImportButtonProps) {
  const [open, setOpen] = useState(false);
  const undo = useUndoImport(kind, id);
  return (
    <>
      <Button
        variant={variant}
        size={size}
        className={className}
        aria-label={name ? `${t.undo}: ${name}` : undefined}
        onClick={() => {
          undo.reset();
          setOpen(true);
        }}
      >
        {t.undo}
      </Button>
      <ConfirmSheet
        open={open}
        onOpenChange={setOpen}
        title={t.undoQuestion}
        description={t.undoHint(kind, created)}
        confirmLabel={t.undo}
        pendingLabel={t.undoing}
        cancelLabel={t.keep}
        pending={undo.isPending}
        error={undo.error}
        onConfirm={() =>
          undo.mutate(undefined, {
            onSuccess: ({ removed }) => {
              setOpen(false);
              notifySuccess(t.undoneToast(kind, removed));
            },
          })
        }
      />
    </>
  );
}
