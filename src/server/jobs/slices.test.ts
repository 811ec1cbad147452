import { setTimeout as wait } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { BACKGROUND, type LoopUse, mapInSlices, pacer, type Sleep } from "./slices";

/** Busy work of about `ms` milliseconds. */
function spin(ms: number) {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

/**
 * Runs 60 items of 1 ms each at `pace`, with a timer beside them every 2 ms that works `timerWorkMs` (what
 * requests would): how often the timer ran, and the time the items took.
 */
async function measure(
  pace: Parameters<typeof mapInSlices>[2],
  timerWorkMs = 0,
  sleep?: Sleep,
  loopUse?: LoopUse,
) {
  let ticks = 0;
  const timer = setInterval(() => {
    ticks++;
    spin(timerWorkMs);
  }, 2);
  const started = performance.now();
  const done = await mapInSlices(Array.from({ length: 60 }), () => spin(1), pace, sleep, loopUse);
  const took = performance.now() - started;
  clearInterval(timer);
  return { done, ticks, took };
}

/**
 * A sleep that records the rests asked for as it takes them: what the pace decided, whatever else the machine is
 * doing (the time taken on a loaded machine also counts its other work, and timers that fire late).
 */
function recordedRests() {
  const rests: number[] = [];
  const sleep: Sleep = async (ms) => {
    rests.push(ms);
    await wait(ms);
  };
  return { rests, sleep, total: () => rests.reduce((a, b) => a + b, 0) };
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
    const { rests, sleep, total } = recordedRests();
    // A loop that nothing else uses. The test runner's own messages and the timer beside the work use this
    // thread's loop now and then, and on a loaded machine a window of it could count as busy.
    const idleLoop: LoopUse = () => ({ idle: 0, active: 0, utilization: 0 });
    const idle = await measure(BACKGROUND, 0, sleep, idleLoop);
    expect(idle.done).toHaveLength(60);
    // The first window's rests are long (three times a slice, as beside requests); once a window found the loop
    // idle, a quarter of a slice: 1 ms, or 2 for a slice the machine stretched. Beside requests every rest is at
    // least 6 ms.
    expect(rests.filter((ms) => ms <= 2).length).toBeGreaterThan(rests.length / 2);
    // Rested for less than it worked (beside requests, three times as long). Judged against the work's own time,
    // which a loaded machine stretches as it stretches the rests: a fixed bound of 120 ms failed one CI run at 131.
    expect(total()).toBeLessThan(idle.took - total());
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
async function measureElsewhere(timerWorkMs: number, sleep?: Sleep) {
  const timer = setInterval(() => spin(timerWorkMs), 2);
  const restAfter = pacer(BACKGROUND, "elsewhere", sleep);
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
    const { rests, sleep, total } = recordedRests();
    await measureElsewhere(0, sleep);
    // 100 ms of waits: a quarter of each (2 ms) once a window found the loop idle, not three times it (15 ms).
    expect(rests.filter((ms) => ms <= 2).length).toBeGreaterThan(rests.length / 2);
    expect(total()).toBeLessThan(200);
  });
});
