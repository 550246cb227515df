import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderScreen } from '@/components/ui/placeholder-screen';

export const Route = createFileRoute('/_app/referral-program/')({
  component: ReferralProgramScreen,
});

function ReferralProgramScreen() {
  return <PlaceholderScreen title="Реферальная программа" back={{ to: '/profile' }} />;
}
