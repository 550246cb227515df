import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderScreen } from '@/components/ui/placeholder-screen';

export const Route = createFileRoute('/_app/sales')({
  component: SalesScreen,
});

function SalesScreen() {
  return <PlaceholderScreen title="Продажи" />;
}
