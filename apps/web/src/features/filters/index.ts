// The filter row's parts that the lists and the schedule share: a chip, the full-screen picker it opens, and the
// period with the calendar's day marks (GET /api/calendar).

export { useCalendar } from './api/get-calendar';
export { ChannelFilter } from './components/channel-filter';
export { FilterChip } from './components/filter-chip';
export { FullScreenPicker } from './components/full-screen-picker';
export { PeriodFilter } from './components/period-filter';
