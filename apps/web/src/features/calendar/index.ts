// The calendar's public face for other features: the period filter with its day marks, and the calendar query.

export { useCalendar } from './api/get-calendar';
export { calendarQueryKeys } from './api/query-keys';
export { PeriodFilter } from './components/period-filter';
