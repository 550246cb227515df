import type { ReactNode } from 'react';
import { ErrorState } from './error-state';
import { LoadMore, type PagedQuery } from './load-more';
import { Spinner } from './spinner';

export type PagedListProps = {
  /** The list's infinite query. */
  query: PagedQuery & { isPending: boolean; isError: boolean; refetch: () => unknown };
  /** How many rows the pages so far hold (what `children` draws). */
  rows: number;
  /** The list's name for screen readers ('Ваши каналы'). */
  label: string;
  /** A line above the rows (the count, a note). */
  intro: ReactNode;
  /** Shown instead when there is nothing to list (its add button, if any). */
  empty: ReactNode;
  /** The rows, each an <li>. */
  children: ReactNode;
  /** The next page loads by itself as the end of the list nears the screen (LoadMore's `auto`). */
  auto?: boolean;
};

/**
 * A paged list of records on its own screen (channels, the archive, the team): a spinner while the first page loads,
 * its failure with 'Повторить', the empty state, or the rows in a card with 'Показать ещё'. A failed later page
 * keeps the rows already shown.
 */
export function PagedList({ query, rows, label, intro, empty, children, auto }: PagedListProps) {
  if (query.isPending) return <Spinner className="py-12" />;
  if (query.isError && rows === 0 && !query.hasNextPage) {
    return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  }
  if (rows === 0 && !query.hasNextPage) return empty;
  return (
    <>
      {intro}
      <ul aria-label={label} className="overflow-hidden rounded-xl border bg-card">
        {children}
      </ul>
      <LoadMore query={query} auto={auto ?? false} />
    </>
  );
}
