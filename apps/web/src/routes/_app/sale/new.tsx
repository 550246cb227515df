import { createFileRoute } from '@tanstack/react-router';
import { dealQueryOptions } from '@/features/deals/api/get-deal';
import { NewDealScreen } from '@/features/deals/components/form/new-deal-screen';
import { validateNewDealSearch } from '@/features/deals/lib/repeat-search';

export const Route = createFileRoute('/_app/sale/new')({
  validateSearch: validateNewDealSearch,
  loaderDeps: ({ search }) => search,
  // Started, not awaited: the screen shows a spinner until the repeated deal is there.
  loader: ({ context, deps }) => {
    if (deps.from !== undefined) void context.queryClient.prefetchQuery(dealQueryOptions('sale', deps.from));
  },
  component: NewSaleScreen,
});

function NewSaleScreen() {
  return <NewDealScreen kind="sale" from={Route.useSearch().from} />;
}
