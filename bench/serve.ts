// Starts the built server on a benchmark's data (seeded on its first run) and keeps it up until Ctrl-C: to look
// at the seeded site, or to read what a finished benchmark left in its cluster (bench/top-statements.ts).
// Usage: npm run build && npx tsx bench/serve.ts   (BENCH_SCALE (80), BENCH_PORT (3920): the mixed benchmark's)
import { startBenchServer } from "./support";

const server = await startBenchServer({
  port: Number(process.env.BENCH_PORT ?? 3920),
  scale: Number(process.env.BENCH_SCALE ?? 80),
});
console.log(
  `serving ${server.base} (database ${server.pgUrl.replace(/:[^:@/]+@/, ":***@")}); Ctrl-C stops it`,
);
process.once("SIGINT", () => {
  void server.stop().then(() => process.exit(0));
});
