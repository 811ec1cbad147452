// Background work that computes in JavaScript (the open times' refresh) shares the event loop and the machine's
// cores with every request the server answers. Computed in one go, a minute's batch held the loop for up to half
// a second; given back a turn between slices but run flat out, it still took a core for seconds, and the requests
// of those seconds waited on it (docs/operations/runtime-tuning.md, "Background work in slices"). Work paced here
// runs in slices and rests between them, a share of one core at most: a request waits about one slice for it,
// and the machine keeps the rest for requests.
import { setTimeout as rest } from "node:timers/promises";

/** How long work runs before it rests, and the share of one core it takes while it runs. */
export type Pace = { sliceMs: number; duty: number };

/** A server's background work: slices of about one uncached browse, a quarter of a core. */
export const BACKGROUND: Pace = { sliceMs: 2, duty: 0.25 };

/**
 * `items` mapped by `map`, in order: at `pace`, resting after each slice for as long as keeps the work to its
 * duty; without one (work that has the machine to itself, as the seed), in one go.
 */
export async function mapInSlices<T, R>(
  items: readonly T[],
  map: (item: T) => R,
  pace: Pace | null = BACKGROUND,
): Promise<R[]> {
  if (!pace) return items.map(map);
  const mapped: R[] = [];
  let sliceStart = performance.now();
  for (const item of items) {
    mapped.push(map(item));
    const worked = performance.now() - sliceStart;
    if (worked >= pace.sliceMs) {
      await rest(Math.ceil((worked * (1 - pace.duty)) / pace.duty));
      sliceStart = performance.now();
    }
  }
  return mapped;
}
