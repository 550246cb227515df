import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDay,
  formatMoney,
  initials,
  plural,
  pluralForm,
  formatTime as timeWithMark,
  formatDateTime as withMark,
  zoneMark,
  zoneShortName,
} from './format';

/** Compare texts with any kind of space as a plain one. */
const plain = (text: string) => text.replace(/\s/g, ' ');

/** A time without the zone's mark a device in another zone adds: '14:30 МСК' -> '14:30'. */
const bare = (text: string) => text.replace(/\u00a0\S+$/, '');

describe('formatMoney', () => {
  it('groups thousands and adds руб', () => {
    expect(plain(formatMoney(12500))).toBe('12 500 руб');
    expect(plain(formatMoney(0))).toBe('0 руб');
    expect(plain(formatMoney(1_234_567))).toBe('1 234 567 руб');
  });

  it('shows kopecks only when they are not zero', () => {
    expect(plain(formatMoney(12500.5))).toBe('12 500,50 руб');
    expect(plain(formatMoney('899.00'))).toBe('899 руб');
    expect(plain(formatMoney('1999.99'))).toBe('1 999,99 руб');
  });

  it('keeps the number and руб together with non-breaking spaces', () => {
    expect(formatMoney(12500)).toBe('12\u00a0500\u00a0руб');
  });

  it('rounds to kopecks and groups big sums', () => {
    expect(plain(formatMoney(0.005))).toBe('0,01 руб');
    expect(plain(formatMoney(999.999))).toBe('1 000 руб');
    expect(plain(formatMoney(1_000_000_000))).toBe('1 000 000 000 руб');
    expect(plain(formatMoney(-0.001))).toBe('0 руб');
  });

  it('handles negative amounts and bad input', () => {
    // One minus sign (U+2212) for money as for percentages (issue 33), never the hyphen.
    expect(plain(formatMoney(-3000))).toBe('\u22123 000 руб');
    expect(plain(formatMoney('-1234567.89'))).toBe('\u22121 234 567,89 руб');
    expect(plain(formatMoney('abc'))).toBe('— руб');
  });
});

describe('dates', () => {
  // The fields hold on every device; the zone's mark after a time has its own tests below.
  const formatDateTime = (...args: Parameters<typeof withMark>) => bare(withMark(...args));
  const formatTime = (...args: Parameters<typeof timeWithMark>) => bare(timeWithMark(...args));
  // 11:30 UTC is 14:30 in Moscow (UTC+3 all year).
  const instant = '2025-03-05T11:30:00Z';

  it('formats dd.mm.yyyy, HH:mm in Moscow by default', () => {
    expect(formatDate(instant)).toBe('05.03.2025');
    expect(formatTime(instant)).toBe('14:30');
    expect(formatDateTime(instant)).toBe('05.03.2025, 14:30');
  });

  it('crosses midnight by the zone, not by the device', () => {
    expect(formatDateTime('2025-12-31T22:15:00Z')).toBe('01.01.2026, 01:15');
    expect(formatDateTime('2025-12-31T22:15:00Z', 'UTC')).toBe('31.12.2025, 22:15');
    expect(formatDay('2025-12-31T22:15:00Z')).toBe('2026-01-01');
    expect(formatDay('2025-12-31T22:15:00Z', 'UTC')).toBe('2025-12-31');
  });

  it('writes midnight as 00:00 and pads every field', () => {
    expect(formatDateTime('2025-01-08T21:00:00Z')).toBe('09.01.2025, 00:00');
    expect(formatDay('0999-01-02T12:00:00Z', 'UTC')).toBe('0999-01-02');
  });

  it('accepts Date objects and timestamps', () => {
    expect(formatDate(new Date(instant))).toBe('05.03.2025');
    expect(formatTime(Date.parse(instant))).toBe('14:30');
  });

  it('agrees with the zone database in Moscow, before its last change of offset and every 37 hours since', () => {
    // Summer 2012: Moscow was UTC+4.
    expect(formatDateTime('2012-06-01T12:00:00Z')).toBe('01.06.2012, 16:00');
    // 26.10.2014, 02:00 in Moscow: clocks went back to UTC+3 for good.
    expect(formatDateTime('2014-10-25T21:59:00Z')).toBe('26.10.2014, 01:59');
    expect(formatDateTime('2014-10-25T22:00:00Z')).toBe('26.10.2014, 01:00');
    const moscow = new Intl.DateTimeFormat('ru-RU', {
      timeZone: 'Europe/Moscow',
      hourCycle: 'h23',
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
    });
    for (let time = Date.UTC(2014, 9, 25, 22); time < Date.UTC(2036, 0, 1); time += 37 * 3_600_000 + 60_000) {
      expect(formatDateTime(time), new Date(time).toISOString()).toBe(moscow.format(time));
    }
  });

  it('gives an empty string for an invalid date', () => {
    expect(formatDateTime('not a date')).toBe('');
    expect(formatDay('not a date')).toBe('');
  });
});

