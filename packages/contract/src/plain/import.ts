import type { DealKind } from './deal-kinds.js';

// Importing past deals from a spreadsheet (issue 37, docs/decisions/029): the fields a column can fill, their Russian
// names, and the limits of a file. Plain, so the import screen reads them without loading zod (decision 009).

/** The deal fields a file's column can fill; `type` (ad type) exists for sales only. */
export const importFields = [
  'dealDate',
  'placement',
  'time',
  'channel',
  'counterpart',
  'contact',
  'price',
  'paid',
  'paidAt',
  'dueDate',
  'status',
  'format',
  'type',
  'employee',
  'postLink',
] as const;
export type ImportField = (typeof importFields)[number];

/** The fields of a kind, in the order the mapping screen lists them. */
export const importFieldsOf = (kind: DealKind): readonly ImportField[] =>
  kind === 'sale' ? importFields : importFields.filter((field) => field !== 'type');

/** Without these a row makes no deal: our channel, the price, and a date (the deal's or the placement's). */
export const requiredImportFields = ['channel', 'price'] as const satisfies readonly ImportField[];

const saleFieldNames: Record<ImportField, string> = {
  dealDate: 'Дата продажи',
  placement: 'Размещение',
  time: 'Время размещения',
  channel: 'Наш канал',
  counterpart: 'Канал рекламодателя',
  contact: 'Контакт',
  price: 'Стоимость',
  paid: 'Оплачено',
  paidAt: 'Дата оплаты',
  dueDate: 'Оплатить до',
  status: 'Статус',
  format: 'Формат',
  type: 'Тип рекламы',
  employee: 'Менеджер',
  postLink: 'Ссылка на пост',
};

/** Each field's name on the mapping screen and in a row's reasons. */
export const importFieldNames: Record<DealKind, Record<ImportField, string>> = {
  sale: saleFieldNames,
  purchase: { ...saleFieldNames, dealDate: 'Дата закупки', counterpart: 'Канал продавца' },
};

/** A file's limits: the body's size, and what a file of deals can reasonably hold (more is refused with a 400). */
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
export const IMPORT_MAX_COLUMNS = 200;
export const IMPORT_MAX_ROWS = 200_000;
/** How many sample values of each column the mapping screen shows. */
export const IMPORT_SAMPLES = 3;
/** How long an import can be undone ('Отменить импорт'), as long as a deleted deal can be restored. */
export const IMPORT_UNDO_DAYS = 30;

/** The file types an import takes, as the body's Content-Type. */
export const importContentTypes = {
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

/** draft: uploaded, being mapped; importing: its rows are going in; done: imported; undone: its deals were removed. */
export const importStates = ['draft', 'importing', 'done', 'undone'] as const;
export type ImportState = (typeof importStates)[number];
