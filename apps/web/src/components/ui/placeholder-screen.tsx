import { Link, type RegisteredRouter, type ValidateLinkOptions } from '@tanstack/react-router';
import { Hammer } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from './button';
import { ScreenHeader } from './screen-header';

export type PlaceholderScreenProps<TOptions> = {
  title: string;
  /** Where the header's back arrow leads; the dashboard when not given. */
  back?: ValidateLinkOptions<RegisteredRouter, TOptions>;
  /** Replaces the default 'Этот раздел скоро появится' explanation. */
  children?: ReactNode;
};

/** The one stand-in for a screen that is not built yet: its title, a short note and ways back. */
export function PlaceholderScreen<TOptions>({ title, back, children }: PlaceholderScreenProps<TOptions>) {
  return (
    <>
      <ScreenHeader title={title} back={(back ?? { to: '/dashboard' }) as ValidateLinkOptions} />
      <main className="flex flex-1 flex-col items-center justify-center gap-4 px-6 py-12 text-center">
        <span className="flex size-16 items-center justify-center rounded-2xl bg-muted text-muted-foreground">
          <Hammer aria-hidden="true" className="size-8" />
        </span>
        {children ?? (
          <>
            <p className="font-semibold text-lg">Этот раздел скоро появится</p>
            <p className="max-w-xs text-muted-foreground">Мы уже работаем над ним. Загляните чуть позже.</p>
          </>
        )}
        <Button asChild variant="secondary">
          <Link to="/dashboard">На главную</Link>
        </Button>
      </main>
    </>
  );
}
