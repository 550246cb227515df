// The month's ad-marking paperwork (issue 35): the /marking screen. The dashboard's reminder
// (components/marking-due-banner.tsx) is imported by its path, lazily, so that it stays off the dashboard's first load.
export { MarkingScreen } from './components/marking-screen';
export { shownMonth } from './lib/marking-month';
