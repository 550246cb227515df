import { type DealKind, dealNumberRules, dealVocabulary, readDealNumber } from '@addesk/contract/plain';
import { useEffect, useRef } from 'react';
import { type UseFormReturn, useFormState, useWatch } from 'react-hook-form';
import { listPrice, useChannelPrices } from '@/features/channels';
import type { DealFormMode, DealFormValues } from './deal-form-values';

const EMPTY_COST = new Set(['', '0']);

/**
 * A new deal's price from its channel's price list (issue 33), once channel, format and term match a line of it.
 * Filled as the field's default, so the form counts it as untouched; never over a price the user typed or one the
 * deal came with (a repeated deal). Answers whether the price shown is the list's, for the hint 'по прайсу'.
 */
export function useListPrice(kind: DealKind, mode: DealFormMode, form: UseFormReturn<DealFormValues>) {
  const { control, resetField } = form;
  const enabled = dealVocabulary[kind].pricedByChannelList && mode === 'new';
  const [channelId, adFormatId, durationType, duration, hoursInTop, cost] = useWatch({
    control,
    name: ['channelId', 'adFormatId', 'durationType', 'duration', 'hoursInTop', 'cost'],
  });
  const { dirtyFields } = useFormState({ control, name: 'cost' });
  const typed = Boolean(dirtyFields.cost);
  const prices = useChannelPrices(enabled ? channelId : null);
  const top = readDealNumber(dealNumberRules.hoursInTop, hoursInTop);
  const feed = readDealNumber(dealNumberRules.duration, duration);
  const price =
    adFormatId === null || !('value' in top) || !('value' in feed)
      ? undefined
      : listPrice(prices.data, {
          advertisementFormatId: adFormatId,
          durationType,
          duration: feed.value,
          hoursInTop: top.value,
        });
  // What this hook put into the field last, so that it may take it back when the terms stop matching.
  const filled = useRef<string | null>(null);

  useEffect(() => {
    if (!enabled || typed) return;
    const ours = EMPTY_COST.has(cost.trim()) || cost === filled.current;
    if (!ours) return;
    const next = price === undefined ? '0' : String(price);
    filled.current = price === undefined ? null : next;
    if (cost !== next) resetField('cost', { defaultValue: next });
  }, [enabled, typed, cost, price, resetField]);

  return enabled && !typed && price !== undefined && cost === String(price);
}
