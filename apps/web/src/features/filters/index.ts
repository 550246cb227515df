// The filters that read the team's data, for the lists, the schedule and finance: the channel chip with the team's
// channels, and the period chip with the calendar's day marks (GET /api/calendar). The chip and the pickers
// themselves are generic UI (components/filters).

export { useCalendar } from './api/get-calendar';
export { CalendarPeriodFilter } from './components/calendar-period-filter';
export { ChannelFilter } from './components/channel-filter';
