import { type ErrorComponentProps, useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { Button } from '@/components/ui/button';

/** The router's error view (spec §2.1: 'Something went wrong!' with a Show Error / Hide Error toggle). */
export function ErrorView({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const [shown, setShown] = useState(false);
  const message = error instanceof Error ? error.message : String(error);
  return (
    <main className="flex flex-1 flex-col items-center justify-center gap-4 px-6 py-16 text-center">
      <h1 lang="en" className="font-semibold text-2xl">
        Something went wrong!
      </h1>
      <p className="text-muted-foreground">Не удалось показать этот экран. Попробуйте ещё раз.</p>
      <div className="flex flex-wrap justify-center gap-2">
        <Button
          onClick={() => {
            // A failed loader runs again only when the route is invalidated.
            void router.invalidate();
            reset();
          }}
        >
          Повторить
        </Button>
        <Button
          variant="outline"
          lang="en"
          aria-expanded={shown}
          aria-controls="error-details"
          onClick={() => setShown((value) => !value)}
        >
          {shown ? 'Hide Error' : 'Show Error'}
        </Button>
      </div>
      <pre
        id="error-details"
        hidden={!shown}
        className="w-full overflow-x-auto whitespace-pre-wrap break-words rounded-lg border bg-muted p-3 text-left text-sm"
      >
        {message}
      </pre>
    </main>
  );
}
