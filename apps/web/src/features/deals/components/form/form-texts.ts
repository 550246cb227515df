import type { CounterpartList } from '../../api/get-counterparts';

/**
 * The labels of the deal form that both kinds share (spec §2.8/§2.9). What differs by kind (submit, success, the
 * manager's and the last date's labels, paths) is in lib/kinds.ts.
 */
export const formTexts = {
  channel: 'Наш канал',
  channelPlaceholder: 'Выберите канал',
  channelsEmpty: 'У вас пока нет каналов. Добавьте канал в разделе «Каналы».',
  managerPlaceholder: 'Выберите сотрудника',
  format: 'Формат рекламы',
  formatPlaceholder: 'Выберите формат',
  type: 'Тип рекламы',
  typePlaceholder: 'Выберите тип',
  status: 'Статус',
  statusPlaceholder: 'Выберите статус',
  hoursInTop: 'Часов в топе',
  placementTerm: 'Время на канале',
  durationDays: 'Сколько дней',
  durationHours: 'Сколько часов',
  cost: 'Стоимость',
  postLink: 'Ссылка на пост',
  postLinkPlaceholder: 'https://t.me/канал/123',
  /** Under the cost a new sale took from its channel's price list (issue 33). */
  byPriceList: 'По прайсу канала',
  placementDate: 'Дата размещения',
  placementTime: 'Время размещения',
  paymentDueDate: 'Оплатить до',
  noDueDate: 'Не указано',
  day: 'День',
  month: 'Месяц',
  year: 'Год',
  hours: 'Часы',
  minutes: 'Минуты',
  done: 'Готово',
  clear: 'Убрать',
  retry: 'Повторить',
  nothing: 'Не выбрано',
  loading: 'Загрузка...',
  creating: 'Создаём…',
  saving: 'Сохраняем…',
  saved: 'Изменения сохранены',
  noChanges: 'Изменений пока нет',
  missing: 'Чтобы сохранить, выберите:',
  checkFields: 'Проверьте поля, отмеченные красным',
  sections: { placement: 'Размещение', counterpart: 'Контрагент', deal: 'Сделка' },
} as const;

/**
 * The two counterpart pickers: the field and its sheet (what the search inside says is ./counterpart-search-texts.ts).
 * A placeholder fits the field at 360 px whole (about 23 letters beside the icon and the chevron); the sheet's hint
 * says the rest.
 */
export const counterpartTexts = {
  externalChannels: {
    label: 'Канал контрагента',
    placeholder: 'Название или ссылка',
    searchHint: 'Найдите сохранённый канал или вставьте ссылку вида t.me/channel_name',
  },
  contacts: {
    label: 'Контакт администратора',
    placeholder: 'Имя или ссылка',
    searchHint: 'Найдите сохранённый контакт, вставьте ссылку вида t.me/username или впишите имя',
  },
} as const satisfies Record<CounterpartList, Record<string, string>>;
