// Watches a running server's /metrics once a second and prints what a stall would show: event-loop delay,
// garbage collection in that second, the heap, how long `select 1` waited in each pool, and the job queues.
// Run it beside a paced benchmark to line up slow windows with their cause (bench/history/2026-11.md, "Mixed
// load"): each line starts with the wall clock (UTC), as the benchmarks' slowest moments and bench/long-tasks.ts
// do.
// Usage: METRICS_PORT=3930 npm run bench:mixed   and, in another terminal,
//        npx tsx bench/watch-metrics.ts [http://127.0.0.1:3930/metrics]   (METRICS_TOKEN for the app's own port)
export {};

const url = process.argv[2] ?? "http://127.0.0.1:3930/metrics";
const headers: Record<string, string> = process.env.METRICS_TOKEN
  ? { authorization: `Bearer ${process.env.METRICS_TOKEN}` }
  : {};

function sum(text: string, series: RegExp): number {
  let total = 0;
  for (const match of text.matchAll(series)) total += Number(match[1]);
  return total;
}

let previous: { gcSeconds: number; gcCount: number; majorSeconds: number } | null = null;
for (;;) {
  await new Promise((r) => setTimeout(r, 1000));
  const text = await fetch(url, { headers }).then(
    (r) => (r.ok ? r.text() : null),
    () => null,
  );
  if (text === null) continue;
  const value = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, "m").exec(text)?.[1] ?? Number.NaN);
  const gc = {
    gcSeconds: sum(text, /^nodejs_gc_duration_seconds_sum\{[^}]*\} (\S+)$/gm),
    gcCount: sum(text, /^nodejs_gc_duration_seconds_count\{[^}]*\} (\S+)$/gm),
    majorSeconds: sum(text, /^nodejs_gc_duration_seconds_sum\{kind="major"\} (\S+)$/gm),
  };
  const probes = [...text.matchAll(/^db_pool_probe_seconds\{pool="(\w+)"\} (\S+)$/gm)]
    .map(([, pool, s]) => `${pool} ${(1000 * Number(s)).toFixed(1)}`)
    .join(", ");
  const waiting = sum(text, /^job_queue_depth\{[^}]*state="(?:created|retry)"[^}]*\} (\S+)$/gm);
  const ms = (s: number) => (1000 * s).toFixed(1);
  console.log(
    [
      new Date().toISOString().slice(11, 19),
      `loop delay p99 ${ms(value("nodejs_eventloop_lag_p99_seconds"))} max ${ms(value("nodejs_eventloop_lag_max_seconds"))} ms`,
      previous
        ? `gc ${ms(gc.gcSeconds - previous.gcSeconds)} ms in ${gc.gcCount - previous.gcCount} (major ${ms(gc.majorSeconds - previous.majorSeconds)})`
        : "gc -",
      `heap ${(value("nodejs_heap_size_used_bytes") / 1e6).toFixed(0)} MB`,
      `pool wait ms: ${probes}`,
      `jobs waiting ${waiting}`,
    ].join("   "),
  );
  previous = gc;
}
