import { createFileRoute, notFound } from '@tanstack/react-router';
import { dealQueryOptions } from '@/features/deals/api/get-deal';
import { DealScreen } from '@/features/deals/components/form/deal-screen';
import { parseId } from '@/lib/ids';

export const Route = createFileRoute('/_app/sale/$id')({
  beforeLoad: ({ params }) => {
    if (parseId(params.id) === undefined) throw notFound();
  },
  // Started, not awaited: the screen shows 'Загрузка...' itself rather than holding the navigation.
  loader: ({ context, params }) => {
    const id = parseId(params.id);
    if (id !== undefined) void context.queryClient.prefetchQuery(dealQueryOptions('sale', id));
  },
  component: SaleScreen,
});

function SaleScreen() {
  const { id } = Route.useParams();
  return <DealScreen kind="sale" id={Number(id)} />;
}
