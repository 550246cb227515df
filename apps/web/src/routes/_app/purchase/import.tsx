import { createFileRoute } from '@tanstack/react-router';
import { importQueryOptions } from '@/features/import/api/get-import';
import { importsQueryOptions } from '@/features/import/api/get-imports';
import { ImportScreen } from '@/features/import/components/import-screen';
import { validateImportSearch } from '@/features/import/lib/import-search';

/** /purchase/import (issue 37): past purchases from a CSV or XLSX file, and the imports made before. */
export const Route = createFileRoute('/_app/purchase/import')({
  validateSearch: validateImportSearch,
  loaderDeps: ({ search }) => search,
  // Started, not awaited: the screen shows its own spinner, and a failure its message with a retry.
  loader: ({ context, deps }) => {
    if (deps.id === undefined)
      void context.queryClient.prefetchInfiniteQuery(importsQueryOptions('purchase'));
    else void context.queryClient.prefetchQuery(importQueryOptions(deps.id));
  },
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
