import { setTimeout as wait } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { BACKGROUND, mapInSlices, pacer } from "./slices";

/** Busy work of about `ms` milliseconds. */
function spin(ms: number) {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

/**
 * Runs 60 items of 1 ms each at `pace`, with a timer beside them every 2 ms that works `timerWorkMs` (what
 * requests would): how often the timer ran, and the time the items took.
 */
async function measure(pace: Parameters<typeof mapInSlices>[2], timerWorkMs = 0) {
  let ticks = 0;
  const timer = setInterval(() => {
    ticks++;
    spin(timerWorkMs);
  }, 2);
  const started = performance.now();
  const done = await mapInSlices(Array.from({ length: 60 }), () => spin(1), pace);
  const took = performance.now() - started;
  clearInterval(timer);
  return { done, ticks, took };
}

describe("mapInSlices", () => {
  it("maps every item in order, paced or not", async () => {
    expect(await mapInSlices([3, 1, 2], (n) => n * 10)).toEqual([30, 10, 20]);
    expect(await mapInSlices([3, 1, 2], (n) => n * 10, null)).toEqual([30, 10, 20]);
    expect(await mapInSlices([], (n: number) => n)).toEqual([]);
  });

  it("beside other work, rests to keep to its duty and lets the loop in between slices", async () => {
    const busy = await measure(BACKGROUND, 0.5);
    expect(busy.done).toHaveLength(60);
    // 60 ms of work at a quarter of a core: at least 180 ms of rest, and the timer ran in each of about 30 rests.
    expect(busy.took).toBeGreaterThan(200);
    expect(busy.ticks).toBeGreaterThan(20);
  });

  it("on an idle loop, rests briefly and still lets the loop in", async () => {
    const idle = await measure(BACKGROUND);
    // At most the first rest is a long one; the rest are a quarter of a slice.
    expect(idle.took).toBeLessThan(200);
    expect(idle.ticks).toBeGreaterThan(5);
  });

  it("without a pace, works in one go", async () => {
    const flat = await measure(null);
    expect(flat.took).toBeLessThan(200);
    expect(flat.ticks).toBe(0);
  });
});

/**
 * 20 rounds of work that waits 5 ms elsewhere (a statement in PostgreSQL), paced as such, with a timer beside
 * them as in `measure`: the time the rounds took.
 */
async function measureElsewhere(timerWorkMs: number) {
  const timer = setInterval(() => spin(timerWorkMs), 2);
  const restAfter = pacer(BACKGROUND, "elsewhere");
  const started = performance.now();
  for (let round = 0; round < 20; round++) {
    const at = performance.now();
    await wait(5);
    await restAfter(performance.now() - at);
  }
  const took = performance.now() - started;
  clearInterval(timer);
  return took;
}

describe("pacer, for work that waits elsewhere", () => {
  it("rests to its duty while requests keep the loop busy, though its own waits leave the loop free", async () => {
    // 100 ms of waits at a quarter: at least 300 ms of rest on top.
    expect(await measureElsewhere(0.5)).toBeGreaterThan(300);
  });

  it("rests briefly while the loop is idle", async () => {
    expect(await measureElsewhere(0)).toBeLessThan(250);
  });
});
