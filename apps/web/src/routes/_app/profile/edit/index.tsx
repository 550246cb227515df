import { createFileRoute } from '@tanstack/react-router';
import { ProfileEditScreen } from './-components/profile-edit-screen';

export const Route = createFileRoute('/_app/profile/edit/')({
  component: ProfileEditScreen,
});
