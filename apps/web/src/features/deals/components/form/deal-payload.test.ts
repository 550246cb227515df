import { describe, expect, it } from 'vitest';
import { defaultDealValues } from './deal-form-values';
import { buildPayload, changedFields } from './deal-payload';
import { formFieldOfServerKey } from './server-errors';

const today = { day: 5, month: 3, year: 2026 };
const filled = { ...defaultDealValues({ today }), channelId: 1, adFormatId: 1 };

const payload = (values: typeof filled) => {
  const built = buildPayload('purchase', values);
  if (!built.ok) throw new Error(JSON.stringify(built.errors));
  return built.payload;
};

describe("the deal form's 'Оплатить до'", () => {
  it('is left out of a new deal without one, and sent as a day with one', () => {
    expect(payload(filled)).not.toHaveProperty('paymentDueDate');
    expect(payload({ ...filled, paymentDueDate: { day: 9, month: 4, year: 2026 } })).toHaveProperty(
      'paymentDueDate',
      '2026-04-09',
    );
  });

  it('is sent as null when cleared, and not at all when untouched', () => {
    const due = payload({ ...filled, paymentDueDate: { day: 9, month: 4, year: 2026 } });
    expect(changedFields(payload(filled), due, 3)).toEqual({ paymentDueDate: null, version: 3 });
    expect(changedFields(due, due, 3)).toBeNull();
    expect(changedFields(payload({ ...filled, paymentDueDate: today }), due, 3)).toEqual({
      paymentDueDate: '2026-03-05',
      version: 3,
    });
  });

  it('shows the server’s refusal of it under the field', () => {
    expect(formFieldOfServerKey('sale', 'paymentDueDate')).toBe('paymentDueDate');
  });
});