/** The device this run's process is in: the web suite runs under Moscow, Berlin and New York (vitest.config.ts). */
const device = Intl.DateTimeFormat().resolvedOptions().timeZone;

/** What a device in each of the suite's zones shows. */
const onDevice = (shown: Record<'Europe/Moscow' | 'Europe/Berlin' | 'America/New_York', string>) => {
  const expected = shown[device as keyof typeof shown];
  if (expected === undefined) throw new Error(`no expectation for a device in ${device}`);
  return expected;
};

describe('the zone’s mark on a device in another zone (decisions D5)', () => {
  // 12:30 UTC: 15:30 in Moscow, 19:30 in Novosibirsk, 13:30 in Berlin (winter), 07:30 in New York (winter).
  const winter = '2025-01-15T12:30:00Z';
  const summer = '2025-07-15T12:30:00Z';

  it('a Moscow team: 15:30 on a Moscow device, 15:30 МСК on any other', () => {
    const shown = onDevice({
      'Europe/Moscow': '15:30',
      'Europe/Berlin': '15:30\u00a0МСК',
      'America/New_York': '15:30\u00a0МСК',
    });
    expect(timeWithMark(winter)).toBe(shown);
    expect(withMark(winter)).toBe(`15.01.2025, ${shown}`);
  });

  it('a Russian zone is named by its city’s letters, whatever the device', () => {
    expect(timeWithMark(winter, 'Asia/Novosibirsk')).toBe('19:30\u00a0НСК');
    expect(zoneMark(summer, 'Asia/Yekaterinburg')).toBe('ЕКБ');
    expect(zoneMark(summer, 'Europe/Kaliningrad')).toBe(device === 'Europe/Berlin' ? '' : 'КЛД');
  });

  it('any other zone by its offset at that instant', () => {
    expect(zoneMark(winter, 'UTC')).toBe('GMT');
    expect(zoneMark(winter, 'Asia/Tashkent')).toBe('GMT+5');
    expect(zoneMark(winter, 'Asia/Kolkata')).toBe('GMT+5:30');
    expect(zoneMark(winter, 'America/Sao_Paulo')).toBe('GMT−3');
    expect(zoneMark(winter, 'Europe/Berlin')).toBe(device === 'Europe/Berlin' ? '' : 'GMT+1');
    expect(zoneMark(summer, 'Europe/Berlin')).toBe(device === 'Europe/Berlin' ? '' : 'GMT+2');
  });

  it('only where the two clocks differ at that instant: a Kyiv team on a Moscow device in summer and in winter', () => {
    expect(zoneMark(summer, 'Europe/Kiev')).toBe(
      onDevice({
        'Europe/Moscow': '',
        'Europe/Berlin': 'GMT+3',
        'America/New_York': 'GMT+3',
      }),
    );
    expect(zoneMark(winter, 'Europe/Kiev')).toBe('GMT+2');
    expect(zoneMark(winter, 'America/New_York')).toBe(device === 'America/New_York' ? '' : 'GMT−5');
  });

  it('names a zone at an instant whatever the device, as the settings’ hints and search do', () => {
    expect(zoneShortName('Europe/Moscow', winter)).toBe('МСК');
    expect(zoneShortName('Europe/Berlin', winter)).toBe('GMT+1');
    expect(zoneShortName('Europe/Berlin', summer)).toBe('GMT+2');
    expect(zoneShortName('America/New_York', summer)).toBe('GMT−4');
  });

  it('adds nothing to a date alone or to an invalid one', () => {
    expect(formatDate(winter, 'Asia/Novosibirsk')).toBe('15.01.2025');
    expect(withMark('not a date')).toBe('');
    expect(zoneMark('not a date')).toBe('');
  });
});

describe('plural', () => {
  const channels = ['канал', 'канала', 'каналов'] as const;

  it.each([
    [0, 'каналов'],
    [1, 'канал'],
    [2, 'канала'],
    [4, 'канала'],
    [5, 'каналов'],
    [11, 'каналов'],
    [12, 'каналов'],
    [14, 'каналов'],
    [21, 'канал'],
    [22, 'канала'],
    [25, 'каналов'],
    [101, 'канал'],
    [111, 'каналов'],
  ])('%i -> %s', (count, form) => {
    expect(pluralForm(count, channels)).toBe(form);
  });

  it('puts the count before the word', () => {
    expect(plain(plural(5, channels))).toBe('5 каналов');
    expect(plain(plural(1, ['сотрудник', 'сотрудника', 'сотрудников']))).toBe('1 сотрудник');
  });
});

describe('initials', () => {
  it('takes the first letters of up to two words', () => {
    expect(initials('Иван', 'Петров')).toBe('ИП');
    expect(initials('иван петров сидоров')).toBe('ИП');
    expect(initials('маркетинг')).toBe('М');
    expect(initials('  @news  channel ')).toBe('NC');
    expect(initials('', null, undefined)).toBe('');
  });
});
