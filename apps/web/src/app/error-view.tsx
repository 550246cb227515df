import { onlineManager } from '@tanstack/react-query';
import { type ErrorComponentProps, useRouter } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { isNetworkError } from '@/lib/api-client';
import { useOnline } from '@/lib/use-online';

/**
 * The router's error view: the Russian reason first ('Нет связи с сервером' when the call never reached the server,
 * otherwise 'Что-то пошло не так') and 'Повторить'; below it the technical details of spec §2.1 behind a Russian
 * 'Показать ошибку' / 'Скрыть ошибку' toggle (issue 33: no English under the Russian view). A view that failed for
 * want of a connection retries by itself once the connection is back.
 */
export function ErrorView({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const online = useOnline();
  const [shown, setShown] = useState(false);
  const network = isNetworkError(error) || !online;
  const message = error instanceof Error ? error.message : String(error);

  const retry = () => {
    // A failed loader runs again only when the route is invalidated.
    void router.invalidate();
    reset();
  };

  useEffect(() => {
    if (!network) return;
    return onlineManager.subscribe((isOnline) => {
      if (!isOnline) return;
      void router.invalidate();
      reset();
    });
  }, [network, router, reset]);

  return (
    <main className="flex flex-1 flex-col items-center justify-center gap-4 px-6 py-16 text-center">
      <h1 className="font-semibold text-2xl">{network ? 'Нет связи с сервером' : 'Что-то пошло не так'}</h1>
      <p className="text-muted-foreground">
        {network
          ? 'Проверьте интернет и попробуйте ещё раз.'
          : 'Не удалось показать этот экран. Попробуйте ещё раз.'}
      </p>
      <Button className="min-w-40" onClick={retry}>
        Повторить
      </Button>
      <section aria-label="Подробности ошибки" className="mt-6 flex w-full flex-col items-center gap-2">
        <Button
          variant="ghost"
          size="sm"
          aria-expanded={shown}
          aria-controls="error-details"
          onClick={() => setShown((value) => !value)}
        >
          {shown ? 'Скрыть ошибку' : 'Показать ошибку'}
        </Button>
        <pre
          id="error-details"
          hidden={!shown}
          className="w-full overflow-x-auto whitespace-pre-wrap break-words rounded-lg border bg-muted p-3 text-left text-sm"
        >
          {message}
        </pre>
      </section>
    </main>
  );
}
