// The schedule's public face for other features: the sale form's slot warning.
export { SlotConflictWarning, type SlotConflictWarningProps } from './components/slot-conflict-warning';
