import { describe, expect, it } from 'vitest';
import { axisLabel, compactMoney, niceTicks, pointTitle } from './chart-scale';

const plain = (text: string) => text.replace(/\u00a0/g, ' ');

describe('chart scale', () => {
  it('puts round lines over the range, zero included', () => {
    expect(niceTicks(0, 9_000)).toEqual([0, 2_000, 4_000, 6_000, 8_000, 10_000]);
    expect(niceTicks(-3_000, 12_000)).toEqual([-5_000, 0, 5_000, 10_000, 15_000]);
    expect(niceTicks(0, 0)).toEqual([0]);
  });

  it('writes axis money short', () => {
    expect(plain(compactMoney(12_500))).toBe('12,5 тыс');
    expect(plain(compactMoney(-3_000))).toBe('−3 тыс');
    expect(plain(compactMoney(1_500_000))).toBe('1,5 млн');
    expect(compactMoney(800)).toBe('800');
  });

  it('names a point by its step', () => {
    expect(axisLabel('2026-11-05', 'day', false)).toBe('05.11');
    expect(axisLabel('2026-11-01', 'month', false)).toBe('нояб');
    expect(axisLabel('2026-11-01', 'month', true)).toBe('нояб 26');
    expect(pointTitle('2026-11-05', 'day', '2026-11-30')).toBe('05.11.2026');
    expect(pointTitle('2026-11-23', 'week', '2026-11-26')).toBe('23.11.2026 – 26.11.2026');
    expect(pointTitle('2026-11-01', 'month', '2026-12-31')).toBe('Ноябрь 2026');
  });
});
