// The schedule's public face for other features: the sale form's slot warning and the query prefix its saves make
// stale.
export { scheduleQueryKeys } from './api/query-keys';
export { SlotConflictWarning, type SlotConflictWarningProps } from './components/slot-conflict-warning';
