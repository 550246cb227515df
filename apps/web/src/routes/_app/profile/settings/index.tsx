import { createFileRoute } from '@tanstack/react-router';
import { SettingsScreen } from './-components/settings-screen';

export const Route = createFileRoute('/_app/profile/settings/')({
  component: SettingsScreen,
});
