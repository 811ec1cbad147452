// The statements that took the database's time, from pg_stat_statements, in a benchmark's own cluster: where
// the mixed load's database time went (bench/history/2026-11.md, "Mixed load", 2026-11-27). The cluster must have been
// started with the module loaded: EMBEDDED_PG_OPTIONS="shared_preload_libraries=pg_stat_statements" on the
// benchmark's command. The cluster must be running: during the benchmark, or after it with bench/serve.ts (the
// statistics are kept until reset, across a clean stop).
// Usage: EMBEDDED_PG_OPTIONS="shared_preload_libraries=pg_stat_statements" npm run bench:mixed, then
//        EMBEDDED_PG_OPTIONS=... npx tsx bench/serve.ts & npx tsx bench/top-statements.ts [--reset]
//        (BENCH_SCALE (80) and BENCH_PORT (3920) name the cluster as its benchmark did; BENCH_TOP (15) rows,
//        BENCH_QUERY_CHARS (160) of each statement)
import postgres from "postgres";
import { runningBenchDatabaseUrl } from "./benchDatabase";

const sql = postgres(runningBenchDatabaseUrl(), { max: 1, onnotice: () => {} });
try {
  await sql`create extension if not exists pg_stat_statements`;
  if (process.argv.includes("--reset")) {
    await sql`select pg_stat_statements_reset()`;
    console.log("pg_stat_statements reset");
  } else {
    const rows = await sql<{ calls: string; total: number; mean: number; max: number; query: string }[]>`
      select calls, total_exec_time as total, mean_exec_time as mean, max_exec_time as max,
             regexp_replace(query, '\\s+', ' ', 'g') as query
        from pg_stat_statements order by total_exec_time desc limit ${Number(process.env.BENCH_TOP ?? 15)}`;
    for (const r of rows)
      console.log(
        `${(r.total / 1000).toFixed(1).padStart(7)} s ${r.calls.padStart(8)} calls  mean ${r.mean.toFixed(2).padStart(8)} ms  max ${r.max.toFixed(1).padStart(8)} ms  ${r.query.slice(0, Number(process.env.BENCH_QUERY_CHARS ?? 160))}`,
      );
  }
} catch (error) {
  console.error(
    `Could not read pg_stat_statements: ${(error as Error).message}. Is the benchmark's cluster running, started with EMBEDDED_PG_OPTIONS="shared_preload_libraries=pg_stat_statements"?`,
  );
  process.exitCode = 1;
} finally {
  await sql.end();
}
