import { dealNumberRules, readDealNumber } from '@addesk/contract';
import { describe, expect, it } from 'vitest';
import { toIsoDay } from '@/features/deals/components/form/date-parts';
import { defaultDealValues, valuesFromDeal } from '@/features/deals/components/form/deal-form-values';
import { buildPayload, changedFields } from '@/features/deals/components/form/deal-payload';
import { formFieldOfServerKey } from '@/features/deals/components/form/server-errors';
import { instantAt, wallClock } from '@/lib/format';
import { dealFixture } from './deal-api';

const day = { day: 5, month: 3, year: 2025 };

describe('the deal form values', () => {
  it('send the placement as the team’s (Moscow) time with its offset, whatever zone the device is in', () => {
    expect(instantAt(toIsoDay(day), { hours: 9, minutes: 5 })).toBe('2025-03-05T09:05:00+03:00');
    expect(wallClock('2025-03-05T21:30:00.000Z')).toEqual({
      date: { day: 6, month: 3, year: 2025 },
      time: { hours: 0, minutes: 30 },
    });
  });

  it('coerce the cost: spaces, a comma, at most two decimals, not negative, not over a billion', () => {
    const parseCost = (text: string) => readDealNumber(dealNumberRules.price, text);
    expect(parseCost('15 000,50')).toEqual({ value: 15000.5 });
    expect(parseCost('')).toEqual({ value: 0 });
    expect(parseCost('1.005')).toEqual({ error: 'Не больше двух знаков после запятой' });
    expect(parseCost('-5')).toEqual({ error: 'Стоимость не может быть отрицательной' });
    expect(parseCost('1e3')).toEqual({ error: 'Укажите стоимость числом' });
    expect(parseCost('1000000001')).toEqual({ error: 'Стоимость не больше 1 000 000 000 руб' });
  });

  it('round-trip a loaded deal: its own payload has no changes', () => {
    for (const kind of ['sale', 'purchase'] as const) {
      const deal = dealFixture(kind) as Parameters<typeof valuesFromDeal>[1];
      const values = valuesFromDeal(kind, deal);
      const built = buildPayload(kind, values);
      expect(built.ok).toBe(true);
      if (built.ok) expect(changedFields(built.payload, built.payload, 2)).toBeNull();
    }
  });

  it('refuse to build without the required fields', () => {
    const built = buildPayload('sale', defaultDealValues({ today: day }));
    expect(built).toEqual({
      ok: false,
      errors: {
        channelId: 'Поле не должно быть пустым',
        adFormatId: 'Поле не должно быть пустым',
        adTypeId: 'Поле не должно быть пустым',
      },
    });
    // Without a status a deal of either kind starts in the first one (issue 33).
    expect(
      buildPayload('purchase', { ...defaultDealValues({ today: day }), channelId: 1, adFormatId: 1 }).ok,
    ).toBe(true);
    expect(
      buildPayload('sale', { ...defaultDealValues({ today: day }), channelId: 1, adFormatId: 1, adTypeId: 1 })
        .ok,
    ).toBe(true);
  });

  it('place the server field errors under the fields of each kind', () => {
    expect(formFieldOfServerKey('sale', 'price')).toBe('cost');
    expect(formFieldOfServerKey('sale', 'accommodationCondition.accommodationTime')).toBe('placementDate');
    expect(formFieldOfServerKey('sale', 'externalChannelInfo.channelLink')).toBe('channelContact');
    expect(formFieldOfServerKey('purchase', 'externalChannel.channelLink')).toBe('channelContact');
    expect(formFieldOfServerKey('purchase', 'externalChannelInfo.channelLink')).toBeUndefined();
    expect(formFieldOfServerKey('purchase', 'purchaseDate')).toBe('date');
    expect(formFieldOfServerKey('sale', 'soldByEmployeeId')).toBe('managerId');
    expect(formFieldOfServerKey('sale', 'contactPerson.profileLink')).toBe('adminContact');
  });
});
