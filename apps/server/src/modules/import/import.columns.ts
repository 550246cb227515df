import {
  type DealKind,
  IMPORT_SAMPLES,
  type ImportField,
  type ImportMapping,
  importFieldsOf,
} from '@addesk/contract';
import type { ImportColumnRow } from '../../db/schema/index.js';
import type { ReadCell } from '../../lib/files/read-table.js';
import { cellText, folded } from './import.values.js';

// Which column is which (issue 37): AdDesk guesses from the headers people write in Russian and English, first by the
// whole header, then by a part of it; the user corrects the guess on the mapping screen.

type Guesses = { exact: string[]; part?: string[] };

const common: Record<Exclude<ImportField, 'dealDate' | 'counterpart' | 'employee'>, Guesses> = {
  placement: {
    exact: [
      'размещение',
      'дата размещения',
      'дата выхода',
      'выход',
      'дата публикации',
      'публикация',
      'placement',
    ],
    part: ['размещ', 'выход', 'публикац'],
  },
  time: { exact: ['время', 'время размещения', 'время выхода', 'time'], part: ['время'] },
  channel: { exact: ['наш канал', 'our channel', 'channel'], part: ['наш канал'] },
  contact: {
    exact: ['контакт', 'контакты', 'админ', 'администратор', 'contact', 'телеграм', 'telegram', 'тг'],
    part: ['контакт'],
  },
  price: {
    exact: [
      'цена',
      'стоимость',
      'сумма',
      'цена, руб',
      'стоимость, руб',
      'сумма, руб',
      'price',
      'cost',
      'amount',
    ],
    part: ['цена', 'стоимост'],
  },
  paid: { exact: ['оплачено', 'оплачено, руб', 'сумма оплаты', 'paid'], part: ['оплачено'] },
  paidAt: { exact: ['дата оплаты', 'оплачено когда', 'payment date', 'paid at'], part: ['дата оплат'] },
  dueDate: { exact: ['оплатить до', 'срок оплаты', 'due date', 'due'], part: ['срок оплат', 'оплатить до'] },
  status: { exact: ['статус', 'состояние', 'status'], part: ['статус'] },
  format: { exact: ['формат', 'формат рекламы', 'format'], part: ['формат'] },
  type: { exact: ['тип рекламы', 'вид рекламы', 'тип', 'type', 'ad type'], part: ['тип рекл'] },
  postLink: {
    exact: ['ссылка на пост', 'пост', 'ссылка', 'post link', 'post', 'link'],
    part: ['ссылка на пост'],
  },
};

const ofKind: Record<DealKind, Record<'dealDate' | 'counterpart' | 'employee', Guesses>> = {
  sale: {
    dealDate: {
      exact: ['дата продажи', 'дата сделки', 'дата', 'date', 'sale date'],
      part: ['дата продаж', 'дата сделк'],
    },
    counterpart: {
      exact: ['покупатель', 'рекламодатель', 'заказчик', 'клиент', 'канал рекламодателя', 'контрагент'],
      part: ['рекламодател', 'покупател', 'заказчик'],
    },
    employee: {
      exact: ['менеджер', 'сотрудник', 'продал', 'кто продал', 'ответственный', 'manager', 'employee'],
      part: ['менеджер', 'сотрудник', 'ответствен'],
    },
  },
  purchase: {
    dealDate: {
      exact: ['дата закупки', 'дата сделки', 'дата', 'date', 'purchase date'],
      part: ['дата закуп', 'дата сделк'],
    },
    counterpart: {
      exact: ['продавец', 'канал продавца', 'где покупали', 'где закупали', 'контрагент', 'seller'],
      part: ['продав', 'где закуп'],
    },
    employee: {
      exact: ['менеджер', 'сотрудник', 'закупил', 'кто закупил', 'закупщик', 'ответственный', 'manager'],
      part: ['менеджер', 'сотрудник', 'закупщик', 'ответствен'],
    },
  },
};

/** A header as compared: folded, without a trailing colon or unit in brackets ('Цена (руб.)'). */
const header = (name: string) =>
  folded(name)
    .replace(/\s*\((руб\.?|₽|rub)\)$/, '')
    .replace(/:$/, '');

/**
 * The guessed mapping. 'Канал' alone is our channel, unless the file also has 'Наш канал' (our own export does):
 * then it is the other side's.
 */
export function guessMapping(kind: DealKind, columns: readonly ImportColumnRow[]): ImportMapping {
  const headers = columns.map((column) => header(column.name));
  const guesses: Record<ImportField, Guesses> = { ...common, ...ofKind[kind] };
  const plainChannel: ImportField = headers.includes('наш канал') ? 'counterpart' : 'channel';
  const mapping: ImportMapping = {};
  const taken = new Set<number>();
  const fields = importFieldsOf(kind);
  const assign = (matches: (field: ImportField, text: string) => boolean) => {
    for (const field of fields) {
      if (mapping[field] !== undefined) continue;
      const index = headers.findIndex((text, i) => !taken.has(i) && matches(field, text));
      if (index < 0) continue;
      mapping[field] = index;
      taken.add(index);
    }
  };
  assign(
    (field, text) => guesses[field].exact.includes(text) || (field === plainChannel && text === 'канал'),
  );
  assign((field, text) => guesses[field].part?.some((part) => text.includes(part)) ?? false);
  for (const field of fields) mapping[field] ??= null;
  return mapping;
}

/** The columns of a file: its header row's names (a blank one is named by its letter) and the first values under them. */
export function columnsOf(
  headerCells: readonly ReadCell[],
  firstRows: readonly ReadCell[][],
): ImportColumnRow[] {
  const width = Math.max(headerCells.length, ...firstRows.map((cells) => cells.length));
  return Array.from({ length: width }, (_, index) => ({
    index,
    name: cellText(headerCells[index] ?? null).slice(0, 100) || `Колонка ${columnLetter(index)}`,
    samples: firstRows
      .map((cells) => cellText(cells[index] ?? null).slice(0, 60))
      .filter(Boolean)
      .slice(0, IMPORT_SAMPLES),
  }));
}

/** A, B, …, Z, AA, …: the letter a spreadsheet gives a column. */
function columnLetter(index: number): string {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  }
  return letters;
}
