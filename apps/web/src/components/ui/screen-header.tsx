import { Link, type RegisteredRouter, type ValidateLinkOptions } from '@tanstack/react-router';
import { ChevronLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

export type ScreenHeaderProps<TOptions> = {
  title: ReactNode;
  /** Where the back arrow leads (a typed link: `{ to: '/channels/$id', params: { id } }`); none: no arrow. */
  back?: ValidateLinkOptions<RegisteredRouter, TOptions>;
  /** Buttons on the right (add, edit). */
  actions?: ReactNode;
  className?: string;
};

/** The top bar of a screen: back arrow, the screen's one <h1>, optional actions. */
export function ScreenHeader<TOptions>({ title, back, actions, className }: ScreenHeaderProps<TOptions>) {
  return (
    <header
      className={cn(
        'sticky top-0 z-30 flex min-h-14 items-center gap-1 border-b bg-background/95 px-2 pt-safe-top backdrop-blur supports-[backdrop-filter]:bg-background/80',
        className,
      )}
    >
      {back ? (
        <Link
          {...(back as ValidateLinkOptions)}
          aria-label="Назад"
          className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg hover:bg-accent"
        >
          <ChevronLeft aria-hidden="true" className="size-6" />
        </Link>
      ) : (
        <span className="w-2" />
      )}
      <h1 className="min-w-0 flex-1 truncate font-semibold text-lg">{title}</h1>
      {actions ? <div className="flex shrink-0 items-center gap-1">{actions}</div> : null}
    </header>
  );
}
