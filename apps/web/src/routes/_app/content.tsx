import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderScreen } from '@/components/ui/placeholder-screen';

export const Route = createFileRoute('/_app/content')({
  component: ContentScreen,
});

function ContentScreen() {
  return <PlaceholderScreen title="Контент" />;
}
