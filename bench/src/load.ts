import autocannon from 'autocannon';

export type LoadResult = {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  /** Of the non-2xx, the 304s of repeat reads. */
  notModified: number;
  errors: number;
};

export type LoadTarget = {
  url: string;
  method?: 'GET' | 'POST' | 'PUT';
  headers?: Record<string, string>;
  body?: string | Buffer;
};

/** One load run as the issue fixes it: 50 connections for 10 seconds on loopback, after a 2-second warm-up. */
export async function load(
  target: LoadTarget,
  seconds = 10,
  connections = 50,
  warmUpSeconds = 2,
): Promise<LoadResult> {
  const options = { ...target, connections, pipelining: 1 };
  await autocannon({ ...options, duration: warmUpSeconds });
  const result = await autocannon({ ...options, duration: seconds });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    notModified: result.statusCodeStats?.['304']?.count ?? 0,
    errors: result.errors + result.timeouts,
  };
}
