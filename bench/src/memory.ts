import { readdir, readFile } from 'node:fs/promises';

// The server's resident memory while a step runs (the exports, the import): Linux's /proc, sampled every 100 ms.

const SAMPLE_MS = 100;

/** A process's resident memory in bytes. */
async function rssOf(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}

/**
 * The server under measurement: the newest child process of the bench (server-process.ts runs one at a time and
 * does not hand out its pid).
 */
export async function serverPid(): Promise<number> {
  const tasks = await readdir('/proc/self/task');
  const lists = await Promise.all(
    tasks.map((task) => readFile(`/proc/self/task/${task}/children`, 'utf8').catch(() => '')),
  );
  const children = lists.join(' ').split(/\s+/).filter(Boolean).map(Number);
  if (children.length === 0) throw new Error('no server process to measure');
  return Math.max(...children);
}

/** Runs `step` while sampling the process's memory: its result, its seconds, and the RSS before and at peak (bytes). */
export async function sampled<T>(pid: number, step: () => Promise<T>) {
  const before = await rssOf(pid);
  let peak = before;
  const sampler = setInterval(() => {
    rssOf(pid).then(
      (rss) => {
        peak = Math.max(peak, rss);
      },
      () => {},
    );
  }, SAMPLE_MS);
  const started = performance.now();
  try {
    const result = await step();
    const seconds = (performance.now() - started) / 1000;
    return { result, seconds, before, peak: Math.max(peak, await rssOf(pid)) };
  } finally {
    clearInterval(sampler);
  }
}
