import { LoaderCircle } from 'lucide-react';
import { cn } from '@/lib/utils';

export type SpinnerProps = { className?: string; label?: string };

/** A spinning ring that assistive technology announces as 'Загрузка'. */
export function Spinner({ className, label = 'Загрузка' }: SpinnerProps) {
  return (
    <span role="status" className={cn('inline-flex items-center justify-center', className)}>
      <LoaderCircle aria-hidden="true" className="size-8 animate-spin text-muted-foreground" />
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** The whole screen waits: the signed-in layout and /auth while the current user loads. */
export function FullScreenSpinner() {
  return (
    <div className="flex min-h-dvh flex-1 items-center justify-center">
      <Spinner />
    </div>
  );
}
