import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderScreen } from '@/components/ui/placeholder-screen';

export const Route = createFileRoute('/_app/sale/new')({
  component: NewSaleScreen,
});

function NewSaleScreen() {
  return <PlaceholderScreen title="Новая продажа" back={{ to: '/sales' }} />;
}
