import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { rateLabel } from '../lib/rate';
import { Textarea } from './textarea';

/** 'Условия' of a role on a channel: the add-employee card and the employee page's role sheet. */
export function ConditionsField({
  registration,
  error,
}: {
  registration: UseFormRegisterReturn;
  error?: string | undefined;
}) {
  return (
    <FormField label="Условия" error={error}>
      {(ids) => (
        <Textarea
          id={ids.control}
          {...registration}
          rows={3}
          placeholder="Например: 10% от каждой продажи, выплата по пятницам"
          aria-invalid={error ? true : undefined}
          aria-describedby={ids.describedBy}
        />
      )}
    </FormField>
  );
}

/** 'Ставка' of a role: its unit follows the salary type (docs/decisions/026); empty, nothing accrues. */
export function RateField({
  registration,
  error,
  salaryTypeId,
}: {
  registration: UseFormRegisterReturn;
  error?: string | undefined;
  salaryTypeId: number | null;
}) {
  return (
    <FormField label={rateLabel(salaryTypeId)} optional error={error}>
      {(ids) => (
        <Input
          id={ids.control}
          {...registration}
          inputMode="decimal"
          autoComplete="off"
          placeholder={salaryTypeId === 2 || salaryTypeId === 3 ? 'Например: 10' : 'Например: 30 000'}
          aria-invalid={error ? true : undefined}
          aria-describedby={ids.describedBy}
        />
      )}
    </FormField>
  );
}

/** The requisites themselves and a comment: the add-employee card and the employee page's requisites sheet. */
export function CredentialsFields({
  credentials,
  description,
  errors,
}: {
  credentials: UseFormRegisterReturn;
  description: UseFormRegisterReturn;
  errors: { credentials?: string | undefined; description?: string | undefined };
}) {
  return (
    <>
      <FormField label="Номер карты, телефона или кошелька" error={errors.credentials}>
        {(ids) => (
          <Input
            id={ids.control}
            {...credentials}
            autoComplete="off"
            spellCheck={false}
            aria-invalid={errors.credentials ? true : undefined}
            aria-describedby={ids.describedBy}
          />
        )}
      </FormField>
      <FormField label="Комментарий" optional error={errors.description}>
        {(ids) => (
          <Input
            id={ids.control}
            {...description}
            placeholder="Например: Т-Банк"
            autoComplete="off"
            aria-invalid={errors.description ? true : undefined}
            aria-describedby={ids.describedBy}
          />
        )}
      </FormField>
    </>
  );
}
