// 'Скачать' for a list or /finance: a file (CSV or Excel) of exactly what the screen's filters show, all of it.

export { ExportButton } from './components/export-button';
export { downloadExport } from './lib/download';
