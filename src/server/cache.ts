// A small in-process TTL cache with single-flight loading and stale-while-revalidate, for public reads that
// many visitors repeat. Instances stay stateless: entries are short-lived copies of database reads.

export type TtlCache<V> = {
  get: (key: string, load: () => Promise<V>) => Promise<V>;
  clear: () => void;
  readonly size: number;
};

type Entry<V> = { value: V; freshUntil: number; staleUntil: number };

/**
 * Drops the oldest entries of `map` (in the order they were set) until it holds at most `size`, going on from
 * where it last stopped. A fresh iterator steps again over every entry deleted since the map's table was last
 * rebuilt (a delete leaves a hole until then): at a bound of 100,000 held cards that was tens of thousands of
 * steps for each one dropped.
 */
export function oldestDropper<K, V>(map: Map<K, V>): (size: number) => void {
  let oldest = map.keys();
  return (size) => {
    while (map.size > size) {
      let next = oldest.next();
      if (next.done) {
        oldest = map.keys();
        next = oldest.next();
        if (next.done) return;
      }
      map.delete(next.value);
    }
  };
}

/**
 * Entries are fresh for `ttlMs`; for another `ttlMs` after that a read still answers the stale copy at once
 * while one background load refreshes it, so an expiring hot key never makes visitors wait on the database
 * (unless `serveStale` is false).
 *
 * With `admitOnRepeat`, a key is kept only when it was asked for before within the last one or two TTLs: a
 * read nobody repeats (the long tail of browse filters) is answered and dropped, instead of being held until
 * evicted. Holding every such answer measured as young-generation garbage collections of 10-20 ms, several a
 * second, at 560 distinct browse reads a second; a repeated key costs one more load before it is kept.
 */
export function createTtlCache<V>(options: {
  ttlMs: number;
  maxEntries: number;
  admitOnRepeat?: boolean;
  /** `false`: an expired entry is loaded again while the read waits (no stale copy is answered). */
  serveStale?: boolean;
  /** How long an entry stays fresh, by its value (`ttlMs` for every entry unless given). */
  ttlFor?: (value: V) => number;
}): TtlCache<V> {
  const staleMs = options.serveStale === false ? 0 : options.ttlMs;
  const entries = new Map<string, Entry<V>>();
  const dropOldest = oldestDropper(entries);
  const inFlight = new Map<string, Promise<V>>();
  let generation = 0;
  /** Keys asked for in the current window of `ttlMs`, and in the one before it. */
  let asked = new Set<string>();
  let askedBefore = new Set<string>();
  let windowEnds = 0;
  const maxAsked = 10 * options.maxEntries;

  function repeated(key: string, now: number): boolean {
    if (now >= windowEnds) {
      askedBefore = now - windowEnds < options.ttlMs ? asked : new Set();
      asked = new Set();
      windowEnds = now + options.ttlMs;
    }
    if (asked.has(key) || askedBefore.has(key)) return true;
    if (asked.size < maxAsked) asked.add(key);
    return false;
  }

  function refresh(key: string, load: () => Promise<V>, keep = true): Promise<V> {
    const pending = inFlight.get(key);
    if (pending) return pending;
    const startedIn = generation;
    const promise = load()
      .then((value) => {
        // A write that cleared the cache while this read ran makes the result suspect: do not keep it.
        if (keep && startedIn === generation) {
          entries.delete(key);
          dropOldest(options.maxEntries - 1);
          const freshUntil = Date.now() + (options.ttlFor?.(value) ?? options.ttlMs);
          entries.set(key, { value, freshUntil, staleUntil: freshUntil + staleMs });
        }
        return value;
      })
      .finally(() => {
        if (inFlight.get(key) === promise) inFlight.delete(key);
      });
    inFlight.set(key, promise);
    return promise;
  }

  return {
    async get(key, load) {
      if (options.ttlMs <= 0) return load();
      const now = Date.now();
      const hit = entries.get(key);
      if (hit && hit.freshUntil > now) return hit.value;
      if (hit && hit.staleUntil > now) {
        refresh(key, load).catch(() => {}); // the next read retries; this one is answered from the stale copy
        return hit.value;
      }
      return refresh(key, load, !options.admitOnRepeat || repeated(key, now));
    },
    clear() {
      generation++;
      entries.clear();
      inFlight.clear();
    },
    get size() {
      return entries.size;
    },
  };
}
