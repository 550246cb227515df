import { createFileRoute } from '@tanstack/react-router';
import { prefetchDealList } from '@/features/deals/api/prefetch-deal-list';
import { DealListScreen } from '@/features/deals/components/list/deal-list-screen';
import { dealListQueryOf, validateSaleListSearch, writeIdsAsNumbers } from '@/features/deals/lib/deal-search';
import { parseId } from '@/lib/ids';

/** /channels/{id}/sales (issue 14): the sales of one channel, the channel fixed and named in the title. */
export const Route = createFileRoute('/_app/channels/$id/sales')({
  search: { middlewares: [writeIdsAsNumbers] },
  validateSearch: validateSaleListSearch,
  loaderDeps: ({ search }) => dealListQueryOf('sale', search),
  loader: ({ context, params, deps }) => {
    const id = parseId(params.id);
    if (id !== undefined) prefetchDealList(context.queryClient, 'sale', deps, id);
  },
  component: ChannelSalesScreen,
});

function ChannelSalesScreen() {
  const navigate = Route.useNavigate();
  return (
    <DealListScreen
      kind="sale"
      search={Route.useSearch()}
      onSearchChange={(search) => void navigate({ search, replace: true })}
      // The parent route turns an id that cannot exist into 'Not Found'.
      channelId={parseId(Route.useParams().id) ?? 0}
    />
  );
}
