// What other features use of deals: the sheet that records money paid ('Добавить оплату', and the payroll's
// 'Выплатить').
export { type MoneyEntry, MoneySheet } from './components/payments/money-sheet';
