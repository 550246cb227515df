import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderScreen } from '@/components/ui/placeholder-screen';

export const Route = createFileRoute('/_app/finance')({
  component: FinanceScreen,
});

function FinanceScreen() {
  return <PlaceholderScreen title="Финансы" />;
}
