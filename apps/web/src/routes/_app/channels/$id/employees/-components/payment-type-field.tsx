import { FormField } from '@/components/ui/form-field';
import { OptionPicker } from '@/components/ui/option-picker';
import { usePaymentMethodTypes } from '@/features/employees/api/get-payment-method-types';

/** 'Способ оплаты' of the card's requisites: one of the reference list's ways to pay, picked in a sheet. */
export function PaymentTypeField({
  value,
  error,
  onChange,
  onBlur,
}: {
  value: number | null;
  error: string | undefined;
  onChange: (next: number) => void;
  onBlur: () => void;
}) {
  const paymentTypes = usePaymentMethodTypes();
  return (
    <FormField label="Способ оплаты" error={error}>
      {(ids) => (
        <OptionPicker
          ids={ids}
          title="Способ оплаты"
          placeholder="Выберите способ оплаты"
          options={paymentTypes.data}
          pending={paymentTypes.isPending}
          error={paymentTypes.error}
          onRetry={() => void paymentTypes.refetch()}
          value={value}
          onChange={onChange}
          onBlur={onBlur}
          invalid={Boolean(error)}
        />
      )}
    </FormField>
  );
}
