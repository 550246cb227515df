import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderScreen } from '@/components/ui/placeholder-screen';

export const Route = createFileRoute('/_app/employees')({
  component: EmployeesScreen,
});

function EmployeesScreen() {
  return <PlaceholderScreen title="Сотрудники" />;
}
