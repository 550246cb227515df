import { formatMoney } from '@/lib/format';

/** Every word of the clients' screens (issue 33). */
export const clientTexts = {
  title: 'Клиенты',
  listLabel: 'Клиенты команды',
  search: 'Поиск клиента',
  searchPlaceholder: 'Имя или @username',
  empty: 'Здесь пока нет клиентов. Клиент появляется, когда в продаже или закупке указан контакт.',
  nothingFound: 'Никого не нашли',
  resetSearch: 'Сбросить поиск',
  dealForms: ['сделка', 'сделки', 'сделок'] as const,
  left: (amount: string) => `осталось ${amount}`,
  lastDealLine: (day: string) => `Последняя сделка ${day}`,
  total: 'Сумма сделок',
  paid: 'Оплачено',
  debt: 'Осталось оплатить',
  usual: (price: number) => `Обычно ${formatMoney(price)}`,
  listRule: 'Суммы без отменённых и удалённых сделок.',
  moneyRule: 'Отменённые и удалённые сделки в суммы не входят. Обычная цена — медиана цен остальных сделок.',
  figures: 'Суммы',
  deals: 'Сделки',
  dealsLabel: 'Сделки клиента',
  merge: 'Объединить с…',
  mergeTitle: 'Объединить с клиентом',
  mergeHint: 'Сделки этого клиента перейдут к выбранному, а эта карточка исчезнет.',
  mergeConfirm: (name: string, into: string) =>
    `Все сделки «${name}» перейдут к «${into}», карточка «${name}» исчезнет. Отменить это нельзя.`,
  mergeQuestion: 'Объединить клиентов?',
  mergeButton: 'Объединить',
  merging: 'Объединяем…',
  merged: 'Клиенты объединены',
  otherClients: 'Другие клиенты',
  noOthers: 'Других клиентов не нашли',
  openClient: 'Карточка клиента',
};

/** The clients' search box (the list's and the merge picker's). */
export const clientSearchTexts = {
  label: clientTexts.search,
  placeholder: clientTexts.searchPlaceholder,
  clear: 'Очистить поиск',
};
