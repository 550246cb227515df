import { createMemoryHistory } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppProviders } from '@/app/app-providers';
import { createAppRouter } from '@/app/router';
import { createQueryClient } from '@/lib/query-client';

type RenderAppOptions = {
  /** user-event's options, e.g. fake-clock.ts's userOnFakeClock for a test on fake timers. */
  user?: Parameters<typeof userEvent.setup>[0];
};

/** The whole app (router, query client, theme) at `path`, in memory. */
export function renderApp(path: string, options: RenderAppOptions = {}) {
  const queryClient = createQueryClient();
  const history = createMemoryHistory({ initialEntries: [path] });
  const router = createAppRouter({ queryClient, history });
  const user = userEvent.setup(options.user);
  const view = render(<AppProviders queryClient={queryClient} router={router} />);
  return { ...view, router, queryClient, user };
}
