import { describe, expect, it } from 'vitest';
import { kopecksOf, moneyLeft, roundMoney } from '../src/plain/money.js';

// One rule for money arithmetic, used by the server's sums and the payments card: whole kopecks.
describe('money in kopecks', () => {
  it('reads numbers and the decimal strings of a numeric(14,2) column alike', () => {
    expect(kopecksOf('12500.50')).toBe(1_250_050);
    expect(kopecksOf(0.1 + 0.2)).toBe(30);
  });

  it('leaves no float dust in a difference or a sum', () => {
    expect(0.3 - 0.1).not.toBe(0.2);
    expect(moneyLeft(0.3, 0.1)).toBe(0.2);
    expect(moneyLeft('144347.17', '44347.07')).toBe(100_000.1);
    expect(roundMoney(0.1 + 0.2)).toBe(0.3);
    expect(moneyLeft(100, 150)).toBe(-50);
  });
});
