import { describe, expect, it } from 'vitest';
import { linkName } from '../../../src/modules/attribution/attribution.links.js';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

describe('an invite link’s name', () => {
  it('is the purchase and the seller’s channel when it fits Telegram’s 32 characters', () => {
    expect(linkName(123, 'Канал продавца')).toBe('Закупка №123 · Канал продавца');
    expect(linkName(123, null)).toBe('Закупка №123');
    expect(linkName(123, '   ')).toBe('Закупка №123');
  });

  it('is cut with an ellipsis between whole characters, never inside an emoji or a surrogate pair', () => {
    const family = '👨‍👩‍👧‍👦';
    for (let pad = 0; pad < 12; pad++) {
      for (const tail of ['🚀🚀🚀🚀🚀🚀🚀🚀', family.repeat(3), 'ё'.repeat(30)]) {
        const name = linkName(987_654, `${'x'.repeat(pad)}${tail}`);
        expect(name.length, name).toBeLessThanOrEqual(32);
        expect(name).not.toMatch(LONE_SURROGATE);
        expect(name.startsWith('Закупка №987654 · ')).toBe(true);
        expect(name.endsWith('…')).toBe(true);
        // Whatever is kept of the family is the whole family.
        expect(name.replaceAll(family, '')).not.toMatch(/\u200D/);
      }
    }
  });
});
