// The label of figures that count rows the demo seed wrote (the `demo` column, src/server/db/schema/columns.ts).
import type { DemoData } from "../../shared/schemas/siteStats";

/** One kind of counted row: how many of the counted are seeded, and its name (singular, plural). */
export type DemoPart = readonly [seeded: number, one: string, many: string];

/** The demoData of an answer: null when no counted row is seeded, else how many and which, in words. */
export function demoDataOf(parts: readonly DemoPart[]): DemoData {
  const counted = parts.filter(([n]) => n > 0);
  if (counted.length === 0) return null;
  const words = counted.map(([n, one, many]) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`);
  const list = words.length === 1 ? words[0] : `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`;
  return {
    rows: counted.reduce((sum, [n]) => sum + n, 0),
    note: `Demo data: includes ${list} written by the demo seed, not by real use.`,
  };
}
