import type { DealKind } from '@addesk/contract';
import type { PluralForms } from '@/lib/format';

// What the screens of sales and purchases say about a kind lives in the contract's `dealVocabulary`.

/** A count of deals: 1 продажа, 2 продажи, 5 продаж; 1 закупка, 2 закупки, 5 закупок. */
export const dealCountForms: Record<DealKind, PluralForms> = {
  sale: ['продажа', 'продажи', 'продаж'],
  purchase: ['закупка', 'закупки', 'закупок'],
};

/** Texts both kinds share (spec §2.5-§2.9). */
export const dealTexts = {
  cards: 'Карточки',
  table: 'Таблица',
  details: 'Детали',
  price: 'Стоимость',
  status: 'Статус',
  noStatus: 'Без статуса',
  unknownChannel: 'Неизвестный канал',
  contact: 'Контакт',
  filterChannel: 'Канал',
  filterStatus: 'Статус',
  filterManager: 'Менеджер',
  all: 'Все',
  apply: 'Применить',
  saveChanges: 'Сохранить изменения',
  edit: 'Редактирование',
  cancelEdit: 'Отменить',
  back: 'Вернуться',
  cancel: 'Отмена',
  conflict:
    'Эту запись уже изменил кто-то другой. Мы показали свежую версию — проверьте и сохраните ещё раз.',
  // The lists (/sales, /purchases).
  noContact: 'Не указан',
  filters: 'Фильтры',
  views: 'Вид списка',
  resetFilters: 'Сбросить фильтры',
  reset: 'Сбросить',
  retry: 'Повторить',
  search: 'Поиск',
  searchPlaceholder: 'Канал, контакт или @username',
  clearSearch: 'Очистить поиск',
  order: 'Сначала новые',
  byPlacement: 'по размещению',
  placement: 'Размещение',
  // Money (decisions D5).
  payment: 'Оплата',
  filterPayment: 'Оплата',
  unpaid: 'Не оплачено:',
  overdue: 'просрочено',
  totals: 'Итоги списка',
} as const;
