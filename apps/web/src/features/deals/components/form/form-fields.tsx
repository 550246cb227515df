import type { ReactNode } from 'react';
import {
  Controller,
  type ControllerProps,
  type ControllerRenderProps,
  type UseFormReturn,
  useFormState,
} from 'react-hook-form';
import { type FieldIds, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { OptionPicker, type OptionPickerProps } from '@/components/ui/option-picker';
import { DatePicker } from './date-time-pickers';
import type { DealFormField, DealFormValues } from './deal-form-values';

/** The fields whose value is an id picked from a list. */
type PickedField = 'channelId' | 'adFormatId' | 'adTypeId' | 'statusId' | 'managerId';

/** What a picker needs of the query behind its options. */
type OptionList = {
  isPending: boolean;
  error: unknown;
  refetch: () => unknown;
};

/**
 * The deal form's ways to lay out a field: its value under react-hook-form with its label and error, a typed number,
 * a pick from an option list, a date. In view mode pickers show their value and open nothing.
 */
export function useFormFields(form: UseFormReturn<DealFormValues>, readOnly: boolean) {
  const { control } = form;
  const { errors } = useFormState({ control });
  const errorOf = (field: DealFormField) => errors[field]?.message;

  const field = <N extends DealFormField>(
    name: N,
    label: string,
    render: (field: ControllerRenderProps<DealFormValues, N>, ids: FieldIds, invalid: boolean) => ReactNode,
    rules?: ControllerProps<DealFormValues, N>['rules'],
  ) => (
    <Controller
      control={control}
      name={name}
      {...(rules ? { rules } : {})}
      render={({ field: value }) => (
        <FormField label={label} error={errorOf(name)}>
          {(ids) => render(value, ids, Boolean(errorOf(name)))}
        </FormField>
      )}
    />
  );

  /** A typed number (hours in top, cost): text while typing, parsed by the field's rule. */
  const numberInput = (
    value: ControllerRenderProps<DealFormValues, 'hoursInTop' | 'cost'>,
    ids: FieldIds,
    invalid: boolean,
    inputMode: 'numeric' | 'decimal',
    className?: string,
  ) => (
    <Input
      id={ids.control}
      name={value.name}
      ref={value.ref}
      value={value.value}
      onChange={value.onChange}
      onBlur={value.onBlur}
      inputMode={inputMode}
      autoComplete="off"
      aria-invalid={invalid ? true : undefined}
      aria-describedby={ids.describedBy}
      disabledLook="form"
      className={className}
    />
  );

  /** A field picked from one of the option lists (a reference list, the channels, the team). */
  const pickerField = (
    name: PickedField,
    label: string,
    placeholder: string,
    list: OptionList,
    options: OptionPickerProps['options'],
    extra: Pick<OptionPickerProps, 'avatars' | 'fallback' | 'emptyText'>,
  ) =>
    field(name, label, (value, ids, invalid) => (
      <OptionPicker
        ids={ids}
        title={label}
        placeholder={placeholder}
        options={options}
        pending={list.isPending}
        error={list.error}
        onRetry={() => void list.refetch()}
        value={value.value}
        onChange={value.onChange}
        onBlur={value.onBlur}
        invalid={invalid}
        readOnly={readOnly}
        {...extra}
      />
    ));

  const dateField = (name: 'placementDate' | 'date', label: string) =>
    field(name, label, (value, ids, invalid) => (
      <DatePicker
        ids={ids}
        title={label}
        value={value.value}
        onChange={value.onChange}
        onBlur={value.onBlur}
        invalid={invalid}
      />
    ));

  return { field, numberInput, pickerField, dateField };
}

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="flex min-w-0 flex-col gap-4">
      <h2 className="font-semibold text-muted-foreground text-sm uppercase tracking-wide">{title}</h2>
      {children}
    </section>
  );
}
