import { describe, expect, it } from 'vitest';
import {
  dayTitle,
  gridRange,
  monthGrid,
  monthTitle,
  parsePeriod,
  periodLabel,
  periodValue,
  presetRange,
  shiftMonth,
  shortDay,
  tapDay,
  todayDay,
} from './period-picker-lib';

const dayTime = (day: string) => Date.parse(`${day}T00:00:00Z`);
const weekday = (day: string) => new Date(dayTime(day)).getUTCDay();

describe('monthGrid', () => {
  it('starts on the Monday before the 1st and ends on the Sunday after the last day, in full weeks', () => {
    // March 2026: the 1st is a Sunday, the 31st a Tuesday.
    const days = monthGrid('2026-03-01');
    expect(days[0]).toBe('2026-02-23');
    expect(days.at(-1)).toBe('2026-04-05');
    expect(days).toHaveLength(42);
    expect(days.length % 7).toBe(0);
    expect(weekday(days[0] as string)).toBe(1);
    expect(weekday(days.at(-1) as string)).toBe(0);
    expect(days).toContain('2026-03-01');
    expect(days).toContain('2026-03-31');
  });

  it('needs no padding when the month starts on a Monday and ends on a Sunday', () => {
    // February 2021: Monday the 1st to Sunday the 28th, exactly four weeks.
    const days = monthGrid('2021-02-01');
    expect(days).toHaveLength(28);
    expect(days[0]).toBe('2021-02-01');
    expect(days.at(-1)).toBe('2021-02-28');
  });

  it('has no gaps or repeats', () => {
    for (const month of ['2024-02-01', '2025-12-01', '2026-06-01', '2026-10-01']) {
      const days = monthGrid(month);
      for (let i = 1; i < days.length; i++) {
        expect(dayTime(days[i] as string) - dayTime(days[i - 1] as string)).toBe(86_400_000);
      }
    }
  });

  it('gives the calendar call the first and the last day on screen', () => {
    expect(gridRange('2026-03-01')).toEqual({ from: '2026-02-23', to: '2026-04-05' });
    expect(gridRange('2026-10-01')).toEqual({ from: '2026-09-28', to: '2026-11-01' });
  });
});

describe('monthTitle and shiftMonth', () => {
  it("reads 'Март 2026' (nominative, capitalised)", () => {
    expect(monthTitle('2026-03-01')).toBe('Март 2026');
    expect(monthTitle('2026-05-01')).toBe('Май 2026');
    expect(monthTitle('2025-12-01')).toBe('Декабрь 2025');
  });

  it('moves across years', () => {
    expect(shiftMonth('2026-01-01', -1)).toBe('2025-12-01');
    expect(shiftMonth('2025-12-01', 1)).toBe('2026-01-01');
  });
});

describe('dayTitle', () => {
  it("reads '3 марта 2026' (the month in the genitive, the day without a leading zero)", () => {
    expect(dayTitle('2026-03-03')).toBe('3 марта 2026');
    expect(dayTitle('2026-05-31')).toBe('31 мая 2026');
    expect(dayTitle('2025-12-01')).toBe('1 декабря 2025');
  });

  it('leaves what is not a real day as it is, and gives such a month no grid', () => {
    expect(dayTitle('2026-02-30')).toBe('2026-02-30');
    expect(monthTitle('2026-13-01')).toBe('');
    expect(monthGrid('2026-02-30')).toEqual([]);
  });
});

describe('tapDay', () => {
  it('starts a range on the first tap and ends it on the second', () => {
    const started = tapDay({}, '2026-03-03');
    expect(started).toEqual({ from: '2026-03-03' });
    expect(tapDay(started, '2026-03-17')).toEqual({ from: '2026-03-03', to: '2026-03-17' });
  });

  it('makes the earlier day the start when the second tap is before the first', () => {
    expect(tapDay({ from: '2026-03-17' }, '2026-03-03')).toEqual({ from: '2026-03-03', to: '2026-03-17' });
  });

  it('ends a one-day range when the same day is tapped twice', () => {
    expect(tapDay({ from: '2026-03-03' }, '2026-03-03')).toEqual({ from: '2026-03-03', to: '2026-03-03' });
  });

  it('starts a new range on the third tap', () => {
    expect(tapDay({ from: '2026-03-03', to: '2026-03-17' }, '2026-03-10')).toEqual({ from: '2026-03-10' });
  });
});

