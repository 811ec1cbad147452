// Background work that computes in JavaScript (the open times' refresh) shares the event loop and the machine's
// cores with every request the server answers. Computed in one go, a minute's batch held the loop for up to half
// a second; given back a turn between slices but run flat out, it still took a core for seconds, and the requests
// of those seconds waited on it (docs/operations/runtime-tuning.md, "Background work in slices"). Work paced here
// runs in slices and rests between them: while requests come in, a share of one core at most, so a request waits
// about one slice for it and the machine keeps the rest for requests; while none do, most of a core, so a backlog
// (every salesperson's open times after a migration) is not drawn out for nothing.
import { type EventLoopUtilization, performance } from "node:perf_hooks";
import { setTimeout as rest } from "node:timers/promises";

/**
 * How long work runs before it rests, and the share of one core it takes while it runs: `duty` while the event
 * loop answers requests, `idleDuty` while it has nothing else to do.
 */
export type Pace = { sliceMs: number; duty: number; idleDuty: number };

/** A server's background work: slices of about one uncached browse, a quarter of a core beside requests. */
export const BACKGROUND: Pace = { sliceMs: 2, duty: 0.25, idleDuty: 0.8 };

/**
 * The loop counts as idle when other work (requests) used less than this share of the time the work rested,
 * judged over windows of at least IDLE_WINDOW_MS: a single short rest often sees no request even at a thousand
 * a second.
 */
const IDLE_UTILIZATION = 0.05;
const IDLE_WINDOW_MS = 20;

/** How work rests for some milliseconds (a timer; tests record the rests asked for as well). */
export type Sleep = (ms: number) => Promise<unknown>;

/** The event loop's use, since an earlier reading when given one (tests give a loop of their own). */
export type LoopUse = (since?: EventLoopUtilization) => EventLoopUtilization;
const loopUseOfThisThread: LoopUse = (since) => performance.eventLoopUtilization(since);

/**
 * What keeps work to `pace`: called after each slice with the milliseconds it took, it rests for as long as holds
 * the work to its duty (the idle one while the last window found the loop idle). Work that runs on the event loop
 * (`"loop"`) has its own time taken out of the loop's use before judging; work that waits elsewhere (a statement
 * in PostgreSQL, `"elsewhere"`) leaves the loop to requests while it runs.
 */
export function pacer(
  pace: Pace,
  runs: "loop" | "elsewhere" = "loop",
  sleep: Sleep = rest,
  loopUse: LoopUse = loopUseOfThisThread,
): (workedMs: number) => Promise<void> {
  let idle = false;
  let window = { at: performance.now(), loop: loopUse(), worked: 0 };
  return async (worked) => {
    if (runs === "loop") window.worked += worked;
    const now = performance.now();
    if (now - window.at >= IDLE_WINDOW_MS) {
      // The loop's active time in the window, less this work's own: what requests and the rest took.
      const other = loopUse(window.loop).active - window.worked;
      idle = other < IDLE_UTILIZATION * Math.max(1, now - window.at - window.worked);
      window = { at: now, loop: loopUse(), worked: 0 };
    }
    const duty = idle ? pace.idleDuty : pace.duty;
    await sleep(Math.ceil((worked * (1 - duty)) / duty));
  };
}

/**
 * `items` mapped by `map`, in order: at `pace` (slices of `pace.sliceMs`, rested after as `pacer` says); without
 * one (work that has the machine to itself, as the seed), in one go.
 */
export async function mapInSlices<T, R>(
  items: readonly T[],
  map: (item: T) => R,
  pace: Pace | null = BACKGROUND,
  sleep: Sleep = rest,
  loopUse: LoopUse = loopUseOfThisThread,
): Promise<R[]> {
  if (!pace) return items.map(map);
  const restAfter = pacer(pace, "loop", sleep, loopUse);
  const mapped: R[] = [];
  let sliceStart = performance.now();
  for (const item of items) {
    mapped.push(map(item));
    const worked = performance.now() - sliceStart;
    if (worked >= pace.sliceMs) {
      await restAfter(worked);
      sliceStart = performance.now();
    }
  }
  return mapped;
}
