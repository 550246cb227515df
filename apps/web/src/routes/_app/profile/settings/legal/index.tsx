import { createFileRoute } from '@tanstack/react-router';
import { ownerOnlyText, RequirePermission } from '@/features/auth/components/require-permission';
import { teamLegalQueryOptions } from '@/features/profile/api/team-legal';
import { LegalScreen } from '../-components/legal-screen';

export const Route = createFileRoute('/_app/profile/settings/legal/')({
  // prefetch, not ensure: a failed load shows its own message and a retry button.
  loader: ({ context }) => context.queryClient.prefetchQuery(teamLegalQueryOptions()),
  component: () => (
    <RequirePermission allowed={(p) => p.owner} title="Юридические данные" text={ownerOnlyText}>
      <LegalScreen />
    </RequirePermission>
  ),
});
