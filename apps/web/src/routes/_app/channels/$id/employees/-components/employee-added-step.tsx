import { Link } from '@tanstack/react-router';
import { Button } from '@/components/ui/button';
import { ScreenHeader } from '@/components/ui/screen-header';
import { EmployeeAdded } from '@/features/employees/components/employee-added';

export type AddedEmployee = {
  employeeId: number;
  name: string;
  iconLink: string | null;
  channelName: string;
  roleName: string;
};

/** Step 4 (spec §2.10): 'Сотрудник добавлен' with the way back to the channel's employees. */
export function EmployeeAddedStep({ channelId, added }: { channelId: string; added: AddedEmployee }) {
  const text = `${added.name}${
    added.channelName ? ` теперь работает на канале «${added.channelName}»` : ' добавлен на канал'
  }${added.roleName ? ` в роли «${added.roleName}»` : ''}.`;
  return (
    <>
      <ScreenHeader
        title="Добавить сотрудника"
        back={{ to: '/channels/$id/employees', params: { id: channelId } }}
      />
      <EmployeeAdded name={added.name} iconLink={added.iconLink} text={text}>
        <Button asChild size="lg">
          <Link to="/channels/$id/employees" params={{ id: channelId }}>
            К сотрудникам канала
          </Link>
        </Button>
        <Button asChild size="lg" variant="secondary">
          <Link to="/employees/$id" params={{ id: String(added.employeeId) }}>
            Открыть профиль сотрудника
          </Link>
        </Button>
      </EmployeeAdded>
    </>
  );
}
