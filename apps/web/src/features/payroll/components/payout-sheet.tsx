import type { PaymentMethod, PayrollItem } from '@addesk/contract';
import { useEffect, useState } from 'react';
import { OptionRow } from '@/components/ui/option-row';
import { MoneySheet } from '@/features/deals';
import { paymentMethodText, usePaymentMethods } from '@/features/employees';
import { formatMoney } from '@/lib/format';
import { usePayout } from '../api/payroll';

/** 'СБП: +7 900 123-45-67 (Сбербанк)' */
const requisitesText = (method: PaymentMethod) =>
  `${paymentMethodText(method)}${method.description ? ` (${method.description})` : ''}`;

/**
 * 'Выплатить' (docs/decisions/026): the money sheet of a deal's payments, starting with what is due, and the person's
 * requisites to choose where the money went (the first by default).
 */
export function PayoutSheet({
  item,
  open,
  onOpenChange,
}: {
  item: PayrollItem;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const payout = usePayout(item.employeeId);
  const requisites = usePaymentMethods(item.employeeId);
  const [chosen, setChosen] = useState<number>();
  const where = requisites.data?.find((m) => m.id === chosen) ?? requisites.data?.[0];
  useEffect(() => {
    if (open) setChosen(undefined);
  }, [open]);

  return (
    <MoneySheet
      open={open}
      onOpenChange={(next) => {
        onOpenChange(next);
        if (!next) payout.reset();
      }}
      title={`Выплатить: ${item.name}`}
      description={
        item.due < 0 ? `Переплата ${formatMoney(-item.due)}` : `К выплате ${formatMoney(item.due)}`
      }
      start={Math.max(0, item.due)}
      dateLabel="Дата выплаты"
      submitLabel="Записать выплату"
      done="Выплата записана"
      pending={payout.isPending}
      save={(entry) => payout.mutateAsync({ ...entry, ...(where ? { paymentMethodId: where.id } : {}) })}
      dateField="date"
    >
      <fieldset className="flex flex-col gap-1">
        <legend className="mb-2 font-medium">Реквизиты</legend>
        {requisites.data && requisites.data.length > 0 ? (
          requisites.data.map((method) => (
            <OptionRow
              key={method.id}
              name={requisitesText(method)}
              selected={method.id === where?.id}
              onClick={() => setChosen(method.id)}
            />
          ))
        ) : (
          <p className="text-muted-foreground text-sm">
            {requisites.isPending ? 'Загружаем реквизиты…' : 'Реквизиты не указаны'}
          </p>
        )}
      </fieldset>
    </MoneySheet>
  );
}
