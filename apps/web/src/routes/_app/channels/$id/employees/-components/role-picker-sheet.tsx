import type { ReferenceItem } from '@addesk/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetFooter,
  SheetHeader,
  SheetTitle,
} from '@/components/ui/sheet';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/notify';
import { cn } from '@/lib/utils';

export type RolePickerSheetProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  roles: UseQueryResult<ReferenceItem[]>;
  /** The role chosen so far (checked when the sheet opens). */
  value: number | null;
  onConfirm: (roleId: number) => void;
};

/**
 * The role picker of spec §2.10: 'Выберите роль сотруднику', a note that more roles can be added later in the
 * employee's profile, and 'Добавить роль', which confirms the choice and closes the sheet (spec §4).
 */
export function RolePickerSheet({ open, onOpenChange, roles, value, onConfirm }: RolePickerSheetProps) {
  const [choice, setChoice] = useState<number | null>(value);
  // Each opening starts from what the card holds.
  useEffect(() => {
    if (open) setChoice(value);
  }, [open, value]);

  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent>
        <SheetHeader>
          <SheetTitle>Выберите роль сотруднику</SheetTitle>
          <SheetDescription>Другие роли можно будет добавить позже в профиле сотрудника</SheetDescription>
        </SheetHeader>
        <div className="overflow-y-auto px-3">
          {roles.isPending ? <Spinner className="w-full py-8" /> : null}
          {roles.isError ? (
            <div className="flex flex-col items-center gap-3 px-2 py-6 text-center">
              <p role="alert">{errorMessage(roles.error)}</p>
              <Button variant="secondary" onClick={() => void roles.refetch()}>
                Повторить
              </Button>
            </div>
          ) : null}
          {roles.data ? (
            <fieldset>
              <legend className="sr-only">Роль</legend>
              <ul className="flex flex-col">
                {roles.data.map((role) => (
                  <li key={role.id}>
                    <label
                      className={cn(
                        'flex min-h-12 cursor-pointer items-center gap-3 rounded-lg px-3 py-2 hover:bg-accent',
                        choice === role.id && 'bg-accent font-semibold',
                      )}
                    >
                      <input
                        type="radio"
                        name="role"
                        value={role.id}
                        checked={choice === role.id}
                        onChange={() => setChoice(role.id)}
                        className="size-5 shrink-0 accent-primary"
                      />
                      <span className="min-w-0 flex-1">{role.name}</span>
                    </label>
                  </li>
                ))}
              </ul>
            </fieldset>
          ) : null}
        </div>
        <SheetFooter>
          <Button size="lg" disabled={choice === null} onClick={() => choice !== null && onConfirm(choice)}>
            Добавить роль
          </Button>
        </SheetFooter>
      </SheetContent>
    </Sheet>
  );
}
