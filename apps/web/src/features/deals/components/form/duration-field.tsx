import { type DurationType, dealNumberRules, durationTypeNames, durationTypes } from '@addesk/contract/plain';
import { useId } from 'react';
import { Controller, type UseFormReturn, useFormState } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/utils';
import type { DealFormValues } from './deal-form-values';
import { validateNumber } from './deal-payload';
import { formTexts } from './form-texts';

/** The placement term of the deal form: its type and number under react-hook-form, checked by the contract's rule. */
export function DurationFormField({
  form,
  readOnly,
}: {
  form: UseFormReturn<DealFormValues>;
  readOnly: boolean;
}) {
  const { control, setValue } = form;
  const { errors } = useFormState({ control, name: ['duration', 'durationType'] });
  return (
    <Controller
      control={control}
      name="duration"
      rules={{
        // Checked only while a number is asked for: 'Без удаления' has none.
        validate: (text, values) =>
          values.durationType === 'INFINITY' ? true : validateNumber(dealNumberRules.duration)(text),
      }}
      render={({ field }) => (
        <Controller
          control={control}
          name="durationType"
          render={({ field: typeField }) => (
            <DurationField
              type={typeField.value}
              duration={field.value}
              onTypeChange={(type) => {
                typeField.onChange(type);
                // Spec §4: choosing 'Без удаления' sets the duration to 0.
                if (type === 'INFINITY')
                  setValue('duration', '0', { shouldDirty: true, shouldValidate: true });
              }}
              onDurationChange={field.onChange}
              onDurationBlur={field.onBlur}
              durationError={errors.duration?.message}
              typeError={errors.durationType?.message}
              readOnly={readOnly}
            />
          )}
        />
      )}
    />
  );
}

export type DurationFieldProps = {
  type: DurationType;
  duration: string;
  onTypeChange: (type: DurationType) => void;
  onDurationChange: (duration: string) => void;
  onDurationBlur?: () => void;
  durationError?: string | undefined;
  typeError?: string | undefined;
  readOnly?: boolean;
};

/**
 * 'Время на канале' (spec §3/§4): how long the post stays, 'Без удаления' / 'Дни' / 'Часы' as one row of big
 * segments, and the number of days or hours, hidden for 'Без удаления' (choosing it sets the number to 0).
 */
export function DurationField({
  type,
  duration,
  onTypeChange,
  onDurationChange,
  onDurationBlur,
  durationError,
  typeError,
  readOnly,
}: DurationFieldProps) {
  const groupId = useId();
  return (
    <div className="flex min-w-0 flex-col gap-3">
      <fieldset
        className="m-0 flex min-w-0 flex-col gap-2 border-0 p-0"
        aria-describedby={typeError ? `${groupId}-error` : undefined}
      >
        <legend className="mb-2 p-0 font-medium">{formTexts.placementTerm}</legend>
        <div className="grid grid-cols-[1.4fr_1fr_1fr] gap-1 rounded-lg border border-input bg-card p-1">
          {durationTypes.map((option) => (
            <label
              key={option}
              className={cn(
                'relative flex min-h-11 items-center justify-center whitespace-nowrap rounded-md px-1 text-center text-sm transition-colors',
                'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
                option === type ? 'bg-primary font-semibold text-primary-foreground' : 'hover:bg-accent',
                readOnly ? 'cursor-default' : 'cursor-pointer',
              )}
            >
              <input
                type="radio"
                name={groupId}
                value={option}
                checked={option === type}
                onChange={() => onTypeChange(option)}
                className="sr-only"
              />
              {durationTypeNames[option]}
            </label>
          ))}
        </div>
        {typeError ? (
          <p id={`${groupId}-error`} role="alert" className="text-destructive text-sm">
            {typeError}
          </p>
        ) : null}
      </fieldset>
      {type === 'INFINITY' ? null : (
        <FormField
          label={type === 'DAYS' ? formTexts.durationDays : formTexts.durationHours}
          error={durationError}
        >
          {(ids) => (
            <Input
              id={ids.control}
              name="duration"
              value={duration}
              onChange={(event) => onDurationChange(event.target.value)}
              onBlur={onDurationBlur}
              inputMode="numeric"
              autoComplete="off"
              aria-invalid={durationError ? true : undefined}
              aria-describedby={ids.describedBy}
              disabledLook="form"
            />
          )}
        </FormField>
      )}
    </div>
  );
}
