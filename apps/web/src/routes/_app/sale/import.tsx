import { createFileRoute } from '@tanstack/react-router';
import { ImportScreen } from '@/features/import/components/import-screen';
import { validateImportSearch } from '@/features/import/lib/import-search';

/** /sale/import (issue 37): past sales from a CSV or XLSX file, and the imports made before. */
export const Route = createFileRoute('/_app/sale/import')({
  validateSearch: validateImportSearch,
  // No loader: its queries would ride on every first load (the route's file is in the entry); the screen fetches.
  component: ImportSalesScreen,
});

function ImportSalesScreen() {
  const navigate = Route.useNavigate();
  return (
    <ImportScreen
      kind="sale"
      id={Route.useSearch().id}
      onOpen={(id) => void navigate({ search: id === undefined ? {} : { id } })}
    />
  );
}
