import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderScreen } from '@/components/ui/placeholder-screen';

export const Route = createFileRoute('/_app/channels/$id/employees/add')({
  component: AddChannelEmployeeScreen,
});

function AddChannelEmployeeScreen() {
  const { id } = Route.useParams();
  return (
    <PlaceholderScreen title="Добавить сотрудника" back={{ to: '/channels/$id/employees', params: { id } }} />
  );
}
