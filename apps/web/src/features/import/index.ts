// The ways into the import of past deals from a list (issue 37): a link and an icon, nothing more, as the lists'
// first load is counted in bytes (bench/web-budget.json); the import itself loads with its own route.

export { ImportFromTableLink, ImportLink } from './components/import-link';
