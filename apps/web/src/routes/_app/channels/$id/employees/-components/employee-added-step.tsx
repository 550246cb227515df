import { Link } from '@tanstack/react-router';
import { CircleCheck } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { ScreenHeader } from '@/components/ui/screen-header';
import { ScreenMain } from '@/components/ui/screen-main';

export type AddedEmployee = {
  employeeId: number;
  name: string;
  iconLink: string | null;
  channelName: string;
  roleName: string;
};

/** Step 4 (spec §2.10): 'Сотрудник добавлен' with the way back to the channel's employees. */
export function EmployeeAddedStep({ channelId, added }: { channelId: string; added: AddedEmployee }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The form is gone: tell assistive technology where the user is now.
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <>
      <ScreenHeader
        title="Добавить сотрудника"
        back={{ to: '/channels/$id/employees', params: { id: channelId } }}
      />
      <ScreenMain className="items-center gap-4 px-6 pt-12 text-center">
        <div className="relative">
          <Avatar name={added.name} src={added.iconLink} size="xl" decorative />
          <CircleCheck
            aria-hidden="true"
            className="absolute -right-1 -bottom-1 size-8 rounded-full bg-background text-emerald-600 dark:text-emerald-400"
          />
        </div>
        <h2 ref={headingRef} tabIndex={-1} className="font-semibold text-2xl outline-none">
          Сотрудник добавлен
        </h2>
        <p className="max-w-xs break-words text-muted-foreground">
          {added.name}
          {added.channelName ? ` теперь работает на канале «${added.channelName}»` : ' добавлен на канал'}
          {added.roleName ? ` в роли «${added.roleName}»` : ''}.
        </p>
        <div className="mt-auto flex w-full flex-col gap-2 pt-6">
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
        </div>
      </ScreenMain>
    </>
  );
}
