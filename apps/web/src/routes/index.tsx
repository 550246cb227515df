import { createFileRoute, redirect } from '@tanstack/react-router';

/** `/` has no screen of its own (spec §2.1): /auth decides where a signed-in user goes. */
export const Route = createFileRoute('/')({
  beforeLoad: () => {
    throw redirect({ to: '/auth', replace: true });
  },
});
