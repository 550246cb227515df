import type { DealKind } from '@addesk/contract';

/**
 * Everything the screens of sales and purchases say or link to differently (spec §2.5-§2.9 with decisions D2).
 * The screens themselves are one implementation that takes a kind; nothing else may branch on it for texts.
 * Field names of the API per kind are `dealFields` in @addesk/contract.
 */
export const dealKindTexts = {
  sale: {
    title: 'Продажи',
    one: 'Продажа',
    listPath: '/sales',
    newPath: '/sale/new',
    itemPath: '/sale/$id',
    addLabel: 'Добавить продажу',
    empty: 'Здесь пока нет продаж...',
    counterpartLine: 'Кому продавали',
    submitCreate: 'Создать продажу',
    created: 'Продажа добавлена',
    dateLabel: 'Дата продажи',
    managerLabel: 'Кто продал',
    notFound: 'Продажа не найдена',
    periodHint: 'Период отбирает продажи по дате продажи; значки в календаре — дни размещения.',
    // The form (/sale/new, /sale/{id}).
    newTitle: 'Новая продажа',
    openCreated: 'Открыть продажу',
  },
  purchase: {
    title: 'Закупки',
    one: 'Закупка',
    listPath: '/purchases',
    newPath: '/purchase/new',
    itemPath: '/purchase/$id',
    addLabel: 'Добавить закупку',
    empty: 'Здесь пока нет закупок...',
    counterpartLine: 'У кого закупали',
    submitCreate: 'Создать закупку',
    created: 'Закупка добавлена',
    dateLabel: 'Дата закупки',
    managerLabel: 'Кто закупил',
    notFound: 'Закупка не найдена',
    periodHint: 'Период отбирает закупки по дате закупки; значки в календаре — дни размещения.',
    // The form (/purchase/new, /purchase/{id}).
    newTitle: 'Новая закупка',
    openCreated: 'Открыть закупку',
  },
} as const satisfies Record<DealKind, Record<string, string>>;

export type DealKindTexts = (typeof dealKindTexts)[DealKind];

/** Texts both kinds share (spec §2.5-§2.9). */
export const dealTexts = {
  cards: 'Карточки',
  table: 'Таблица',
  details: 'Детали',
  price: 'Стоимость',
  dateTime: 'Дата и время',
  status: 'Статус',
  noStatus: 'Без статуса',
  unknownChannel: 'Неизвестный канал',
  contact: 'Контакт',
  date: 'Дата',
  filterChannel: 'Канал',
  filterStatus: 'Статус',
  filterManager: 'Менеджер',
  filterPeriod: 'Период',
  all: 'Все',
  apply: 'Применить',
  done: 'Готово',
  allTime: 'За все время',
  today: 'Сегодня',
  yesterday: 'Вчера',
  currentWeek: 'Текущая неделя',
  currentMonth: 'Текущий месяц',
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
  close: 'Назад',
  calendarTypes: 'Показывать в календаре',
} as const;
