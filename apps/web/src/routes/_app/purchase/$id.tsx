import { createFileRoute, notFound } from '@tanstack/react-router';
import { dealQueryOptions } from '@/features/deals/api/get-deal';
import { DealScreen } from '@/features/deals/components/form/deal-screen';
import { parseId } from '@/lib/ids';

export const Route = createFileRoute('/_app/purchase/$id')({
  beforeLoad: ({ params }) => {
    if (parseId(params.id) === undefined) throw notFound();
  },
  // Started, not awaited: the screen shows 'Загрузка...' itself rather than holding the navigation.
  loader: ({ context, params }) => {
    const id = parseId(params.id);
    if (id !== undefined) void context.queryClient.prefetchQuery(dealQueryOptions('purchase', id));
  },
  component: PurchaseScreen,
});

function PurchaseScreen() {
  const { id } = Route.useParams();
  return <DealScreen kind="purchase" id={Number(id)} />;
}
