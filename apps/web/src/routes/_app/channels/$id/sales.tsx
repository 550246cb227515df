import { createFileRoute } from '@tanstack/react-router';
import { useChannel } from '@/features/channels/api/get-channel';
import { dealPagesQueryOptions } from '@/features/deals/api/get-deals';
import { DealListScreen } from '@/features/deals/components/list/deal-list-screen';
import {
  dealDisplayOf,
  dealFiltersOf,
  validateSaleListSearch,
  writeIdsAsNumbers,
} from '@/features/deals/lib/deal-search';
import { parseId } from '@/lib/ids';

/** /channels/{id}/sales (issue 14): the sales list of one channel, the channel fixed and named in the title. */
export const Route = createFileRoute('/_app/channels/$id/sales')({
  search: { middlewares: [writeIdsAsNumbers] },
  validateSearch: validateSaleListSearch,
  loaderDeps: ({ search }) => ({ filters: dealFiltersOf('sale', search), sort: dealDisplayOf(search).sort }),
  loader: ({ context, params, deps }) => {
    const id = parseId(params.id);
    if (id === undefined) return;
    void context.queryClient.prefetchInfiniteQuery(
      dealPagesQueryOptions('sale', { ...deps.filters, channelId: String(id) }, deps.sort),
    );
  },
  component: ChannelSalesScreen,
});

function ChannelSalesScreen() {
  const params = Route.useParams();
  const navigate = Route.useNavigate();
  // The parent route turns an id that cannot exist into 'Not Found'.
  const id = parseId(params.id) ?? 0;
  const channel = useChannel(id);
  return (
    <DealListScreen
      kind="sale"
      search={Route.useSearch()}
      onSearchChange={(search) => void navigate({ search, replace: true })}
      channel={{ id, name: channel.data?.name }}
    />
  );
}
