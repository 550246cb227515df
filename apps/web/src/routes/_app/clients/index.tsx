import { createFileRoute } from '@tanstack/react-router';
import { ClientListScreen } from '@/features/clients';
import { clientPagesQueryOptions } from '@/features/clients/api/get-clients';

type ClientsSearch = { q?: string };

/** /clients 'Клиенты' (issue 33): the search is a search param, as the deal lists' is. */
export const Route = createFileRoute('/_app/clients/')({
  validateSearch: ({ q }: Record<string, unknown>): ClientsSearch =>
    typeof q === 'string' && q.trim() ? { q } : {},
  loaderDeps: ({ search }) => search,
  // prefetch, not ensure: a failed list shows its own message and a retry button.
  loader: ({ context, deps }) => context.queryClient.prefetchInfiniteQuery(clientPagesQueryOptions(deps.q)),
  component: ClientsPage,
});

function ClientsPage() {
  const { q } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <ClientListScreen
      q={q}
      onSearch={(next) => void navigate({ search: next ? { q: next } : {}, replace: true })}
    />
  );
}
