import { createFileRoute } from '@tanstack/react-router';
import { ownerOnlyText, RequirePermission } from '@/features/auth/components/require-permission';
import { LegalScreen } from '../-components/legal-screen';

// No loader: a route's loader stays in the first-load chunk of every screen (only the component is split off), and
// the screen asks for the details itself, showing a spinner meanwhile.
export const Route = createFileRoute('/_app/profile/settings/legal/')({
  component: () => (
    <RequirePermission allowed={(p) => p.owner} title="Юридические данные" text={ownerOnlyText}>
      <LegalScreen />
    </RequirePermission>
  ),
});
