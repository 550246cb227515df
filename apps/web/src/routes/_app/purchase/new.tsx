import { createFileRoute } from '@tanstack/react-router';
import { dealQueryOptions } from '@/features/deals/api/get-deal';
import { NewDealScreen } from '@/features/deals/components/form/new-deal-screen';
import { validateNewDealSearch } from '@/features/deals/lib/repeat-search';

export const Route = createFileRoute('/_app/purchase/new')({
  validateSearch: validateNewDealSearch,
  loaderDeps: ({ search }) => search,
  // Started, not awaited: the screen shows a spinner until the repeated deal is there.
  loader: ({ context, deps }) => {
    if (deps.from !== undefined)
      void context.queryClient.prefetchQuery(dealQueryOptions('purchase', deps.from));
  },
  component: NewPurchaseScreen,
});

function NewPurchaseScreen() {
  return <NewDealScreen kind="purchase" from={Route.useSearch().from} />;
}
