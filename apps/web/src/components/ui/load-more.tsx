import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/notify';

/** What LoadMore needs of an infinite query (TanStack Query's `useInfiniteQuery` result). */
export type PagedQuery = {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  error: unknown;
  fetchNextPage: () => unknown;
};

export type LoadMoreProps = {
  query: PagedQuery;
  /** Load the next page by itself when the end of the list comes near the screen (long lists: the deals). */
  auto?: boolean;
  variant?: 'secondary' | 'ghost';
};

/**
 * The end of a paged list: 'Показать ещё' (while loading, 'Загружаем…'), and the failure of the last page, if any.
 * With `auto`, the next page also loads by itself when this comes near the screen (an IntersectionObserver on a
 * sentinel); the button does the same for keyboards, screen readers and old browsers.
 */
export function LoadMore({ query, auto = false, variant = 'secondary' }: LoadMoreProps) {
  const { hasNextPage, isFetchingNextPage } = query;
  const sentinel = useRef<HTMLDivElement>(null);
  const load = useRef(() => {});
  load.current = () => {
    if (!query.isFetchingNextPage) void query.fetchNextPage();
  };

  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasNextPage || isFetchingNextPage || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) load.current();
      },
      { rootMargin: '0px 0px 600px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage]);

  return (
    <>
      {hasNextPage && auto ? (
        <div ref={sentinel} data-testid="load-more-sentinel" aria-hidden="true" className="h-px" />
      ) : null}
      {hasNextPage ? (
        <Button variant={variant} disabled={isFetchingNextPage} onClick={() => load.current()}>
          {isFetchingNextPage ? 'Загружаем…' : 'Показать ещё'}
        </Button>
      ) : null}
      {query.isFetchNextPageError ? (
        <p role="alert" className="text-center text-destructive text-sm">
          {errorMessage(query.error)}
        </p>
      ) : null}
    </>
  );
}
