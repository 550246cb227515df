import { createFileRoute, notFound } from '@tanstack/react-router';
import { PlaceholderScreen } from '@/components/ui/placeholder-screen';
import { parseId } from '@/lib/ids';

export const Route = createFileRoute('/_app/purchase/$id')({
  beforeLoad: ({ params }) => {
    if (parseId(params.id) === undefined) throw notFound();
  },
  component: PurchaseScreen,
});

function PurchaseScreen() {
  return <PlaceholderScreen title="Закупка" back={{ to: '/purchases' }} />;
}
