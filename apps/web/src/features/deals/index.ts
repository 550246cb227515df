// The sheet that takes an amount, a day and a note, for the other features that record money paid (a payout).
export { AddPaymentSheet as MoneySheet } from './components/payments/add-payment-sheet';
