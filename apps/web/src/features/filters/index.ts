// The filter row's parts that the lists and the schedule share: a chip, the full-screen picker it opens, and the
// period with the calendar's day marks (GET /api/calendar), whose query other features invalidate.

export { useCalendar } from './api/get-calendar';
export { calendarQueryKeys } from './api/query-keys';
export { ChannelFilter } from './components/channel-filter';
export { FilterChip } from './components/filter-chip';
export { FullScreenPicker } from './components/full-screen-picker';
export { PeriodFilter } from './components/period-filter';
