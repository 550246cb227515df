import { createFileRoute } from '@tanstack/react-router';
import { prefetchDealList } from '@/features/deals/api/prefetch-deal-list';
import { DealListScreen } from '@/features/deals/components/list/deal-list-screen';
import { dealListQueryOf, validateSaleListSearch, writeIdsAsNumbers } from '@/features/deals/lib/deal-search';

/** /sales (spec §2.5 with decisions D2): the list of sales; the screen is the one both kinds share. */
export const Route = createFileRoute('/_app/sales')({
  search: { middlewares: [writeIdsAsNumbers] },
  validateSearch: validateSaleListSearch,
  loaderDeps: ({ search }) => dealListQueryOf('sale', search),
  // Started, not awaited: the screen shows its own spinner, and a new filter keeps the old list until it loads.
  loader: ({ context, deps }) => {
    prefetchDealList(context.queryClient, 'sale', deps);
  },
  component: SalesScreen,
});

function SalesScreen() {
  const navigate = Route.useNavigate();
  return (
    <DealListScreen
      kind="sale"
      search={Route.useSearch()}
      onSearchChange={(search) => void navigate({ search, replace: true })}
    />
  );
}
