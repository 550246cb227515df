import { onlineManager } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient, freshFor } from './query-client';

describe('freshFor', () => {
  afterEach(() => onlineManager.setOnline(true));

  it('offline, a prefetch of data older than its time answers what is cached at once instead of waiting', async () => {
    const queryClient = createQueryClient();
    queryClient.mount();
    const queryFn = vi.fn(async () => 'new');
    const minuteOld = { updatedAt: Date.now() - 60_000 };
    queryClient.setQueryData(['fresh-for'], 'old', minuteOld);
    queryClient.setQueryData(['plain'], 'old', minuteOld);
    onlineManager.setOnline(false);

    await queryClient.prefetchQuery({ queryKey: ['fresh-for'], queryFn, staleTime: freshFor(10_000) });
    expect(queryFn).not.toHaveBeenCalled();
    // A plain staleTime is stale offline too: its fetch pauses until the connection is back (a loader would wait).
    void queryClient.prefetchQuery({ queryKey: ['plain'], queryFn, staleTime: 10_000 });
    expect(queryClient.getQueryState(['plain'])?.fetchStatus).toBe('paused');

    onlineManager.setOnline(true);
    await queryClient.prefetchQuery({ queryKey: ['fresh-for'], queryFn, staleTime: freshFor(10_000) });
    await vi.waitFor(() => expect(queryClient.getQueryData(['plain'])).toBe('new'));
    expect(queryClient.getQueryData(['fresh-for'])).toBe('new');
  });
});
