import { type DealKind, dealVocabulary, IMPORT_UNDO_DAYS, importFieldNames } from '@addesk/contract/plain';
import { formatCount, type PluralForms, plural, pluralForm } from '@/lib/format';

const rowForms = ['строка', 'строки', 'строк'] as const;
/** After a verb: 'Импортировать 1 строку, 2 строки, 5 строк'. */
const rowAccusativeForms = ['строку', 'строки', 'строк'] as const;

/** A past participle agreeing with a feminine noun's count: 'создана 1 продажа', 'создано 5 продаж'. */
const agreed = (count: number, one: string, other: string) =>
  pluralForm(count, [one, other, other]) === one ? one : other;

const deals = (kind: DealKind, count: number) => plural(count, dealVocabulary[kind].countForms);
/** After a verb: 'Удалим 1 продажу, 1 закупку'. */
const dealAccusativeForms = {
  sale: ['продажу', 'продажи', 'продаж'],
  purchase: ['закупку', 'закупки', 'закупок'],
} as const satisfies Record<DealKind, PluralForms>;

/** What the import screens say (issue 37), for both kinds: a sale and a purchase are both feminine. */
export const importTexts = {
  title: { sale: 'Импорт продаж', purchase: 'Импорт закупок' } satisfies Record<DealKind, string>,
  // Step 'Файл'
  choose: 'Выбрать файл',
  takes:
    'CSV (UTF-8 или Windows-1251, разделитель «;» или «,») или XLSX до 20 МБ. Первая строка — названия колонок.',
  uploading: 'Загружаем файл…',
  tooBig: 'Файл больше 20 МБ',
  notTable: 'Выберите файл CSV или XLSX',
  history: 'Прошлые импорты',
  historyEmpty: 'Импортов пока не было',
  undone: 'Отменён',
  draft: 'Черновик — продолжить',
  importing: 'Импортируется…',
  createdLine: (kind: DealKind, created: number, skipped: number) =>
    `${agreed(created, 'Создана', 'Создано')} ${deals(kind, created)} · ${agreed(skipped, 'пропущена', 'пропущено')} ${plural(skipped, rowForms)}`,
  // Step 'Колонки'
  fileLine: (name: string, rows: number) => `Файл: ${name} · ${plural(rows, rowForms)}`,
  columnsIntro: 'Укажите, из какой колонки файла брать каждое поле.',
  required: 'обязательно',
  dateHint: (kind: DealKind) =>
    `Нужна ${importFieldNames[kind].dealDate.toLowerCase()} или дата размещения: хотя бы одна из двух колонок.`,
  skipColumn: 'Не импортировать',
  check: 'Проверить строки',
  checking: 'Проверяем строки…',
  otherFile: 'Другой файл',
  // Step 'Проверка'
  ready: 'Готово к импорту',
  withErrors: 'С ошибками',
  duplicates: 'Уже импортированы',
  whichRows: 'Какие строки показать',
  allRows: 'Все строки',
  invalidRows: 'С ошибками',
  row: (row: number) => `Строка ${formatCount(row)}`,
  duplicateRow: 'Уже импортирована — пропустим',
  noRows: 'Таких строк нет',
  paid: 'оплачено',
  changeColumns: 'Изменить колонки',
  commit: (count: number) => `Импортировать ${plural(count, rowAccusativeForms)}`,
  importingProgress: (done: number, total: number) =>
    `Импортируем… ${formatCount(done)} из ${formatCount(total)}`,
  // Result
  created: (kind: DealKind, count: number) => `${agreed(count, 'Создана', 'Создано')} ${deals(kind, count)}`,
  skipped: (count: number) => `${agreed(count, 'Пропущена', 'Пропущено')} ${plural(count, rowForms)}`,
  skippedReasons: (invalid: number, duplicate: number) =>
    [
      invalid > 0 ? `с ошибками: ${formatCount(invalid)}` : null,
      duplicate > 0 ? `уже импортированы: ${formatCount(duplicate)}` : null,
    ]
      .filter(Boolean)
      .join(', '),
  toList: { sale: 'К продажам', purchase: 'К закупкам' } satisfies Record<DealKind, string>,
  // Undo
  undo: 'Отменить импорт',
  undoing: 'Отменяем…',
  undoQuestion: 'Отменить импорт?',
  undoHint: (kind: DealKind, count: number) =>
    `Удалим ${plural(count, dealAccusativeForms[kind])} этого импорта. Удалённое можно восстановить из корзины в течение ${plural(IMPORT_UNDO_DAYS, ['дня', 'дней', 'дней'])}.`,
  keep: 'Не отменять',
  undoneToast: (kind: DealKind, count: number) =>
    `Импорт отменён: ${agreed(count, 'удалена', 'удалено')} ${deals(kind, count)}`,
} as const;
