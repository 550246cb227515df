import { CircleCheck } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { ScreenMain } from '@/components/ui/screen-main';

/**
 * 'Сотрудник добавлен' of both add-employee flows: the person with a check, what happened, and the next steps
 * (`children`, buttons at the bottom).
 */
export function EmployeeAdded({
  name,
  iconLink,
  text,
  children,
}: {
  name: string;
  iconLink: string | null;
  text: string;
  children: ReactNode;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The form is gone: tell assistive technology where the user is now.
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <ScreenMain className="items-center gap-4 px-6 pt-12 text-center">
      <div className="relative">
        <Avatar name={name} src={iconLink} size="xl" decorative />
        <CircleCheck
          aria-hidden="true"
          className="absolute -right-1 -bottom-1 size-8 rounded-full bg-background text-emerald-600 dark:text-emerald-400"
        />
      </div>
      <h2 ref={headingRef} tabIndex={-1} className="font-semibold text-2xl outline-none">
        Сотрудник добавлен
      </h2>
      <p className="max-w-xs break-words text-muted-foreground">{text}</p>
      <div className="mt-auto flex w-full flex-col gap-2 pt-6">{children}</div>
    </ScreenMain>
  );
}
