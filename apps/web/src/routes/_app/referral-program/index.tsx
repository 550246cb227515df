import { createFileRoute } from '@tanstack/react-router';
import { referralQueryOptions } from '@/features/referral/api/get-referral';
import { ReferralProgramScreen } from './-components/referral-program-screen';

export const Route = createFileRoute('/_app/referral-program/')({
  loader: ({ context }) => context.queryClient.prefetchQuery(referralQueryOptions()),
  component: ReferralProgramScreen,
});
