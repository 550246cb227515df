import { type ReactNode, useEffect, useId } from 'react';
import { InlineErrorState } from '@/components/ui/error-state';
import { FieldError } from '@/components/ui/form-field';
import { cn } from '@/lib/utils';
import { useSalaryTypes } from '../api/get-salary-types';

export type SalaryTypeFieldProps = {
  roleId: number;
  value: number | null;
  onChange: (salaryTypeId: number | null) => void;
  error: string | undefined;
};

/**
 * 'Тип оплаты' for a role (spec §4): the role's salary types are loaded and the first is chosen (unless the chosen
 * one is among them); with several, a toggle between them, with one, just its name.
 */
export function SalaryTypeField({ roleId, value, onChange, error }: SalaryTypeFieldProps) {
  const name = useId();
  const types = useSalaryTypes(roleId);
  const options = types.data;

  useEffect(() => {
    if (!options || options.some((option) => option.id === value)) return;
    onChange(options[0]?.id ?? null);
  }, [options, value, onChange]);

  let body: ReactNode;
  if (types.isPending) {
    body = <span aria-hidden="true" className="block h-12 animate-pulse rounded-lg bg-muted" />;
  } else if (types.isError) {
    body = (
      <InlineErrorState
        error={types.error}
        onRetry={() => void types.refetch()}
        messageClassName="text-destructive"
      />
    );
  } else if (types.data.length === 0) {
    body = <p className="text-muted-foreground">Для этой роли не настроены типы оплаты</p>;
  } else if (types.data.length === 1) {
    body = <p className="flex min-h-12 items-center rounded-lg bg-muted px-3">{types.data[0]?.name}</p>;
  } else {
    body = (
      <div className="grid auto-cols-fr grid-flow-col gap-1 rounded-lg bg-muted p-1">
        {types.data.map((option) => (
          <label
            key={option.id}
            className={cn(
              'flex min-h-11 cursor-pointer items-center justify-center rounded-md px-2 py-1.5 text-center text-sm leading-tight',
              'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
              value === option.id
                ? 'bg-card font-semibold text-card-foreground shadow-sm'
                : 'text-muted-foreground hover:text-foreground',
            )}
          >
            <input
              type="radio"
              name={name}
              value={option.id}
              checked={value === option.id}
              onChange={() => onChange(option.id)}
              className="sr-only"
            />
            {option.name}
          </label>
        ))}
      </div>
    );
  }

  return (
    <fieldset className="flex flex-col gap-2" aria-busy={types.isPending || undefined}>
      <legend className="mb-2 font-medium">Тип оплаты</legend>
      {body}
      <FieldError message={error} />
    </fieldset>
  );
}
