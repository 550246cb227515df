import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { dealTexts } from '../../lib/kinds';

export type LoadMoreProps = {
  hasMore: boolean;
  loading: boolean;
  onLoad: () => void;
};

/**
 * The end of a long list: the next page loads by itself when this comes near the screen (an IntersectionObserver
 * on a sentinel), and a 'Показать ещё' button does the same for keyboards, screen readers and old browsers.
 */
export function LoadMore({ hasMore, loading, onLoad }: LoadMoreProps) {
  const sentinel = useRef<HTMLDivElement>(null);
  const load = useRef(onLoad);
  load.current = onLoad;

  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasMore || loading || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) load.current();
      },
      { rootMargin: '0px 0px 600px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasMore, loading]);

  if (!hasMore) return null;
  return (
    <>
      <div ref={sentinel} data-testid="load-more-sentinel" aria-hidden="true" className="h-px" />
      <Button variant="secondary" disabled={loading} onClick={onLoad}>
        {loading ? dealTexts.loadingMore : dealTexts.showMore}
      </Button>
    </>
  );
}
