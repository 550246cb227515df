import { createFileRoute } from '@tanstack/react-router';
import { TrialScreen } from './-components/trial-screen';

export const Route = createFileRoute('/_app/profile/tariff/trial/')({
  component: TrialScreen,
});
