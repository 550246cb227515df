import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import type { RouterContext } from '@/app/router';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
});

/** The phone-width column every screen lives in, centred on wider screens. */
function RootLayout() {
  return (
    <div className="mx-auto flex min-h-dvh w-full max-w-[480px] flex-col bg-background pr-safe-right pl-safe-left min-[481px]:border-x">
      <Outlet />
    </div>
  );
}
