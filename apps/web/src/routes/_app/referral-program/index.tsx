import { createFileRoute } from '@tanstack/react-router';
import { ownerOnlyText, RequirePermission } from '@/features/auth/components/require-permission';
import { referralQueryOptions } from '@/features/referral/api/get-referral';
import { ReferralProgramScreen } from './-components/referral-program-screen';

export const Route = createFileRoute('/_app/referral-program/')({
  loader: ({ context }) => context.queryClient.prefetchQuery(referralQueryOptions()),
  component: () => (
    <RequirePermission allowed={(p) => p.owner} title="Реферальная программа" text={ownerOnlyText}>
      <ReferralProgramScreen />
    </RequirePermission>
  ),
});
