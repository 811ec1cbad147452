import { describe, expect, it } from "vitest";
import { mapInSlices } from "./slices";

/** Busy work of about `ms` milliseconds. */
function spin(ms: number) {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

/** Runs 60 items of 1 ms each at `pace`, with a 2 ms timer beside them: how often it ticked, and the time taken. */
async function measure(pace: Parameters<typeof mapInSlices>[2]) {
  let ticks = 0;
  const timer = setInterval(() => ticks++, 2);
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

  it("lets the loop in between slices and rests to keep to its duty", async () => {
    const paced = await measure({ sliceMs: 2, duty: 0.25 });
    expect(paced.done).toHaveLength(60);
    // 60 ms of work at a quarter of a core: at least 180 ms of rest, and the timer ran in each of about 30 rests.
    expect(paced.took).toBeGreaterThan(200);
    expect(paced.ticks).toBeGreaterThan(20);
  });

  it("without a pace, works in one go", async () => {
    const flat = await measure(null);
    expect(flat.took).toBeLessThan(200);
    expect(flat.ticks).toBe(0);
  });
});
