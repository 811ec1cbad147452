import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createTtlCache, oldestDropper } from "./cache";

// The cache reads Date.now and the loads wait on timers: both are moved by the tests, so a busy machine
// cannot stretch a 5 ms wait past a 30 ms TTL.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date", "setTimeout"] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe("TTL cache", () => {
  it("serves a hit within the TTL and shares one load between concurrent misses", async () => {
    const cache = createTtlCache<number>({ ttlMs: 1000, maxEntries: 10 });
    let loads = 0;
    const load = async () => {
      loads++;
      await new Promise((r) => setTimeout(r, 10));
      return 42;
    };
    const all = Promise.all([cache.get("k", load), cache.get("k", load), cache.get("k", load)]);
    await vi.advanceTimersByTimeAsync(10);
    expect(await all).toEqual([42, 42, 42]);
    expect(await cache.get("k", load)).toBe(42);
    expect(loads).toBe(1);
  });

  it("reloads after clear and does not keep a read that raced a clear", async () => {
    const cache = createTtlCache<number>({ ttlMs: 1000, maxEntries: 10 });
    let value = 1;
    const slow = cache.get("k", async () => {
      const read = value;
      await new Promise((r) => setTimeout(r, 20));
      return read;
    });
    cache.clear();
    value = 2;
    await vi.advanceTimersByTimeAsync(20);
    expect(await slow).toBe(1);
    expect(await cache.get("k", async () => value)).toBe(2);
  });

  it("evicts the oldest entry beyond its size and bypasses itself with a zero TTL", async () => {
    const cache = createTtlCache<string>({ ttlMs: 1000, maxEntries: 2 });
    await cache.get("a", async () => "a");
    await cache.get("b", async () => "b");
    await cache.get("c", async () => "c");
    expect(cache.size).toBe(2);
    const off = createTtlCache<number>({ ttlMs: 0, maxEntries: 2 });
    let n = 0;
    await off.get("x", async () => ++n);
    await off.get("x", async () => ++n);
    expect(n).toBe(2);
  });

  it("with admitOnRepeat, keeps only a key asked for again within the last two TTLs", async () => {
    const cache = createTtlCache<number>({ ttlMs: 40, maxEntries: 10, admitOnRepeat: true });
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.get("once", load)).toBe(1);
    expect(cache.size).toBe(0);
    expect(await cache.get("once", load)).toBe(2);
    expect(cache.size).toBe(1);
    expect(await cache.get("once", load)).toBe(2);
    // Concurrent first reads still share one load.
    const shared = await Promise.all([cache.get("pair", load), cache.get("pair", load)]);
    expect(shared).toEqual([3, 3]);
    // A key last asked for more than two windows ago is new again.
    await cache.get("late", load);
    await vi.advanceTimersByTimeAsync(100);
    await cache.get("late", load);
    expect(cache.size).toBe(1);
  });
});

describe("oldestDropper", () => {
  it("drops the entries set longest ago, through deletes, sets again and clears", () => {
    const map = new Map<number, number>();
    const drop = oldestDropper(map);
    // The model: keys in the order they were last set.
    let order: number[] = [];
    let seed = 7;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let step = 0; step < 20_000; step++) {
      const key = Math.floor(random() * 300);
      const action = random();
      if (action < 0.6) {
        map.delete(key);
        map.set(key, step);
        order = [...order.filter((k) => k !== key), key];
      } else if (action < 0.8) {
        map.delete(key);
        order = order.filter((k) => k !== key);
      } else if (action < 0.9995) {
        const size = Math.floor(random() * 200);
        drop(size);
        order = order.slice(Math.max(order.length - size, 0));
      } else {
        map.clear();
        order = [];
      }
      expect([...map.keys()]).toEqual(order);
    }
  });
});

describe("stale-while-revalidate", () => {
  it("answers the stale copy at once after the TTL and refreshes it in the background", async () => {
    const cache = createTtlCache<number>({ ttlMs: 30, maxEntries: 10 });
    let value = 1;
    await cache.get("k", async () => value);
    value = 2;
    await vi.advanceTimersByTimeAsync(40);
    expect(await cache.get("k", async () => value)).toBe(1); // stale, refresh started
    await vi.advanceTimersByTimeAsync(5);
    expect(await cache.get("k", async () => value)).toBe(2);
    await vi.advanceTimersByTimeAsync(70);
    value = 3;
    expect(await cache.get("k", async () => value)).toBe(3); // past the stale window: waits for the load
  });

  it("with serveStale false, waits for a fresh load once the TTL has passed", async () => {
    const cache = createTtlCache<number>({ ttlMs: 30, maxEntries: 10, serveStale: false });
    let value = 1;
    await cache.get("k", async () => value);
    value = 2;
    await vi.advanceTimersByTimeAsync(20);
    expect(await cache.get("k", async () => value)).toBe(1); // still fresh
    await vi.advanceTimersByTimeAsync(20);
    expect(await cache.get("k", async () => value)).toBe(2);
  });

  it("keeps each entry fresh for the time its value calls for", async () => {
    const cache = createTtlCache<number>({
      ttlMs: 30,
      maxEntries: 10,
      serveStale: false,
      ttlFor: (value) => (value > 100 ? 300 : 30),
    });
    let small = 1;
    let large = 101;
    await cache.get("small", async () => small);
    await cache.get("large", async () => large);
    small = 2;
    large = 102;
    await vi.advanceTimersByTimeAsync(40);
    expect(await cache.get("small", async () => small)).toBe(2);
    expect(await cache.get("large", async () => large)).toBe(101); // still fresh
    await vi.advanceTimersByTimeAsync(270);
    expect(await cache.get("large", async () => large)).toBe(102);
  });
});
