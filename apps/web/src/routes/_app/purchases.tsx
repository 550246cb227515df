import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderScreen } from '@/components/ui/placeholder-screen';

export const Route = createFileRoute('/_app/purchases')({
  component: PurchasesScreen,
});

function PurchasesScreen() {
  return <PlaceholderScreen title="Закупки" />;
}
