import { createFileRoute } from '@tanstack/react-router';
import { referralQueryOptions } from '@/features/referral/api/get-referral';
import { FreeProlongationScreen } from './-components/free-prolongation-screen';

export const Route = createFileRoute('/_app/profile/tariff/$tariff/free-prolongation')({
  loader: ({ context }) => context.queryClient.prefetchQuery(referralQueryOptions()),
  component: FreeProlongationScreen,
});
