import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/notify';
import { cn } from '@/lib/utils';

export type ErrorStateProps = {
  error: unknown;
  /** 'Повторить' calls this; left out when `action` is given. */
  onRetry?: () => void;
  /** Another way out instead of 'Повторить' ('К списку каналов' when the channel is gone). */
  action?: ReactNode;
  /** Inside a card: closer, with no room above and below. */
  compact?: boolean;
  className?: string;
};

/** A call failed and there is nothing to show instead: its message, centred, and 'Повторить'. */
export function ErrorState({ error, onRetry, action, compact = false, className }: ErrorStateProps) {
  return (
    <div
      className={cn(
        'flex flex-col items-center text-center',
        compact ? 'gap-3 py-0' : 'gap-4 py-12',
        className,
      )}
    >
      <p role="alert">{errorMessage(error)}</p>
      {action ??
        (onRetry ? (
          <Button variant="secondary" onClick={onRetry}>
            Повторить
          </Button>
        ) : null)}
    </div>
  );
}

/** A part of a screen (a card, a field) failed to load: its message in a row with a small 'Повторить'. */
export function InlineErrorState({
  onRetry,
  messageClassName = 'text-muted-foreground',
  ...failure
}: ({ error: unknown } | { message: string }) & {
  onRetry: () => void;
  /** The message's colour ('text-destructive' inside a form). */
  messageClassName?: string;
}) {
  return (
    <div className="flex items-center gap-3">
      <p role="alert" className={cn('min-w-0 flex-1 text-sm', messageClassName)}>
        {'message' in failure ? failure.message : errorMessage(failure.error)}
      </p>
      <Button variant="secondary" size="sm" onClick={onRetry}>
        Повторить
      </Button>
    </div>
  );
}
