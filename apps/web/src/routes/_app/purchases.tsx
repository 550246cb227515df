import { createFileRoute } from '@tanstack/react-router';
import { prefetchDealList } from '@/features/deals/api/prefetch-deal-list';
import { DealListScreen } from '@/features/deals/components/list/deal-list-screen';
import {
  dealListQueryOf,
  validatePurchaseListSearch,
  writeIdsAsNumbers,
} from '@/features/deals/lib/deal-search';

/** /purchases (spec §2.6): the list of purchases; the screen is the one both kinds share. */
export const Route = createFileRoute('/_app/purchases')({
  search: { middlewares: [writeIdsAsNumbers] },
  validateSearch: validatePurchaseListSearch,
  loaderDeps: ({ search }) => dealListQueryOf('purchase', search),
  // Started, not awaited: the screen shows its own spinner, and a new filter keeps the old list until it loads.
  loader: ({ context, deps }) => {
    prefetchDealList(context.queryClient, 'purchase', deps);
  },
  component: PurchasesScreen,
});

function PurchasesScreen() {
  const navigate = Route.useNavigate();
  return (
    <DealListScreen
      kind="purchase"
      search={Route.useSearch()}
      onSearchChange={(search) => void navigate({ search, replace: true })}
    />
  );
}
