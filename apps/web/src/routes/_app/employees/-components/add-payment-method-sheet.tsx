import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/form-field';
import { Sheet, SheetContent, SheetFooter, SheetHeader, SheetTitle } from '@/components/ui/sheet';
import { useCreatePaymentMethod } from '@/features/employees/api/create-payment-method';
import { usePaymentMethodTypes } from '@/features/employees/api/get-payment-method-types';
import { CredentialsFields } from '@/features/employees/components/terms-fields';
import {
  type PaymentMethodForm,
  type PaymentMethodFormValues,
  paymentMethodFormSchema,
} from '@/features/employees/lib/employee-forms';
import { setServerFieldErrors, sortServerFieldErrors } from '@/lib/form-errors';
import { errorMessage, notifySuccess } from '@/lib/notify';
import { cn } from '@/lib/utils';

const emptyPaymentMethod: PaymentMethodFormValues = {
  paymentMethodTypeId: null,
  credentials: '',
  description: '',
};

/** The server names the body's fields as the form does. */
const formFieldOf: Record<string, keyof PaymentMethodFormValues> = {
  paymentMethodTypeId: 'paymentMethodTypeId',
  credentials: 'credentials',
  description: 'description',
};

/** 'Добавить реквизиты' in a bottom sheet: the way to pay (chips), the credentials, an optional comment. */
export function AddPaymentMethodSheet({
  employeeId,
  open,
  onOpenChange,
}: {
  employeeId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const types = usePaymentMethodTypes();
  const create = useCreatePaymentMethod();
  const form = useForm<PaymentMethodFormValues, unknown, PaymentMethodForm>({
    resolver: zodResolver(paymentMethodFormSchema),
    mode: 'onTouched',
    defaultValues: emptyPaymentMethod,
  });
  const { errors, isValid } = form.formState;
  const typeId = useWatch({ control: form.control, name: 'paymentMethodTypeId' });

  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) {
      form.reset(emptyPaymentMethod);
      create.reset();
    }
  };

  const submit = form.handleSubmit((values) => {
    if (create.isPending) return;
    create.mutate(
      {
        employeeId,
        paymentMethodTypeId: values.paymentMethodTypeId,
        credentials: values.credentials,
        ...(values.description ? { description: values.description } : {}),
      },
      {
        onSuccess: () => {
          close(false);
          notifySuccess('Реквизиты добавлены');
        },
        onError: (error) => setServerFieldErrors(error, form.setError, formFieldOf),
      },
    );
  });

  const unplaced = sortServerFieldErrors(create.error, formFieldOf).placed.length === 0;

  return (
    <Sheet open={open} onOpenChange={close}>
      <SheetContent>
        <SheetHeader>
          <SheetTitle>Новые реквизиты</SheetTitle>
        </SheetHeader>
        <form noValidate onSubmit={submit} className="flex min-h-0 flex-col">
          <div className="flex flex-col gap-5 overflow-y-auto px-5 py-2">
            <fieldset className="flex flex-col gap-2">
              <legend className="mb-2 font-medium">Способ оплаты</legend>
              {types.isPending ? (
                <span aria-hidden="true" className="block h-11 animate-pulse rounded-lg bg-muted" />
              ) : null}
              {types.isError ? (
                <p role="alert" className="text-destructive text-sm">
                  {errorMessage(types.error)}
                </p>
              ) : null}
              {types.data ? (
                <div className="flex flex-wrap gap-2">
                  {types.data.map((type) => (
                    <label
                      key={type.id}
                      className={cn(
                        'inline-flex min-h-11 cursor-pointer items-center rounded-full border px-4 text-sm',
                        'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
                        typeId === type.id
                          ? 'border-primary bg-primary text-primary-foreground'
                          : 'border-input hover:bg-accent',
                      )}
                    >
                      <input
                        type="radio"
                        name="paymentMethodTypeId"
                        value={type.id}
                        checked={typeId === type.id}
                        onChange={() =>
                          form.setValue('paymentMethodTypeId', type.id, {
                            shouldValidate: true,
                            shouldTouch: true,
                            shouldDirty: true,
                          })
                        }
                        className="sr-only"
                      />
                      {type.name}
                    </label>
                  ))}
                </div>
              ) : null}
              <FieldError message={errors.paymentMethodTypeId?.message} />
            </fieldset>
            <CredentialsFields
              credentials={form.register('credentials')}
              description={form.register('description')}
              errors={{ credentials: errors.credentials?.message, description: errors.description?.message }}
            />
            {create.isError && unplaced ? (
              <p role="alert" className="text-destructive text-sm">
                {errorMessage(create.error)}
              </p>
            ) : null}
          </div>
          <SheetFooter>
            <Button type="submit" size="lg" disabled={!isValid || create.isPending}>
              {create.isPending ? 'Сохраняем…' : 'Сохранить'}
            </Button>
          </SheetFooter>
        </form>
      </SheetContent>
    </Sheet>
  );
}
