// What scraping /metrics costs the app: the browse benchmark's long-tail mix (bench/browseMix.ts), sent
// closed-loop for a bounded time twice, once alone and once with a scraper fetching /metrics every second as
// Prometheus would; prints both throughputs and the loss. Tracing stays off (no OTLP endpoint).
// Usage: npm run build && npm run bench:metrics-cost   (BENCH_SCALE, BENCH_SECONDS, BENCH_CONNECTIONS, BENCH_ROUNDS)
//        BENCH_URL=http://127.0.0.1:<port> METRICS_TOKEN=... against a server already running (127.0.0.1 only)
import { randomBytes } from "node:crypto";
import { defaultShapes, inTurn, interleave, longTailShapes, restRequest } from "./browseMix";
import { connections, row, run, seconds, startBenchServer } from "./support";

const scale = Number(process.env.BENCH_SCALE ?? 80);
const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
const external = process.env.BENCH_URL;
if (external && new URL(external).hostname !== "127.0.0.1") {
  console.error("BENCH_URL must be a server on 127.0.0.1");
  process.exit(1);
}
const token = external ? process.env.METRICS_TOKEN : randomBytes(24).toString("hex");
if (!token) {
  console.error("METRICS_TOKEN: the token of the server at BENCH_URL");
  process.exit(1);
}
const server = external
  ? { base: external, pgUrl: process.env.BENCH_PG_URL ?? "", stop: async () => {} }
  : await startBenchServer({
      port: Number(process.env.BENCH_PORT ?? 4670),
      scale,
      extraEnv: { METRICS_TOKEN: token },
    });

/** Fetches /metrics every second until stopped; answers how many scrapes there were and how long they took. */
function scraper() {
  const took: number[] = [];
  let failed = 0;
  let busy = false;
  const timer = setInterval(async () => {
    if (busy) return;
    busy = true;
    const started = performance.now();
    try {
      const answer = await fetch(`${server.base}/metrics`, { headers: { authorization: `Bearer ${token}` } });
      await answer.text();
      if (answer.ok) took.push(performance.now() - started);
      else failed++;
    } catch {
      failed++;
    } finally {
      busy = false;
    }
  }, 1000);
  return {
    stop() {
      clearInterval(timer);
      const sorted = took.sort((a, b) => a - b);
      return { scrapes: sorted.length, failed, median: sorted[Math.floor(sorted.length / 2)] ?? 0 };
    },
  };
}

try {
  // The long tail needs the database's names for its searches; without its URL, the cached combinations.
  const shapes = server.pgUrl ? await longTailShapes(server.pgUrl) : defaultShapes();
  const all = interleave(shapes);
  const requests = () => inTurn(all, restRequest);
  console.log(`${all.length} distinct browse requests over ${shapes.length} shape(s)`);
  await run(server.base, "warmup", { requests: inTurn(all.slice(0, 200), restRequest), duration: 3 });

  const idle = performance.now();
  await (await fetch(`${server.base}/metrics`, { headers: { authorization: `Bearer ${token}` } })).text();
  const lines = [`one scrape of the idle server: ${(performance.now() - idle).toFixed(1)} ms`];
  const losses: number[] = [];
  for (let round = 1; round <= rounds; round++) {
    // Every other round scrapes first: whichever run goes second meets a warmer cache and database.
    const alone = () => run(server.base, "without scraper", { requests: requests() });
    const withScraper = async () => {
      const scraping = scraper();
      const result = await run(server.base, "scraped every second", { requests: requests() });
      return { result, scrapes: scraping.stop() };
    };
    let first: Awaited<ReturnType<typeof alone>>;
    let second: Awaited<ReturnType<typeof withScraper>>;
    if (round % 2 === 1) {
      first = await alone();
      second = await withScraper();
    } else {
      second = await withScraper();
      first = await alone();
    }
    const [unscraped, scraped, scrapes] = [first, second.result, second.scrapes];
    const loss = 100 * (1 - scraped.requests.average / unscraped.requests.average);
    losses.push(loss);
    lines.push(
      `round ${round} (${round % 2 === 1 ? "alone first" : "scraped first"})`,
      row("  browse alone", unscraped),
      row("  browse, /metrics every 1 s", scraped),
      `  scrapes: ${scrapes.scrapes} (median ${scrapes.median.toFixed(1)} ms each), failed ${scrapes.failed}; throughput loss ${loss.toFixed(1)}%`,
    );
  }
  console.log(`\n${connections} connections, ${seconds} s each, ${server.base}, tracing off`);
  for (const line of lines) console.log(line);
  const mean = losses.reduce((sum, l) => sum + l, 0) / losses.length;
  console.log(
    `loss with a scrape every second: ${losses.map((l) => `${l.toFixed(1)}%`).join(", ")} (mean ${mean.toFixed(1)}%)`,
  );
} finally {
  await server.stop();
}
