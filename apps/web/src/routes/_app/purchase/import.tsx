import { createFileRoute } from '@tanstack/react-router';
import { ImportScreen } from '@/features/import/components/import-screen';
import { validateImportSearch } from '@/features/import/lib/import-search';

/** /purchase/import (issue 37): past purchases from a CSV or XLSX file, and the imports made before. */
export const Route = createFileRoute('/_app/purchase/import')({
  validateSearch: validateImportSearch,
  // No loader: its queries would ride on every first load (the route's file is in the entry); the screen fetches.
  component: ImportPurchasesScreen,
});

function ImportPurchasesScreen() {
  const navigate = Route.useNavigate();
  return (
    <ImportScreen
      kind="purchase"
      id={Route.useSearch().id}
      onOpen={(id) => void navigate({ search: id === undefined ? {} : { id } })}
    />
  );
}
