import { type DealNumberRule, dealNumberRules } from '@addesk/contract/plain';

/** The payments card of a deal's screen and its sheets (decisions D5). */
export const paymentTexts = {
  title: 'Оплата',
  paid: 'Оплачено',
  of: 'из',
  left: 'Осталось',
  dueDate: 'Оплатить до',
  list: 'Оплаты',
  none: 'Оплат пока нет',
  add: 'Добавить оплату',
  payInFull: 'Оплачено полностью',
  paying: 'Сохраняем…',
  amount: 'Сумма',
  paidAt: 'Дата оплаты',
  note: 'Комментарий',
  save: 'Сохранить оплату',
  delete: 'Удалить',
  deleting: 'Удаляем…',
  deleteTitle: 'Удалить оплату?',
  deleteLabel: (what: string) => `Удалить оплату ${what}`,
  added: 'Оплата добавлена',
  removed: 'Оплата удалена',
  retry: 'Повторить',
  mustBePositive: 'Сумма должна быть больше 0',
} as const;

/** How a typed amount is read: the price's rule (kopecks, the same maximum) in the words of an amount. */
export const amountRule: DealNumberRule = {
  ...dealNumberRules.price,
  messages: {
    notNumber: 'Укажите сумму числом',
    negative: paymentTexts.mustBePositive,
    tooBig: dealNumberRules.price.messages.tooBig,
    tooManyDecimals: 'Не больше двух знаков после запятой',
  },
};
