import { createFileRoute } from '@tanstack/react-router';
import { deletedDealsQueryOptions } from '@/features/deals/api/get-deleted-deals';
import { DeletedDealsScreen } from '@/features/deals/components/bin/deleted-deals-screen';

export const Route = createFileRoute('/_app/sale/deleted')({
  // prefetch, not ensure: a failed list shows its own message and a retry button.
  loader: ({ context }) => context.queryClient.prefetchInfiniteQuery(deletedDealsQueryOptions('sale')),
  component: DeletedSalesScreen,
});

function DeletedSalesScreen() {
  return <DeletedDealsScreen kind="sale" />;
}
