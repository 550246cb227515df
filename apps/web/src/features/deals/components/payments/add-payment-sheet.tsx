import type { Payment, PaymentCreate } from '@addesk/contract';
import { readDealNumber } from '@addesk/contract';
import type { UseMutationResult } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetFooter,
  SheetHeader,
  SheetTitle,
} from '@/components/ui/sheet';
import { setServerFieldErrors } from '@/lib/form-errors';
import { formatMoney } from '@/lib/format';
import { errorMessage, notifySuccess } from '@/lib/notify';
import { type DateParts, teamToday, toIsoDay } from '../form/date-parts';
import { DatePicker } from '../form/date-time-pickers';
import { amountRule, paymentTexts as t } from './payment-texts';

type PaymentFormValues = { amount: string; paidAt: DateParts; note: string };

const NOTE_MAX = 500;

export type AddPaymentSheetProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** What is left of the price: the amount it starts with. */
  left: number;
  add: UseMutationResult<Payment, Error, PaymentCreate>;
};

/** '12500.5' -> '12500,5': a number as a Russian phone's keyboard types it. */
const typed = (value: number) => String(value).replace('.', ',');

/**
 * 'Добавить оплату' (decisions D5): the amount, starting with what is left, the day it was paid, today on the team's
 * clock, and an optional note. The server's refusals go under their fields ('Сумма оплат больше стоимости' under the
 * amount), anything else above the button.
 */
export function AddPaymentSheet({ open, onOpenChange, left, add }: AddPaymentSheetProps) {
  const formId = useId();
  const [problem, setProblem] = useState<string>();
  const form = useForm<PaymentFormValues>({
    defaultValues: { amount: typed(left), paidAt: teamToday(), note: '' },
  });
  const { control, formState, reset, setError } = form;

  // Each opening starts afresh: what is left now, today.
  useEffect(() => {
    if (open) {
      reset({ amount: typed(left), paidAt: teamToday(), note: '' });
      setProblem(undefined);
    }
  }, [open, left, reset]);

  const submit = form.handleSubmit(async (values) => {
    if (add.isPending) return;
    const amount = readDealNumber(amountRule, values.amount);
    if ('error' in amount || amount.value <= 0) {
      setError(
        'amount',
        { message: 'error' in amount ? amount.error : t.mustBePositive },
        { shouldFocus: true },
      );
      return;
    }
    const note = values.note.trim();
    setProblem(undefined);
    try {
      await add.mutateAsync({
        amount: amount.value,
        paidAt: toIsoDay(values.paidAt),
        ...(note ? { note } : {}),
      });
      onOpenChange(false);
      notifySuccess(t.added);
    } catch (error) {
      const placed = setServerFieldErrors(error, setError, {
        amount: 'amount',
        paidAt: 'paidAt',
        note: 'note',
      });
      if (!placed) setProblem(errorMessage(error));
    }
  });

  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent>
        <SheetHeader>
          <SheetTitle>{t.add}</SheetTitle>
          <SheetDescription>
            {t.left}: {formatMoney(left)}
          </SheetDescription>
        </SheetHeader>
        <form
          id={formId}
          noValidate
          onSubmit={submit}
          className="flex flex-col gap-4 overflow-y-auto px-5 py-2"
        >
          <Controller
            control={control}
            name="amount"
            render={({ field }) => (
              <FormField label={t.amount} error={formState.errors.amount?.message}>
                {(ids) => (
                  <div className="relative">
                    <Input
                      {...field}
                      id={ids.control}
                      inputMode="decimal"
                      autoComplete="off"
                      aria-invalid={formState.errors.amount ? true : undefined}
                      aria-describedby={ids.describedBy}
                      className="pr-14"
                    />
                    <span
                      aria-hidden="true"
                      className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-muted-foreground"
                    >
                      руб
                    </span>
                  </div>
                )}
              </FormField>
            )}
          />
          <Controller
            control={control}
            name="paidAt"
            render={({ field }) => (
              <FormField label={t.paidAt} error={formState.errors.paidAt?.message}>
                {(ids) => (
                  <DatePicker
                    ids={ids}
                    title={t.paidAt}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    invalid={Boolean(formState.errors.paidAt)}
                  />
                )}
              </FormField>
            )}
          />
          <Controller
            control={control}
            name="note"
            render={({ field }) => (
              <FormField label={t.note} optional error={formState.errors.note?.message}>
                {(ids) => (
                  <Input
                    {...field}
                    id={ids.control}
                    maxLength={NOTE_MAX}
                    autoComplete="off"
                    aria-invalid={formState.errors.note ? true : undefined}
                    aria-describedby={ids.describedBy}
                  />
                )}
              </FormField>
            )}
          />
        </form>
        <SheetFooter>
          {problem ? (
            <p role="alert" className="text-destructive text-sm">
              {problem}
            </p>
          ) : null}
          <Button type="submit" form={formId} size="lg" disabled={add.isPending}>
            {add.isPending ? t.paying : t.save}
          </Button>
        </SheetFooter>
      </SheetContent>
    </Sheet>
  );
}
