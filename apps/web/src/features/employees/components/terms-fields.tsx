import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { rateLabel } from '../lib/rate';
import { SalaryTypeField } from './salary-type-field';
import { Textarea } from './textarea';

/** 'Условия' of a role on a channel: the add-employee card and the employee page's role sheet. */
function ConditionsField({
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
function RateField({
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

/**
 * The terms of a role on a channel, as the add-employee card and the employee page's role sheet ask them: the pay
 * type once a role is chosen, its rate once a pay type is, and the conditions in words.
 */
export function RoleTermsFields({
  roleId,
  salaryTypeId,
  onSalaryType,
  rate,
  conditions,
  errors,
}: {
  roleId: number | null;
  salaryTypeId: number | null;
  onSalaryType: (salaryTypeId: number | null) => void;
  rate: UseFormRegisterReturn;
  conditions: UseFormRegisterReturn;
  errors: { salaryTypeId?: string | undefined; rate?: string | undefined; conditions?: string | undefined };
}) {
  return (
    <>
      {roleId ? (
        <SalaryTypeField
          roleId={roleId}
          value={salaryTypeId}
          onChange={onSalaryType}
          error={errors.salaryTypeId}
        />
      ) : null}
      {salaryTypeId ? (
        <RateField registration={rate} error={errors.rate} salaryTypeId={salaryTypeId} />
      ) : null}
      <ConditionsField registration={conditions} error={errors.conditions} />
    </>
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
