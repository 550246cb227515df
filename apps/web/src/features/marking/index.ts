// The month's ad-marking paperwork (issue 35): the /marking screen. The dashboard's reminder
// (components/marking-due-banner.tsx) is for the dashboard to import by its path, lazily (React.lazy): through this
// file it would share a chunk with the screen. It is not mounted yet: even lazily it costs /dashboard's first load
// about 1 KB, which its budget does not have (issue 35's notes).
export { MarkingScreen } from './components/marking-screen';
export { shownMonth } from './lib/marking-month';
