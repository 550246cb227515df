import { describe, expect, it } from 'vitest';
import { changeOf } from './change';

const plain = (text: string) => text.replace(/\u00a0/g, ' ');

describe('changeOf', () => {
  it('is the change in whole percent of the previous period', () => {
    expect(changeOf(11_200, 10_000)).toMatchObject({ direction: 'up' });
    expect(plain(changeOf(11_200, 10_000).text)).toBe('+12 %');
    expect(plain(changeOf(9_500, 10_000).text)).toBe('−5 %');
    expect(changeOf(9_500, 10_000).direction).toBe('down');
    expect(plain(changeOf(10_001, 10_000).text)).toBe('0 %');
  });

  it("is '—' when the previous period is 0", () => {
    expect(changeOf(5_000, 0)).toEqual({ direction: 'none', text: '—' });
    expect(changeOf(0, 0)).toEqual({ direction: 'none', text: '—' });
  });

  it('measures a loss against its size: from −1000 to −500 is up by half', () => {
    expect(plain(changeOf(-500, -1_000).text)).toBe('+50 %');
    expect(plain(changeOf(500, -1_000).text)).toBe('+150 %');
  });
});
