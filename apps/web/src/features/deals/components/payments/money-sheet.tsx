import { MAX_NOTE_LENGTH, readDealNumber } from '@addesk/contract/plain';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input, InputUnit } from '@/components/ui/input';
import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetFooter,
  SheetHeader,
  SheetTitle,
} from '@/components/ui/sheet';
import { setServerFieldErrors } from '@/lib/form-errors';
import { errorMessage, notifySuccess } from '@/lib/notify';
import { type DateParts, teamToday, toIsoDay } from '../form/date-parts';
import { DatePicker } from '../form/date-time-pickers';
import { amountRule, paymentTexts as t } from './payment-texts';

type MoneyFormValues = { amount: string; date: DateParts; note: string };

/** What the sheet records: an amount in roubles, its day (yyyy-MM-dd) and an optional note. */
export type MoneyEntry = { amount: number; date: string; note?: string };

export type MoneySheetProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  /** The amount it starts with (what is left, what is due); nothing at 0. */
  start: number;
  dateLabel: string;
  submitLabel: string;
  /** The toast once it is saved. */
  done: string;
  pending: boolean;
  save: (entry: MoneyEntry) => Promise<unknown>;
  /** The server's name of the day's field, so its refusal goes under the day ('paidAt', 'date'). */
  dateField: string;
  /** More fields between the day and the note (the requisites of a payout). */
  children?: ReactNode;
};

/** '12500.5' -> '12500,5': a number as a Russian phone's keyboard types it. */
const typed = (value: number) => (value > 0 ? String(value).replace('.', ',') : '');

/**
 * Money paid, in a bottom sheet (decisions D5, docs/decisions/026): the amount, starting with what is left or due, the
 * day on the date wheels (today on the team's clock) and an optional note. 'Добавить оплату' of a deal and 'Выплатить'
 * of the payroll are this sheet. The server's refusals go under their fields, anything else above the button.
 */
export function MoneySheet({
  open,
  onOpenChange,
  title,
  description,
  start,
  dateLabel,
  submitLabel,
  done,
  pending,
  save,
  dateField,
  children,
}: MoneySheetProps) {
  const formId = useId();
  const [problem, setProblem] = useState<string>();
  const form = useForm<MoneyFormValues>({
    defaultValues: { amount: typed(start), date: teamToday(), note: '' },
  });
  const { control, formState, reset, setError } = form;

  // Each opening starts afresh: what is left or due now, today.
  useEffect(() => {
    if (open) {
      reset({ amount: typed(start), date: teamToday(), note: '' });
      setProblem(undefined);
    }
  }, [open, start, reset]);

  const submit = form.handleSubmit(async (values) => {
    if (pending) return;
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
      await save({ amount: amount.value, date: toIsoDay(values.date), ...(note ? { note } : {}) });
      onOpenChange(false);
      notifySuccess(done);
    } catch (error) {
      const placed = setServerFieldErrors(error, setError, {
        amount: 'amount',
        [dateField]: 'date',
        note: 'note',
      });
      if (!placed) setProblem(errorMessage(error));
    }
  });

  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent>
        <SheetHeader>
          <SheetTitle>{title}</SheetTitle>
          <SheetDescription>{description}</SheetDescription>
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
                    <InputUnit>руб</InputUnit>
                  </div>
                )}
              </FormField>
            )}
          />
          <Controller
            control={control}
            name="date"
            render={({ field }) => (
              <FormField label={dateLabel} error={formState.errors.date?.message}>
                {(ids) => (
                  <DatePicker
                    ids={ids}
                    title={dateLabel}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    invalid={Boolean(formState.errors.date)}
                  />
                )}
              </FormField>
            )}
          />
          {children}
          <Controller
            control={control}
            name="note"
            render={({ field }) => (
              <FormField label={t.note} optional error={formState.errors.note?.message}>
                {(ids) => (
                  <Input
                    {...field}
                    id={ids.control}
                    maxLength={MAX_NOTE_LENGTH}
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
          <Button type="submit" form={formId} size="lg" disabled={pending}>
            {pending ? t.paying : submitLabel}
          </Button>
        </SheetFooter>
      </SheetContent>
    </Sheet>
  );
}
