import type { DealKind } from '@addesk/contract/plain';
import { useState } from 'react';
import { BottomBar } from '@/components/ui/bottom-bar';
import { Button } from '@/components/ui/button';
import { ConfirmSheet } from '@/components/ui/confirm-sheet';
import { OptionRow } from '@/components/ui/option-row';
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '@/components/ui/sheet';
import { Spinner } from '@/components/ui/spinner';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useChangeDealsStatus } from '../../api/change-deals-status';
import { useDealStatuses } from '../../api/get-statuses';
import { usePayDealsInFull } from '../../api/pay-deals-in-full';
import { bulkTexts } from './bulk-texts';
import type { DealSelection } from './use-deal-selection';

/**
 * The selection mode's bar at the foot of a list (issue 33): how many deals are chosen, 'Статус' (a sheet of the
 * kind's statuses) and 'Оплачено полностью' (asked first). Either acts on all of them or, refused, on none; then the
 * mode ends and a toast says what was done.
 */
export function BulkBar({ kind, selection }: { kind: DealKind; selection: DealSelection }) {
  const [sheet, setSheet] = useState<'status' | 'pay'>();
  const statuses = useDealStatuses(kind, { enabled: sheet === 'status' });
  const changeStatus = useChangeDealsStatus(kind);
  const pay = usePayDealsInFull(kind);
  const ids = [...selection.selected];
  const busy = changeStatus.isPending || pay.isPending;
  const done = (message: string) => {
    setSheet(undefined);
    selection.stop();
    notifySuccess(message);
  };

  const pickStatus = (statusId: number) => {
    setSheet(undefined);
    changeStatus.mutate(
      { ids, statusId },
      { onSuccess: ({ count }) => done(bulkTexts.statusChanged(kind, count)), onError: notifyError },
    );
  };

  return (
    <BottomBar role="group" aria-label={bulkTexts.bar} className="-mx-4 mt-auto">
      <div className="flex items-center justify-between gap-2">
        <p aria-live="polite" className="font-medium">
          {bulkTexts.chosen(ids.length)}
        </p>
        <Button variant="ghost" size="sm" onClick={selection.stop}>
          {bulkTexts.cancel}
        </Button>
      </div>
      <div className="grid grid-cols-2 gap-2">
        <Button variant="secondary" disabled={ids.length === 0 || busy} onClick={() => setSheet('status')}>
          {bulkTexts.status}
        </Button>
        <Button
          wrap
          className="leading-tight"
          disabled={ids.length === 0 || busy}
          onClick={() => setSheet('pay')}
        >
          {bulkTexts.paidInFull}
        </Button>
      </div>
      <Sheet open={sheet === 'status'} onOpenChange={(open) => setSheet(open ? 'status' : undefined)}>
        <SheetContent>
          <SheetHeader>
            <SheetTitle>{bulkTexts.statusTitle}</SheetTitle>
            <SheetDescription>{bulkTexts.statusHint}</SheetDescription>
          </SheetHeader>
          <div className="min-h-0 overflow-y-auto px-3 pb-2">
            {statuses.data ? (
              <ul className="flex flex-col">
                {statuses.data.map((status) => (
                  <li key={status.id}>
                    <OptionRow name={status.name} selected={false} onClick={() => pickStatus(status.id)} />
                  </li>
                ))}
              </ul>
            ) : (
              <Spinner className="w-full py-8" />
            )}
          </div>
        </SheetContent>
      </Sheet>
      <ConfirmSheet
        open={sheet === 'pay'}
        onOpenChange={(open) => setSheet(open ? 'pay' : undefined)}
        title={bulkTexts.payQuestion}
        description={bulkTexts.payHint(kind, ids.length)}
        confirmLabel={bulkTexts.paidInFull}
        pendingLabel={bulkTexts.paying}
        pending={pay.isPending}
        error={pay.error}
        confirmVariant="default"
        onConfirm={() =>
          pay.mutate({ ids }, { onSuccess: ({ count, amount }) => done(bulkTexts.paid(kind, count, amount)) })
        }
      />
    </BottomBar>
  );
}
