/**
 * Answers kept by key, the least recently used forgotten once their total weight passes `maxWeight`. A key asked
 * again while its answer is on the way waits for that answer, so fifty requests of one new key make one lookup. A
 * failed lookup is not kept: the next request of its key tries again.
 */
export function boundedCache<V>(maxWeight: number, weightOf: (value: V) => number) {
  const entries = new Map<string, { value: Promise<V>; weight: number }>();
  let total = 0;

  const forget = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    total -= entry.weight;
    entries.delete(key);
  };

  return async function cached(key: string, lookup: () => Promise<V>): Promise<V> {
    const hit = entries.get(key);
    if (hit) {
      // A Map iterates in insertion order: moved to the end, the key is the last to be forgotten.
      entries.delete(key);
      entries.set(key, hit);
      return hit.value;
    }
    const entry = { value: lookup(), weight: 1 };
    entries.set(key, entry);
    total += entry.weight;
    try {
      const value = await entry.value;
      // Forgotten while on the way (pushed out, or failed for another waiter): its weight is no longer counted.
      if (entries.get(key) === entry) {
        const weight = weightOf(value);
        total += weight - entry.weight;
        entry.weight = weight;
      }
      for (const oldest of entries.keys()) {
        if (total <= maxWeight) break;
        forget(oldest);
      }
      return value;
    } catch (error) {
      if (entries.get(key) === entry) forget(key);
      throw error;
    }
  };
}
