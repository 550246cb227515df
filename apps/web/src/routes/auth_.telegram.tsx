import { createFileRoute } from '@tanstack/react-router';
import { useEffect } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { telegramCallbackHref } from '@/features/auth/lib/telegram-auth-result';

export const Route = createFileRoute('/auth_/telegram')({
  component: TelegramReturn,
});

/**
 * Where Telegram's login page sends the browser back (`return_to`): its proof is in the fragment, which never reaches
 * the server, so this page hands it over as a query. Replaced, not pushed: Back must not land here again.
 */
function TelegramReturn() {
  useEffect(() => {
    window.location.replace(telegramCallbackHref(window.location.hash) ?? '/auth?error=telegram_invalid');
  }, []);
  return (
    <main className="flex min-h-dvh flex-1 flex-col items-center justify-center gap-3">
      <Spinner label="Входим через Telegram…" />
      <p aria-hidden="true" className="text-muted-foreground">
        Входим через Telegram…
      </p>
    </main>
  );
}
