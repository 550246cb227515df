// Pay by the terms given: the /payroll screen.
export { PayrollScreen } from './components/payroll-screen';
