import { type DealKind, dealVocabulary } from '@addesk/contract/plain';
import { formatMoney, plural } from '@/lib/format';

const count = (kind: DealKind, n: number) => plural(n, dealVocabulary[kind].countForms);

/** What the lists' selection mode says (issue 33), for both kinds. */
export const bulkTexts = {
  select: 'Выбрать',
  bar: 'Выбранные сделки',
  cancel: 'Отмена',
  chosen: (n: number) => `Выбрано: ${n}`,
  choose: (name: string) => `Выбрать: ${name}`,
  status: 'Статус',
  statusTitle: 'Новый статус',
  statusHint: 'Выбранные сделки перейдут в этот статус все вместе.',
  paidInFull: 'Оплачено полностью',
  payQuestion: 'Записать оплату полностью?',
  payHint: (kind: DealKind, n: number) =>
    `Выбрано: ${count(kind, n)}. Каждой запишется оплата того, что осталось от стоимости, сегодняшним днём.`,
  paying: 'Записываем…',
  statusChanged: (kind: DealKind, n: number) =>
    n === 0 ? 'Все выбранные уже в этом статусе' : `Статус изменён: ${count(kind, n)}`,
  paid: (kind: DealKind, n: number, amount: number) =>
    n === 0 ? 'Все выбранные уже оплачены' : `Оплачено: ${count(kind, n)} на ${formatMoney(amount)}`,
} as const;
