import { describe, expect, it } from 'vitest';
import { columnsOf, guessMapping } from '../../../src/modules/import/import.columns.js';
import {
  readCounterpart,
  readDateTime,
  readMoney,
  readPaid,
  readTime,
} from '../../../src/modules/import/import.values.js';

// Values as people write them (issue 37): each reader's answers, and the guess of which column is which.

describe('reading a spreadsheet cell', () => {
  it('reads days and times the Russian, ISO and Excel ways', () => {
    const day = (cell: Parameters<typeof readDateTime>[0]) => readDateTime(cell);
    expect(day('14.03.2025')).toEqual({ value: { day: '2025-03-14', minutes: null } });
    expect(day('4.3.25')).toEqual({ value: { day: '2025-03-04', minutes: null } });
    expect(day('2025-03-14')).toEqual({ value: { day: '2025-03-14', minutes: null } });
    expect(day('14.03.2025 18:30')).toEqual({ value: { day: '2025-03-14', minutes: 18 * 60 + 30 } });
    expect(day('2025-03-14T09:05')).toEqual({ value: { day: '2025-03-14', minutes: 9 * 60 + 5 } });
    // Excel: 45730 is 2025-03-14; .75 is 18:00.
    expect(day({ excelDate: 45730 })).toEqual({ value: { day: '2025-03-14', minutes: null } });
    expect(day({ excelDate: 45730.75 })).toEqual({ value: { day: '2025-03-14', minutes: 18 * 60 } });
    expect(day(45730)).toEqual({ value: { day: '2025-03-14', minutes: null } });
    expect(day('')).toBeNull();
    expect(day(null)).toBeNull();
    expect(day('31.02.2025')).toEqual({ error: '«31.02.2025» — нет такой даты' });
    expect(day('завтра')).toEqual({ error: '«завтра» — не дата (нужно дд.мм.гггг)' });
    expect(day('14.03.2025 25:00')).toEqual({ error: '«14.03.2025 25:00» — не время (нужно ЧЧ:ММ)' });
    expect(day({ formulaWithoutValue: 'A1+1' })).toMatchObject({ error: expect.stringContaining('формула') });
    expect(readTime('9.30')).toEqual({ value: 9 * 60 + 30 });
    expect(readTime('18:00:00')).toEqual({ value: 18 * 60 });
    expect(readTime({ excelDate: 0.5 })).toEqual({ value: 12 * 60 });
    expect(readTime('полдень')).toEqual({ error: '«полдень» — не время (нужно ЧЧ:ММ)' });
  });

  it('reads money with spaces, commas, points and currency words by the price rule', () => {
    for (const [text, value] of [
      ['12 500', 12500],
      ['12\u00a0500,50', 12500.5],
      ['12500.5 ₽', 12500.5],
      ['15 000 руб', 15000],
      ['15 000 руб.', 15000],
      ['1,234,567.89', 1234567.89],
      ['1.234.567,89', 1234567.89],
      ['0', 0],
    ] as const) {
      expect(readMoney(text), text).toEqual({ value });
    }
    expect(readMoney(8000)).toEqual({ value: 8000 });
    expect(readMoney('12 5ОО')).toEqual({ error: '«12 5ОО» — не число' });
    expect(readMoney('-100')).toEqual({ error: '«-100» — меньше нуля' });
    expect(readMoney('10,555')).toEqual({ error: '«10,555» — больше двух знаков после запятой' });
    expect(readMoney('2000000000')).toEqual({ error: '«2000000000» — больше 1 000 000 000 руб' });
    expect(readMoney(' ')).toBeNull();
    expect(readPaid('да')).toEqual({ value: 'all' });
    expect(readPaid('Нет')).toEqual({ value: 0 });
    expect(readPaid('5 000')).toEqual({ value: 5000 });
  });

  it('reads a counterpart as the form would: a link or @name is its username, the rest its name', () => {
    expect(readCounterpart('@marketing_ru')).toEqual({ value: { name: '', username: 'marketing_ru' } });
    expect(readCounterpart('https://t.me/marketing_ru')).toEqual({
      value: { name: '', username: 'marketing_ru' },
    });
    expect(readCounterpart('Маркетинг (@marketing_ru)')).toEqual({
      value: { name: 'Маркетинг', username: 'marketing_ru' },
    });
    expect(readCounterpart('ИП Иванов')).toEqual({ value: { name: 'ИП Иванов' } });
    expect(readCounterpart("'=HYPERLINK(x)")).toEqual({ value: { name: '=HYPERLINK(x)' } });
  });
});

describe('guessing which column is which', () => {
  const columns = (...names: string[]) => columnsOf(names, []);

  it('knows Russian and English headers, whole or in part', () => {
    const mapping = guessMapping(
      'sale',
      columns(
        'Дата',
        'Время',
        'Канал',
        'Рекламодатель',
        'Контакт',
        'Цена (руб.)',
        'Оплачено',
        'Статус',
        'Формат',
        'Менеджер',
        'Заметки',
      ),
    );
    expect(mapping).toMatchObject({
      dealDate: 0,
      time: 1,
      channel: 2,
      counterpart: 3,
      contact: 4,
      price: 5,
      paid: 6,
      status: 7,
      format: 8,
      employee: 9,
      placement: null,
      type: null,
    });
    expect(guessMapping('purchase', columns('date', 'channel', 'seller', 'price', 'paid'))).toMatchObject({
      dealDate: 0,
      channel: 1,
      counterpart: 2,
      price: 3,
      paid: 4,
    });
  });

  it("reads our own export: 'Канал' beside 'Наш канал' is the other side's", () => {
    const mapping = guessMapping(
      'sale',
      columns(
        'Дата продажи',
        'Размещение',
        'Наш канал',
        'Канал',
        'Контакт',
        'Статус',
        'Формат',
        'Тип рекламы',
        'Сотрудник',
        'Стоимость',
        'Оплачено',
        'Осталось',
        'Оплатить до',
        'Оплата',
        'Ссылка на пост',
        'CPM',
      ),
    );
    expect(mapping).toEqual({
      dealDate: 0,
      placement: 1,
      time: null,
      channel: 2,
      counterpart: 3,
      contact: 4,
      status: 5,
      format: 6,
      type: 7,
      employee: 8,
      price: 9,
      paid: 10,
      paidAt: null,
      dueDate: 12,
      postLink: 14,
    });
  });

  it('names a blank header by its letter and shows the first values', () => {
    expect(
      columnsOf(
        ['Цена', ''],
        [
          ['100', 'x'],
          ['200', null],
          ['300', 'y'],
          ['400', 'z'],
        ],
      ),
    ).toEqual([
      { index: 0, name: 'Цена', samples: ['100', '200', '300'] },
      { index: 1, name: 'Колонка B', samples: ['x', 'y', 'z'] },
    ]);
  });
});
