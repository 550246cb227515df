import type { CounterpartList } from '../../api/get-counterparts';

// The search inside a counterpart picker's sheet says these; they load with it, on the picker's first opening, and
// stay off the deal form's first load.

export const counterpartSearchTexts = {
  externalChannels: {
    search: 'Название или ссылка на канал',
    looking: 'Ищем канал…',
    found: 'Найденный канал',
    saved: 'Сохранённые каналы',
    none: 'Сохранённых каналов пока нет',
    noMatch: 'Среди сохранённых не нашлось',
  },
  contacts: {
    search: 'Имя или ссылка на профиль',
    looking: 'Ищем пользователя…',
    found: 'Найденный пользователь',
    saved: 'Сохранённые контакты',
    none: 'Сохранённых контактов пока нет',
    noMatch: 'Среди сохранённых не нашлось',
  },
} as const satisfies Record<CounterpartList, Record<string, string>>;

export const choose = 'Выбрать';
/** The button that keeps a bare name (no Telegram link) as the contact. */
export const bareNameLabel = (name: string) => `Записать «${name}» без ссылки`;
/** The button that keeps a person's link Telegram did not resolve, as typed. */
export const keepLinkLabel = (username: string) => `Записать @${username} без проверки`;
