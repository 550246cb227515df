import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderScreen } from '@/components/ui/placeholder-screen';

export const Route = createFileRoute('/_app/purchase/new')({
  component: NewPurchaseScreen,
});

function NewPurchaseScreen() {
  return <PlaceholderScreen title="Новая закупка" back={{ to: '/purchases' }} />;
}