describe('presetRange', () => {
  // Wednesday, 18 March 2026.
  const today = '2026-03-18';

  it('Вчера and Сегодня are single days', () => {
    expect(presetRange('yesterday', today)).toEqual({ from: '2026-03-17', to: '2026-03-17' });
    expect(presetRange('today', today)).toEqual({ from: today, to: today });
    expect(presetRange('yesterday', '2026-03-01')).toEqual({ from: '2026-02-28', to: '2026-02-28' });
  });

  it('Текущая неделя runs Monday to Sunday', () => {
    expect(presetRange('week', today)).toEqual({ from: '2026-03-16', to: '2026-03-22' });
    // On a Sunday the week is the one ending that day.
    expect(presetRange('week', '2026-03-22')).toEqual({ from: '2026-03-16', to: '2026-03-22' });
  });

  it('counts from the real today when given something that is not a day', () => {
    expect(presetRange('today', 'вчера')).toEqual(presetRange('today', todayDay()));
  });

  it('Текущий месяц runs from the 1st to the last day', () => {
    expect(presetRange('month', today)).toEqual({ from: '2026-03-01', to: '2026-03-31' });
    expect(presetRange('month', '2024-02-10')).toEqual({ from: '2024-02-01', to: '2024-02-29' });
  });
});

describe('periodValue and parsePeriod', () => {
  it("writes '=bt=(start,end)' and reads it back", () => {
    expect(periodValue({ from: '2026-03-03', to: '2026-03-17' })).toBe('=bt=(2026-03-03,2026-03-17)');
    expect(parsePeriod('=bt=(2026-03-03,2026-03-17)')).toEqual({ from: '2026-03-03', to: '2026-03-17' });
  });

  it('takes a lone start as that one day, and nothing as no filter', () => {
    expect(periodValue({ from: '2026-03-03' })).toBe('=bt=(2026-03-03,2026-03-03)');
    expect(periodValue({})).toBeUndefined();
  });

  it('reads a reversed range in order, a single day, and nothing from what is not a range of real days', () => {
    expect(parsePeriod('=bt=(2026-03-17,2026-03-03)')).toEqual({ from: '2026-03-03', to: '2026-03-17' });
    expect(parsePeriod('==2026-03-03')).toEqual({ from: '2026-03-03', to: '2026-03-03' });
    expect(parsePeriod('=bt=(2026-02-30,2026-03-03)')).toEqual({});
    expect(parsePeriod('вчера')).toEqual({});
    expect(parsePeriod(undefined)).toEqual({});
  });
});

describe('periodLabel', () => {
  const today = '2026-03-18';

  it("says 'За все время' when empty", () => {
    expect(periodLabel(undefined, today)).toBe('За все время');
  });

  it("says 'Сегодня' and 'Вчера' for those single days", () => {
    expect(periodLabel('=bt=(2026-03-18,2026-03-18)', today)).toBe('Сегодня');
    expect(periodLabel('=bt=(2026-03-17,2026-03-17)', today)).toBe('Вчера');
  });

  it("says 'dd MMM – dd MMM' in Russian otherwise", () => {
    expect(periodLabel('=bt=(2026-03-03,2026-03-17)', today)).toBe('03 мар – 17 мар');
    expect(periodLabel('=bt=(2026-03-16,2026-03-18)', today)).toBe('16 мар – 18 мар');
    expect(periodLabel('=bt=(2026-03-10,2026-03-10)', today)).toBe('10 мар – 10 мар');
    expect(periodLabel('=bt=(2025-12-28,2026-01-05)', today)).toBe('28 дек – 05 янв');
  });

  it('drops the dot of the Russian abbreviations', () => {
    expect(shortDay('2026-09-01')).toBe('01 сент');
    expect(shortDay('2026-05-09')).toBe('09 мая');
    expect(shortDay('2026-11-30')).toBe('30 нояб');
  });
});

describe('todayDay', () => {
  it('is the day in Moscow, not in the device zone', () => {
    // 22:30 UTC on the 17th is already 01:30 on the 18th in Moscow (UTC+3).
    expect(todayDay(new Date('2026-03-17T22:30:00Z'))).toBe('2026-03-18');
    expect(todayDay(new Date('2026-03-17T20:59:00Z'))).toBe('2026-03-17');
  });
});
