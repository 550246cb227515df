import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useId } from 'react';
import { InlineErrorState } from '@/components/ui/error-state';
import { Spinner } from '@/components/ui/spinner';

/** A card's frame on a deal's screen: a section named by its title. */
export function DealCardFrame({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="mx-4 mb-6 flex flex-col gap-4 rounded-xl border bg-card p-4 text-card-foreground"
    >
      <h2 id={headingId} className="font-semibold text-lg">
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * A card of a deal's screen that loads its own data ('Подписчики по ссылке', 'Пост'): its title, a spinner while it
 * loads, the error with 'Повторить', then what `children` makes of the data; `footer` stays whatever the state.
 */
export function DealScreenCard<T>({
  title,
  query,
  children,
  footer,
}: {
  title: string;
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
  footer?: ReactNode;
}) {
  return (
    <DealCardFrame title={title}>
      {query.isPending ? (
        <Spinner className="py-4" />
      ) : query.isError ? (
        <InlineErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        children(query.data)
      )}
      {footer}
    </DealCardFrame>
  );
}
