import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderScreen } from '@/components/ui/placeholder-screen';

export const Route = createFileRoute('/_app/channels/$id/employees/')({
  component: ChannelEmployeesScreen,
});

function ChannelEmployeesScreen() {
  const { id } = Route.useParams();
  return <PlaceholderScreen title="Сотрудники канала" back={{ to: '/channels/$id', params: { id } }} />;
}
