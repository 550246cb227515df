import { createFileRoute } from '@tanstack/react-router';
import { ownerOnlyText, RequirePermission } from '@/features/auth/components/require-permission';
import { OrdScreen } from '../-components/ord-screen';

// No loader: a route's loader stays in the first-load chunk of every screen (only the component is split off), and
// the screen asks for the account itself, showing a spinner meanwhile.
export const Route = createFileRoute('/_app/profile/settings/ord/')({
  component: () => (
    <RequirePermission allowed={(p) => p.owner} title="ОРД (маркировка)" text={ownerOnlyText}>
      <OrdScreen />
    </RequirePermission>
  ),
});
