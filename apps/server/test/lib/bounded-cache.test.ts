import { describe, expect, it } from 'vitest';
import { boundedCache } from '../../src/lib/bounded-cache.js';

/** A cache of number lists weighed by their length, and a lookup that counts its calls. */
function setup(maxWeight: number) {
  const cached = boundedCache<number[]>(maxWeight, (ids) => ids.length);
  const calls: string[] = [];
  const lookup = (key: string, ids: number[]) => () => {
    calls.push(key);
    return Promise.resolve(ids);
  };
  return { cached, calls, lookup };
}

describe('a bounded cache', () => {
  it('looks a key up once, and once for requests that ask while the lookup is on the way', async () => {
    const { cached, calls, lookup } = setup(100);
    const together = await Promise.all([1, 2, 3].map(() => cached('a', lookup('a', [1, 2]))));
    expect(together).toEqual([
      [1, 2],
      [1, 2],
      [1, 2],
    ]);
    expect(await cached('a', lookup('a', [9]))).toEqual([1, 2]);
    expect(calls).toEqual(['a']);
  });

  it('forgets the least recently used keys once their weight passes the bound', async () => {
    const { cached, calls, lookup } = setup(6);
    await cached('a', lookup('a', [1, 2, 3]));
    await cached('b', lookup('b', [4, 5, 6]));
    await cached('a', lookup('a', []));
    // c pushes the weight to 9: b, used longest ago, goes; a stays.
    await cached('c', lookup('c', [7, 8, 9]));
    await cached('a', lookup('a', []));
    await cached('b', lookup('b', [4, 5, 6]));
    expect(calls).toEqual(['a', 'b', 'c', 'b']);
  });

  it('forgets an answer heavier than the bound at once', async () => {
    const { cached, calls, lookup } = setup(2);
    expect(await cached('big', lookup('big', [1, 2, 3]))).toEqual([1, 2, 3]);
    await cached('big', lookup('big', [1, 2, 3]));
    expect(calls).toEqual(['big', 'big']);
  });

  it('keeps no failure: every waiter gets it, and the next request looks up again', async () => {
    const cached = boundedCache<number>(10, () => 1);
    let fail = true;
    const lookup = async () => {
      await Promise.resolve();
      if (fail) throw new Error('database gone');
      return 7;
    };
    const waiting = [cached('k', lookup), cached('k', lookup)];
    await expect(waiting[0]).rejects.toThrow('database gone');
    await expect(waiting[1]).rejects.toThrow('database gone');
    fail = false;
    expect(await cached('k', lookup)).toBe(7);
  });
});
