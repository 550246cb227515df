// What the screens of sales and purchases say about a kind lives in the contract's `dealVocabulary`.

/** Texts both kinds share (spec §2.5-§2.9). */
export const dealTexts = {
  cards: 'Карточки',
  table: 'Таблица',
  details: 'Детали',
  price: 'Стоимость',
  status: 'Статус',
  noStatus: 'Без статуса',
  unknownChannel: 'Неизвестный канал',
  archivedChannel: 'В архиве',
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
  deleting: 'Удаляем…',
  history: 'История',
  conflict:
    'Эту запись уже изменил кто-то другой. Мы показали свежую версию — проверьте и сохраните ещё раз.',
  // The lists (/sales, /purchases).
  noContact: 'Не указан',
  contactMissing: 'Контакт не указан',
  filters: 'Фильтры',
  views: 'Вид списка',
  resetFilters: 'Сбросить фильтры',
  nothingFound: 'Ничего не найдено',
  reset: 'Сбросить',
  retry: 'Повторить',
  // A new deal on this one's terms (issue 33); the same word as 'retry', another action.
  repeat: 'Повторить',
  search: 'Поиск',
  searchPlaceholder: 'Канал, контакт или @username',
  clearSearch: 'Очистить поиск',
  order: 'Сначала новые',
  byPlacement: 'по размещению',
  placement: 'Размещение',
  // Money (decisions D5): the card's line, the table's column and the filter chip.
  payment: 'Оплата',
} as const;
