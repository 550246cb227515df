import type { EmployeeDetail } from '@addesk/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Sheet, SheetContent, SheetFooter, SheetHeader, SheetTitle } from '@/components/ui/sheet';
import { useRenameEmployee } from '@/features/employees/api/rename-employee';
import {
  type EmployeeNameForm,
  type EmployeeNameFormValues,
  employeeNameFormSchema,
} from '@/features/employees/lib/employee-forms';
import { isApiError } from '@/lib/api-client';
import { setServerFieldErrors } from '@/lib/form-errors';
import { errorMessage, notifySuccess } from '@/lib/notify';

/** The server names the body's fields as the form does. */
const formFieldOf: Record<string, keyof EmployeeNameFormValues> = {
  firstName: 'firstName',
  secondName: 'secondName',
};

/**
 * 'Изменить имя' in a bottom sheet. Saving sends the version the page read; when someone changed the name meanwhile
 * (409) the fresh name replaces the form and the server's message says so.
 */
export function RenameSheet({
  employee,
  open,
  onOpenChange,
}: {
  employee: EmployeeDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const rename = useRenameEmployee();
  const [conflict, setConflict] = useState<string>();
  const form = useForm<EmployeeNameFormValues, unknown, EmployeeNameForm>({
    resolver: zodResolver(employeeNameFormSchema),
    mode: 'onTouched',
    defaultValues: { firstName: employee.firstName, secondName: employee.secondName },
  });
  const { errors, isValid, isDirty } = form.formState;

  // Each opening, and a fresh version after a conflict, starts from what the server has.
  useEffect(() => {
    if (open) form.reset({ firstName: employee.firstName, secondName: employee.secondName });
  }, [open, employee.firstName, employee.secondName, form]);

  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) {
      rename.reset();
      setConflict(undefined);
    }
  };

  const submit = form.handleSubmit((values) => {
    if (rename.isPending) return;
    setConflict(undefined);
    rename.mutate(
      { id: employee.id, ...values, version: employee.version },
      {
        onSuccess: () => {
          close(false);
          notifySuccess('Имя сохранено');
        },
        onError: (error) => {
          if (!isApiError(error)) return;
          if (error.code === 'VERSION_CONFLICT') setConflict(error.message);
          setServerFieldErrors(error, form.setError, formFieldOf);
        },
      },
    );
  });

  const other =
    rename.isError &&
    !(isApiError(rename.error) && (rename.error.fieldErrors || rename.error.code === 'VERSION_CONFLICT'))
      ? errorMessage(rename.error)
      : undefined;

  return (
    <Sheet open={open} onOpenChange={close}>
      <SheetContent>
        <SheetHeader>
          <SheetTitle>Изменить имя</SheetTitle>
        </SheetHeader>
        <form noValidate onSubmit={submit} className="flex min-h-0 flex-col">
          <div className="flex flex-col gap-5 overflow-y-auto px-5 py-2">
            {conflict ? (
              <p role="status" className="rounded-xl border border-amber-500/40 bg-amber-500/10 p-4 text-sm">
                {conflict}
              </p>
            ) : null}
            <FormField label="Имя" error={errors.firstName?.message}>
              {(ids) => (
                <Input
                  id={ids.control}
                  {...form.register('firstName')}
                  autoComplete="off"
                  aria-invalid={errors.firstName ? true : undefined}
                  aria-describedby={ids.describedBy}
                />
              )}
            </FormField>
            <FormField label="Фамилия" optional error={errors.secondName?.message}>
              {(ids) => (
                <Input
                  id={ids.control}
                  {...form.register('secondName')}
                  autoComplete="off"
                  aria-invalid={errors.secondName ? true : undefined}
                  aria-describedby={ids.describedBy}
                />
              )}
            </FormField>
            {other ? (
              <p role="alert" className="text-destructive text-sm">
                {other}
              </p>
            ) : null}
          </div>
          <SheetFooter>
            <Button type="submit" size="lg" disabled={!isValid || !isDirty || rename.isPending}>
              {rename.isPending ? 'Сохраняем…' : 'Сохранить'}
            </Button>
          </SheetFooter>
        </form>
      </SheetContent>
    </Sheet>
  );
}
