import type { Permissions } from '@addesk/contract';
import type { ReactNode } from 'react';
import { NoAccessView } from '@/components/app/no-access-view';
import { useCurrentUser } from '../api/get-current-user';

/** The section when the person's role gives it, else a screen saying who sees it (docs/decisions/024). */
export function RequirePermission({
  allowed,
  title,
  text,
  children,
}: {
  allowed: (permissions: Permissions) => boolean;
  title: string;
  text: string;
  children: ReactNode;
}) {
  const permissions = useCurrentUser().data?.permissions;
  if (permissions && !allowed(permissions)) return <NoAccessView title={title} text={text} />;
  return children;
}

export const ownerOnlyText = 'Этот раздел доступен только владельцу команды.';
