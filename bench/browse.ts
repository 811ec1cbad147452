// Browse benchmark: ~100,000 salespeople in a dedicated embedded PostgreSQL, the built server on 127.0.0.1,
// the lean client (bench/support.ts, saturated) on the health route and on browse, through REST and tRPC, with the
// browse cache as configured; each share of health prints both absolute rates beside it.
//
// Default mode: 60 combinations of city + rating + specialty (what the cache answers best).
// --long-tail: what real visitors send. At least 10,000 distinct requests spread over every filter shape
// (city, rating, specialty, three-letter name search, years of experience, offsets 0-96), sent two ways:
//   - saturated: every connection sends again as soon as it has its answer (the most the server can answer);
//   - paced: visitors arriving at a fixed rate, half of what the saturated run answered (or a share of the
//     health route's throughput: BENCH_REST_SHARE / BENCH_TRPC_SHARE, e.g. 0.05), over the same connections,
//     timed per shape, so a slow shape cannot hide in the average. A saturated closed loop's latency is connections / throughput by
//     construction; the paced run shows what a visitor waits at a given load.
// --near (with --long-tail): the distance searches instead (every dealership's ZIP code, every radius, by rank,
//   nearest first, and with a rating).
// --finding (with --long-tail): the long tail and, beside it, finding by when and where: availability filters
//   (today, this weekend, a date), the soonest available first, and distance searches.
// --cold: no warm-up. Every benchmark starts its own server and PostgreSQL, so the first browse meets an empty
//   browse cache, empty shared buffers and statements not yet prepared (the operating system's file cache is as
//   the machine has it); without --cold, 3 s of browse warm them first.
// Usage: npm run build && npm run bench:browse [-- --long-tail [--near | --finding]] [-- --cold]
//        (BENCH_SCALE, BENCH_SECONDS, BENCH_CONNECTIONS, BROWSE_CACHE_TTL_MS)
import postgres from "postgres";
import {
  defaultShapes,
  interleave,
  longTailShapes,
  nearShapes,
  type Query,
  restRequest,
  trpcRequest,
} from "./browseMix";
import {
  connections,
  kindRows,
  measureHealth,
  paced,
  percentile,
  saturated,
  saturatedRow,
  seconds,
  shareOfHealth,
  startBenchServer,
  windowRow,
} from "./support";

/** Sends `queries` in turn across every connection (each once until the list wraps), as `kind`. */
function sendInTurn(
  kind: string,
  queries: Query[],
  toRequest: (q: Query) => { method?: string; path?: string },
) {
  let next = 0;
  return () => {
    const { method, path } = toRequest(queries[next++ % queries.length]!);
    return { kind, method: method ?? "GET", path: path ?? "/" };
  };
}

/** A paced run's share of the health route, when given; else it runs at half its saturated rate. */
const restShare = process.env.BENCH_REST_SHARE ? Number(process.env.BENCH_REST_SHARE) : null;
const trpcShare = process.env.BENCH_TRPC_SHARE ? Number(process.env.BENCH_TRPC_SHARE) : null;

const longTail = process.argv.includes("--long-tail");
const near = process.argv.includes("--near");
const finding = process.argv.includes("--finding");
const cold = process.argv.includes("--cold");
const scale = Number(process.env.BENCH_SCALE ?? 80);
const server = await startBenchServer({ port: Number(process.env.BENCH_PORT ?? 3900), scale });

try {
  const sql = postgres(server.pgUrl, { max: 1, onnotice: () => {} });
  const [counted] = await sql<{ n: number }[]>`select count(*)::int as n from salespeople`;
  await sql.end();
  console.log(`salespeople in database: ${counted!.n}`);
  const shapes = !longTail
    ? defaultShapes()
    : near
      ? await nearShapes(server.pgUrl)
      : await longTailShapes(server.pgUrl, finding);
  const all = interleave(shapes);
  console.log(`${all.length} distinct browse requests over ${shapes.length} shape(s)`);
  if (!cold)
    await saturated(server.base, {
      seconds: 3,
      connections,
      next: sendInTurn("warmup", all.slice(0, 200), restRequest),
    });

  const health = await measureHealth(server.base, { seconds, connections });
  // tRPC sends the list from its other end, so it does not meet what REST left in the cache.
  const restResult = await saturated(server.base, {
    seconds,
    connections,
    next: sendInTurn("REST", all, restRequest),
  });
  const trpcResult = await saturated(server.base, {
    seconds,
    connections,
    next: sendInTurn("tRPC", [...all].reverse(), trpcRequest),
  });
  const pacedRuns: string[] = [];
  if (longTail) {
    // Every shape gets the same share of the paced requests, in turn, so each shape's p99 stands on as many
    // answers as the others' (sent in proportion to their sizes, the smallest shape had ~150 answers in a run,
    // and its p99 was its second-slowest answer). Each shape walks its own queries, REST from the start, tRPC
    // from the end. A shape with fewer distinct pages than its share (city alone has cities x offsets) sends
    // them again, as its visitors would, and meets the cache as production does: its label says how many.
    const pacedSeconds = 2 * seconds;
    for (const [name, share, saturatedRun, toRequest, step] of [
      ["REST", restShare, restResult, restRequest, 1],
      ["tRPC", trpcShare, trpcResult, trpcRequest, -1],
    ] as const) {
      const rate = Math.round(share === null ? saturatedRun.rate / 2 : share * health.rate);
      const sent = shapes.map(() => 0);
      let turn = 0;
      const result = await paced(server.base, {
        rate,
        seconds: pacedSeconds,
        connections,
        next: () => {
          const index = turn++ % shapes.length;
          const { name: shapeName, queries } = shapes[index]!;
          const k = sent[index]!++ % queries.length;
          const query = queries[step === 1 ? k : queries.length - 1 - k]!;
          const { method, path } = toRequest(query) as { method: string; path: string };
          return { kind: `${shapeName} (${queries.length} distinct)`, method, path };
        },
      });
      const answered = result.timings.all();
      pacedRuns.push(
        `${name} paced at ${rate} req/s (${share === null ? "half the saturated rate, " : ""}${((100 * rate) / health.rate).toFixed(1)}% of health's ${health.rate.toFixed(0)} req/s), ${pacedSeconds} s: answered ${(answered.length / result.elapsed).toFixed(0)} req/s, p50 ${percentile(answered, 50).toFixed(1)} ms, p99 ${percentile(answered, 99).toFixed(1)} ms, requests without an answer ${JSON.stringify(result.failed)}`,
        ...kindRows(result.timings, pacedSeconds),
        // A stall delays every shape alike: the windows show whether the slowest answers came at one moment.
        windowRow(result.timings),
      );
    }
  }

  console.log(
    `\n${connections} connections, ${seconds} s each, ${server.base}, browse cache TTL ${server.env.BROWSE_CACHE_TTL_MS} ms, ${cold ? "cold (no warm-up)" : "warmed for 3 s"}`,
  );
  console.log(saturatedRow("GET /api/health", health));
  console.log(saturatedRow("GET /api/salespeople", restResult));
  console.log(saturatedRow("tRPC salespeople.list", trpcResult));
  console.log(shareOfHealth("REST browse (saturated)", restResult.rate, health.rate));
  console.log(shareOfHealth("tRPC browse (saturated)", trpcResult.rate, health.rate));
  for (const line of pacedRuns) console.log(line);
} finally {
  await server.stop();
}
