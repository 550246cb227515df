import type { RouterHistory } from '@tanstack/react-router';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { createQueryClient } from '@/lib/query-client';
import { registerServiceWorker } from '@/lib/service-worker';
import '../styles.css';
import { AppProviders } from './app-providers';
import { createAppRouter } from './router';

const queryClient = createQueryClient();
const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

function start(attach?: (history: RouterHistory) => void) {
  if (!container) return;
  const router = createAppRouter({ queryClient });
  attach?.(router.history);

  // The router fetches a route's code only once every beforeLoad has passed, that is after the gate's current-user
  // call. Fetch the first screen's code now, beside that call. A chunk that fails here is fetched again, and
  // reported, when the router needs it.
  const [firstRoutes] = router.getMatchedRoutes(router.latestLocation.pathname);
  for (const route of firstRoutes) router.loadRouteChunk(route)?.catch(() => {});

  // React takes over #root once the first screen is ready: until then index.html's spinner stays, where rendering at
  // once would swap it for an empty page (the router shows its pending views only after their pendingMs). Rendered as
  // a transition, that first render yields to the browser every few milliseconds instead of holding the main thread
  // for the whole screen.
  router
    .load()
    .catch(console.error)
    .finally(() => {
      const root = createRoot(container);
      startTransition(() =>
        root.render(
          <StrictMode>
            <AppProviders queryClient={queryClient} router={router} />
          </StrictMode>,
        ),
      );
    });
}

// Inside Telegram (its launch parameters in the address, or its webview's bridge) the Mini App signs in and takes
// Telegram's colours and Back button before the first screen; anywhere else none of it loads.
if (window.location.hash.includes('tgWebAppData') || 'TelegramWebviewProxy' in window) {
  import('@/features/telegram-mini-app')
    .then(({ startMiniApp }) => startMiniApp())
    .then(start, (error: unknown) => {
      console.error(error);
      start();
    });
} else {
  start();
}

if (import.meta.env.PROD) registerServiceWorker();
