import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderScreen } from '@/components/ui/placeholder-screen';

export const Route = createFileRoute('/_app/faq')({
  component: FaqScreen,
});

function FaqScreen() {
  return <PlaceholderScreen title="Поддержка" />;
}
