// Where a benchmark's seeded cluster lives, and the address of one already running: a module of its own, light
// enough for a measuring process (bench/promotion.ts) to load without the rest of the benchmarks' plumbing.
import { embeddedUrl } from "../src/server/operations/embedded";
import { projectPath } from "../src/server/paths";

/** Where a benchmark keeps its seeded cluster (relative to the project), by seed scale. */
export function benchDataDir(scale: number): string {
  return `.data/bench-x${scale}`;
}

/**
 * The database of a benchmark server that is already running (bench/serve.ts, or a benchmark in progress), named
 * as it was started: BENCH_SCALE (80) and BENCH_PORT (3920, the database on the next port).
 */
export function runningBenchDatabaseUrl(): string {
  const scale = Number(process.env.BENCH_SCALE ?? 80);
  const port = Number(process.env.BENCH_PORT ?? 3920);
  return embeddedUrl(projectPath(benchDataDir(scale)), port + 1);
}
