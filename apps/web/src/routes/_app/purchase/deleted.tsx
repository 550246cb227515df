import { createFileRoute } from '@tanstack/react-router';
import { deletedDealsQueryOptions } from '@/features/deals/api/get-deleted-deals';
import { DeletedDealsScreen } from '@/features/deals/components/bin/deleted-deals-screen';

export const Route = createFileRoute('/_app/purchase/deleted')({
  // prefetch, not ensure: a failed list shows its own message and a retry button.
  loader: ({ context }) => context.queryClient.prefetchInfiniteQuery(deletedDealsQueryOptions('purchase')),
  component: DeletedPurchasesScreen,
});

function DeletedPurchasesScreen() {
  return <DeletedDealsScreen kind="purchase" />;
}
