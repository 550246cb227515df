import { createFileRoute, notFound } from '@tanstack/react-router';
import { PlaceholderScreen } from '@/components/ui/placeholder-screen';
import { parseId } from '@/lib/ids';

export const Route = createFileRoute('/_app/sale/$id')({
  beforeLoad: ({ params }) => {
    if (parseId(params.id) === undefined) throw notFound();
  },
  component: SaleScreen,
});

function SaleScreen() {
  return <PlaceholderScreen title="Продажа" back={{ to: '/sales' }} />;
}
