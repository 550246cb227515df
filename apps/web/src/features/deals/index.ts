// What other features use of deals: the sheet that records money paid ('Добавить оплату', and the payroll's
// 'Выплатить'), and a deal's payment state (beside each deal of a client's card).
export { cancelledPriceClass, PaymentStateBadge, paymentStateShown } from './components/payment-state-badge';
export { type MoneyEntry, MoneySheet } from './components/payments/money-sheet';
