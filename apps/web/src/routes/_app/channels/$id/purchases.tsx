import { createFileRoute } from '@tanstack/react-router';
import { prefetchDealList } from '@/features/deals/api/prefetch-deal-list';
import { DealListScreen } from '@/features/deals/components/list/deal-list-screen';
import {
  dealListQueryOf,
  validatePurchaseListSearch,
  writeIdsAsNumbers,
} from '@/features/deals/lib/deal-search';
import { parseId } from '@/lib/ids';

/** /channels/{id}/purchases (issue 14): the purchases of one channel, the channel fixed and named in the title. */
export const Route = createFileRoute('/_app/channels/$id/purchases')({
  search: { middlewares: [writeIdsAsNumbers] },
  validateSearch: validatePurchaseListSearch,
  loaderDeps: ({ search }) => dealListQueryOf('purchase', search),
  loader: ({ context, params, deps }) => {
    const id = parseId(params.id);
    if (id !== undefined) prefetchDealList(context.queryClient, 'purchase', deps, id);
  },
  component: ChannelPurchasesScreen,
});

function ChannelPurchasesScreen() {
  const navigate = Route.useNavigate();
  return (
    <DealListScreen
      kind="purchase"
      search={Route.useSearch()}
      onSearchChange={(search) => void navigate({ search, replace: true })}
      // The parent route turns an id that cannot exist into 'Not Found'.
      channelId={parseId(Route.useParams().id) ?? 0}
    />
  );
}
