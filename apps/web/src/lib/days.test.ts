import { describe, expect, it } from 'vitest';
import { daysText, overdueText } from './days';

const plain = (text: string) => text.replace(/\u00a0/g, ' ');

describe('days', () => {
  it.each([
    [1, '1 день'],
    [2, '2 дня'],
    [4, '4 дня'],
    [5, '5 дней'],
    [11, '11 дней'],
    [14, '14 дней'],
    [21, '21 день'],
    [22, '22 дня'],
    [111, '111 дней'],
    [101, '101 день'],
  ])('%i -> %s', (days, text) => {
    expect(plain(daysText(days))).toBe(text);
  });

  it("says how long a payment is overdue: 'просрочено N дней'", () => {
    expect(plain(overdueText(3))).toBe('просрочено 3 дня');
    expect(plain(overdueText(12))).toBe('просрочено 12 дней');
  });
});
