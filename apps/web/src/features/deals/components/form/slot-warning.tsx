import { dealNumberRules, readDealNumber } from '@addesk/contract/plain';
import { type UseFormReturn, useWatch } from 'react-hook-form';
import { SlotConflictWarning } from '@/features/schedule';
import { instantAt } from '@/lib/format';
import { isValidDate, toIsoDay } from './date-parts';
import type { DealFormValues } from './deal-form-values';

/** The sales this one's slot collides with, as the channel, date, time and hours in top are picked (a warning only). */
export function SlotWarning({
  form,
  dealId,
}: {
  form: UseFormReturn<DealFormValues>;
  dealId: number | undefined;
}) {
  const [channelId, date, time, hours] = useWatch({
    control: form.control,
    name: ['channelId', 'placementDate', 'placementTime', 'hoursInTop'],
  });
  const hoursInTop = readDealNumber(dealNumberRules.hoursInTop, hours);
  return (
    <SlotConflictWarning
      channelId={channelId ?? undefined}
      accommodationTime={isValidDate(date) ? instantAt(toIsoDay(date), time) : undefined}
      hoursInTop={'value' in hoursInTop ? hoursInTop.value : 0}
      excludeId={dealId}
    />
  );
}
