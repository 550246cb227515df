import type { DealFilterName } from './deal-search';

// The toast of a list whose address held filters it cannot use. Apart from deal-search.ts, which the list routes'
// validation puts in the entry chunk: only the list screen says this, and every first load was carrying its words.

/** Each filter's name in a toast: «Статус». */
export const dealFilterLabels: Record<DealFilterName, string> = {
  channelId: 'Канал',
  statusId: 'Статус',
  by: 'Менеджер',
  dateCondition: 'Период',
  advertisementTypeId: 'Тип рекламы',
  externalChannelId: 'Канал контрагента',
  priceCondition: 'Стоимость',
  q: 'Поиск',
  paymentState: 'Оплата',
};

/** 'Фильтр «Статус» в адресе не распознан и сброшен', or for several 'Фильтры «Статус», «Оплата» ... сброшены'. */
export function droppedFiltersText(names: readonly DealFilterName[]): string {
  const quoted = names.map((name) => `«${dealFilterLabels[name]}»`).join(', ');
  return names.length === 1
    ? `Фильтр ${quoted} в адресе не распознан и сброшен`
    : `Фильтры ${quoted} в адресе не распознаны и сброшены`;
}
