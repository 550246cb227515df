import type { EmployeeDetail, PaymentMethod } from '@addesk/contract';
import { Plus, Trash2 } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmSheet } from '@/components/ui/confirm-sheet';
import { InlineErrorState } from '@/components/ui/error-state';
import { useDeletePaymentMethod } from '@/features/employees/api/delete-payment-method';
import { usePaymentMethods } from '@/features/employees/api/get-payment-methods';
import { paymentMethodText } from '@/features/employees/lib/payment-method-text';
import { notifySuccess } from '@/lib/notify';
import { AddPaymentMethodSheet } from './add-payment-method-sheet';

/** 'Реквизиты': how the employee is paid; adding and deleting requisites. */
export function PaymentMethodsCard({ employee }: { employee: EmployeeDetail }) {
  const titleId = useId();
  const query = usePaymentMethods(employee.id);
  const remove = useDeletePaymentMethod();
  const [deleting, setDeleting] = useState<PaymentMethod>();
  const [adding, setAdding] = useState(false);

  let body: ReactNode;
  if (query.isPending) {
    body = <span aria-hidden="true" className="block h-14 animate-pulse rounded-lg bg-muted" />;
  } else if (query.isError) {
    body = <InlineErrorState error={query.error} onRetry={() => void query.refetch()} />;
  } else if (query.data.length === 0) {
    body = <p className="text-muted-foreground text-sm">Реквизиты не указаны</p>;
  } else {
    body = (
      <ul className="flex flex-col gap-2">
        {query.data.map((method) => (
          <li key={method.id} className="flex items-start gap-2 rounded-lg bg-muted/60 py-2 pr-1 pl-3">
            <div className="min-w-0 flex-1 py-1">
              <p className="text-muted-foreground text-sm">{method.paymentMethodTypeName}</p>
              <p className="break-all font-medium">{method.credentials}</p>
              {method.description ? <p className="break-words text-sm">{method.description}</p> : null}
            </div>
            <Button
              variant="destructive"
              size="icon"
              aria-label={`Удалить реквизиты «${paymentMethodText(method)}»`}
              onClick={() => {
                remove.reset();
                setDeleting(method);
              }}
            >
              <Trash2 aria-hidden="true" />
            </Button>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <Card role="region" aria-labelledby={titleId} aria-busy={query.isPending || undefined}>
      <CardHeader>
        <CardTitle id={titleId}>Реквизиты</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {body}
        <Button variant="secondary" className="self-start" onClick={() => setAdding(true)}>
          <Plus aria-hidden="true" />
          Добавить реквизиты
        </Button>
      </CardContent>
      <AddPaymentMethodSheet employeeId={employee.id} open={adding} onOpenChange={setAdding} />
      <ConfirmSheet
        open={deleting !== undefined}
        onOpenChange={(open) => {
          if (!open) setDeleting(undefined);
        }}
        title="Удалить реквизиты?"
        description={deleting ? paymentMethodText(deleting) : ''}
        confirmLabel="Да, удалить"
        pendingLabel="Удаляем…"
        pending={remove.isPending}
        error={remove.error}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(
            { id: deleting.id, employeeId: employee.id },
            {
              onSuccess: () => {
                setDeleting(undefined);
                notifySuccess('Реквизиты удалены');
              },
            },
          );
        }}
      />
    </Card>
  );
}
