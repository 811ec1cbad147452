// Live updates benchmark (docs/product/api.md#live-updates), against the built server on 127.0.0.1:
//   (a) idle streams: open BENCH_LIVE_STREAMS (5,000) streams on one instance, 8 per customer (the cap), and read
//       the server's resident memory from /proc before and after;
//   (b) delivery: a second instance on the same database, 20 salespeople followed there; events at BENCH_LIVE_RATE
//       (200) a second, open loop, for BENCH_LIVE_SECONDS (10), each timed from its transaction's commit (the
//       database's commit timestamp) until it reaches the stream on instance B: first messages sent by buyers
//       through instance A's API, then notifications committed straight into the database (delivery alone);
//   (c) cost: the browse benchmark's default mix (bench/browse.ts) through REST, with no streams open, with
//       BENCH_LIVE_LOADED_STREAMS (2,000) open, and with none again.
// Each part is bounded by about a minute. Usage: npm run build && npm run bench:live   (BENCH_LIVE_PARTS=a: (a) only)
//        (BENCH_SCALE (1), BENCH_PORT (4640; uses the next five: A's database, B, the SMTP sink), BENCH_CONNECTIONS)
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import http from "node:http";
import postgres from "postgres";
import superjson from "superjson";
import { createSession } from "../src/server/credentials/session";
import { loadCities } from "../src/server/db/cities";
import { BROWSE_SPECIALTIES } from "../src/shared/constants";
import { LIVE_STREAMS_PER_USER, type LiveEvent } from "../src/shared/schemas/live";
import {
  benchCustomers,
  percentile,
  row,
  run,
  SERVER_NODE_FLAGS,
  seconds,
  startBenchServer,
} from "./support";

const port = Number(process.env.BENCH_PORT ?? 4640);
const scale = Number(process.env.BENCH_SCALE ?? 1);
const idleTarget = Number(process.env.BENCH_LIVE_STREAMS ?? 5000);
const loadedStreams = Number(process.env.BENCH_LIVE_LOADED_STREAMS ?? 2000);
const rate = Number(process.env.BENCH_LIVE_RATE ?? 200);
const deliverySeconds = Number(process.env.BENCH_LIVE_SECONDS ?? 10);
/** Which of the parts below to run (BENCH_LIVE_PARTS, e.g. "a"; all three unless said). */
const parts = process.env.BENCH_LIVE_PARTS ?? "abc";
const PART_LIMIT_MS = 60_000;

type Stream = { close(): void; connected: Promise<boolean> };

/**
 * One live stream over its own connection (node:http: no per-origin pool to queue behind), calling `onEvent` for
 * each event. `connected` says whether the server accepted it (its `connected` event came, and no refusal).
 */
function openStream(base: string, token: string, onEvent?: (event: LiveEvent) => void): Stream {
  const url = new URL("/trpc/live.events", base);
  let settle: (ok: boolean) => void = () => {};
  const connected = new Promise<boolean>((resolve) => {
    settle = resolve;
  });
  const req = http.get(
    url,
    { agent: false, headers: { authorization: `Bearer ${token}`, accept: "text/event-stream" } },
    (res) => {
      if (res.statusCode !== 200) {
        settle(false);
        res.resume();
        return;
      }
      res.setEncoding("utf8");
      let buffer = "";
      res.on("data", (chunk: string) => {
        buffer += chunk;
        for (let end = buffer.indexOf("\n\n"); end !== -1; end = buffer.indexOf("\n\n")) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const name = /^event: (.*)$/m.exec(block)?.[1] ?? "message";
          const data = /^data: (.*)$/m.exec(block)?.[1] ?? "";
          if (name === "connected") settle(true);
          else if (name === "serialized-error") settle(false);
          else if (name === "message" && onEvent) onEvent(superjson.deserialize<LiveEvent>(JSON.parse(data)));
        }
      });
    },
  );
  req.on("error", () => settle(false));
  return { close: () => req.destroy(), connected };
}

/** Opens `count` streams, `LIVE_STREAMS_PER_USER` per token, at most `parallel` connecting at once. */
async function openMany(base: string, tokens: string[], count: number, parallel = 200) {
  const started = performance.now();
  const streams: Stream[] = [];
  let refused = 0;
  for (let i = 0; i < count && performance.now() - started < PART_LIMIT_MS; i += parallel) {
    const batch = Array.from({ length: Math.min(parallel, count - i) }, (_, k) =>
      openStream(base, tokens[Math.floor((i + k) / LIVE_STREAMS_PER_USER)]!),
    );
    const ok = await Promise.all(batch.map((s) => s.connected));
    refused += ok.filter((o) => !o).length;
    streams.push(...batch);
  }
  return { streams, refused, seconds: (performance.now() - started) / 1000 };
}

function rssMb(pid: number): number {
  const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);
  return kb / 1024;
}

/** The soft limit of open files of this process (each stream is a socket at both ends). */
function openFileLimit(): string {
  return /Max open files\s+(\d+)/.exec(readFileSync("/proc/self/limits", "utf8"))?.[1] ?? "?";
}

/** The browse benchmark's default mix: 60 combinations of city, rating and specialty, through REST. */
function browseRequests() {
  const cities = loadCities().map((c) => c.city);
  const paths = Array.from(
    { length: 60 },
    (_, i) =>
      `/api/salespeople?${new URLSearchParams({
        city: cities[i % cities.length]!,
        rating: ["4", "3", "5"][i % 3]!,
        specialty: BROWSE_SPECIALTIES[i % BROWSE_SPECIALTIES.length]!,
      })}`,
  );
  let next = 0;
  return [
    {
      method: "GET" as const,
      path: paths[0]!,
      setupRequest: (r: object) => ({ ...r, path: paths[next++ % paths.length]! }),
    },
  ];
}

// The SMTP sink on a port of this benchmark's range too.
process.env.BENCH_SMTP_PORT ??= String(port + 5);
// Commit timestamps, to time delivery from the commit itself.
const a = await startBenchServer({
  port,
  scale,
  extraEnv: {
    EMBEDDED_PG_OPTIONS: "track_commit_timestamp=on",
    // Every stream comes from 127.0.0.1: the caps per address (docs/operations/connection-limits.md) are lifted
    // above what this benchmark opens. B inherits them.
    HTTP_MAX_CONNECTIONS_PER_ADDRESS: String(idleTarget + loadedStreams + 1000),
    HTTP_MAX_CONNECTIONS: String(Math.max(10_000, idleTarget + loadedStreams + 2000)),
    LIVE_STREAMS_PER_ADDRESS: String(idleTarget + loadedStreams),
  },
});
const sql = postgres(a.pgUrl, { max: 4, onnotice: () => {} });
// Instance B: the same build on the same database, its own port and data directory (no embedded cluster).
const bPort = port + 2;
const b = spawn(process.execPath, [...SERVER_NODE_FLAGS, "dist/server/index.js"], {
  env: {
    ...process.env,
    ...a.env,
    PORT: String(bPort),
    APP_URL: `http://127.0.0.1:${bPort}`,
    DATABASE_URL: a.pgUrl,
    DATA_DIR: `.data/bench-live-b`,
    SEED_ON_START: "false",
  },
  stdio: ["ignore", "inherit", "inherit"],
});
const bBase = `http://127.0.0.1:${bPort}`;
const all: Stream[] = [];
try {
  for (let i = 0; ; i++) {
    if (b.exitCode !== null) throw new Error(`instance B exited with ${b.exitCode}`);
    if (
      await fetch(`${bBase}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (i > 240) throw new Error("instance B did not become healthy");
    await new Promise((r) => setTimeout(r, 500));
  }
  const aPid = a.pid;
  console.log(
    `instance A (pid ${aPid}) on ${a.base}, instance B on ${bBase}; open files allowed: ${openFileLimit()}`,
  );

  // (a) Idle streams on instance A.
  const tokens = await benchCustomers(sql, "live", Math.ceil(idleTarget / LIVE_STREAMS_PER_USER));
  if (parts.includes("a")) {
    await new Promise((r) => setTimeout(r, 2000));
    const rssBefore = rssMb(aPid);
    const idle = await openMany(a.base, tokens, idleTarget);
    all.push(...idle.streams);
    await new Promise((r) => setTimeout(r, 3000));
    const rssAfter = rssMb(aPid);
    const open = idle.streams.length - idle.refused;
    console.log(
      `(a) ${open} idle streams open on A (${idle.refused} refused) in ${idle.seconds.toFixed(1)} s: RSS ${rssBefore.toFixed(0)} MB before, ${rssAfter.toFixed(0)} MB with them (${((1024 * (rssAfter - rssBefore)) / Math.max(open, 1)).toFixed(1)} KB a stream)`,
    );
    for (const s of idle.streams) s.close();
    all.length = 0;
    await new Promise((r) => setTimeout(r, 3000));
  }
  // (b) Delivery from A to B: salespeople with accounts, each followed on B; buyers write to them through A.
  if (parts.includes("b")) {
    const sellers = await sql<{ id: number; userId: string }[]>`
    with picked as (select id from salespeople where user_id is null order by id limit 20),
         made as (insert into users (email, role)
                  select 'live-seller-' || id || '@example.org', 'salesperson' from picked
                  on conflict (email) do update set email = excluded.email returning id as user_id, email)
    update salespeople s set user_id = m.user_id from made m
     where m.email = 'live-seller-' || s.id || '@example.org' returning s.id, s.user_id as "userId"`;
    const known = await sql<{ id: number; userId: string }[]>`
    select s.id, s.user_id as "userId" from salespeople s join users u on u.id = s.user_id
     where u.email like 'live-seller-%@example.org' order by s.id limit 20`;
    const targets = sellers.length > 0 ? sellers : known;
    /** Wall-clock ms (sub-millisecond) when each message and notification event reached a stream on B. */
    const messageAt = new Map<number, number>();
    const notificationAt = new Map<number, number>();
    const now = () => performance.timeOrigin + performance.now();
    for (const seller of targets) {
      const token = (await createSession(sql, seller.userId, { userAgent: "bench" })).token;
      const stream = openStream(bBase, token, (event) => {
        if (event.kind === "message") messageAt.set(event.payload.messageId, now());
        if (event.kind === "notification") notificationAt.set(event.payload.notificationId, now());
      });
      if (!(await stream.connected)) throw new Error("a delivery stream was refused");
      all.push(stream);
    }
    const buyers = tokens.slice(0, 50);

    /** Sends `send(i)` at `rate` a second for `forSeconds`, open loop; answers how long the sending took. */
    const openLoop = async (forSeconds: number, send: (i: number) => Promise<void>) => {
      const sends: Promise<void>[] = [];
      const start = performance.now();
      for (let i = 0; i < rate * forSeconds; i++) {
        const wait = start + (i * 1000) / rate - performance.now();
        if (wait > 1) await new Promise((r) => setTimeout(r, wait));
        sends.push(send(i));
      }
      await Promise.race([Promise.all(sends), new Promise((r) => setTimeout(r, PART_LIMIT_MS / 2))]);
      return (performance.now() - start) / 1000;
    };
    /** Latencies from each row's commit (PostgreSQL's commit timestamp of the row's transaction) to its arrival. */
    const fromCommit = async (
      table: "messages" | "notifications",
      ids: number[],
      at: Map<number, number>,
    ) => {
      const deadline = performance.now() + 5000;
      while (ids.some((id) => !at.has(id)) && performance.now() < deadline)
        await new Promise((r) => setTimeout(r, 50));
      const committed = await sql<{ id: number; ms: number }[]>`
      select id, extract(epoch from pg_xact_commit_timestamp(xmin)) * 1000 as ms
        from ${sql(table)} where id = any(${ids})`;
      const ms = committed.flatMap((r) => (at.has(r.id) ? [at.get(r.id)! - Number(r.ms)] : []));
      return { ms: ms.sort((x, y) => x - y), missing: ids.length - ms.length };
    };
    const latencyRow = (l: { ms: number[]; missing: number }) =>
      `p50 ${percentile(l.ms, 50).toFixed(1)} ms, p99 ${percentile(l.ms, 99).toFixed(1)} ms, p99.9 ${percentile(l.ms, 99.9).toFixed(1)} ms, max ${(l.ms.at(-1) ?? 0).toFixed(1)} ms; ${l.missing} not within 5 s`;

    // (b1) Messages written by buyers through A's API (a conversation, the message and its notification).
    const sent: number[] = [];
    let failures = 0;
    const viaA = await openLoop(deliverySeconds, (i) =>
      fetch(`${a.base}/api/contact-salesperson`, {
        method: "POST",
        headers: { authorization: `Bearer ${buyers[i % buyers.length]}`, "content-type": "application/json" },
        body: JSON.stringify({
          salespersonId: targets[i % targets.length]!.id,
          message: `Bench message ${i}`,
          contactMethod: "email",
        }),
      }).then(
        async (res) => {
          if (res.status === 201) sent.push(((await res.json()) as { messageId: number }).messageId);
          else failures++;
        },
        () => void failures++,
      ),
    );
    console.log(
      `(b) through A's API: ${sent.length} messages sent at ${rate}/s asked, ${(sent.length / viaA).toFixed(0)}/s answered (${failures} failed); commit on A to B: ${latencyRow(await fromCommit("messages", sent, messageAt))}`,
    );
    await new Promise((r) => setTimeout(r, 3000));

    // (b2) Notifications committed straight into the database at the same rate (the trigger and delivery alone,
    // without A's request handling competing for the two cores).
    const inserted: number[] = [];
    const writer = postgres(a.pgUrl, { max: 8, onnotice: () => {} });
    const direct = await openLoop(deliverySeconds, async (i) => {
      const [n] = await writer<{ id: number }[]>`
      insert into notifications (user_id, type, title, body)
      values (${targets[i % targets.length]!.userId}, 'new_review', 'Bench', 'Bench') returning id`;
      inserted.push(n!.id);
    });
    await writer.end();
    console.log(
      `(b) committed directly: ${inserted.length} notifications at ${(inserted.length / direct).toFixed(0)}/s; commit to B: ${latencyRow(await fromCommit("notifications", inserted, notificationAt))}`,
    );
    for (const s of all) s.close();
    all.length = 0;
    await new Promise((r) => setTimeout(r, 3000));
  }
  // (c) Browse throughput on A: none, 2,000 streams, none again (the mean of the two is the baseline, so drift
  if (parts.includes("c")) {
    // weighs on both sides alike). Runs of 8 s keep the part within a minute.
    const browse = { requests: browseRequests(), duration: Math.min(seconds, 8) };
    await run(a.base, "warmup", { ...browse, duration: 5 });
    const results: { streams: number; result: Awaited<ReturnType<typeof run>> }[] = [];
    for (const streams of [0, loadedStreams, 0]) {
      if (streams > 0) {
        const loaded = await openMany(a.base, tokens, streams);
        all.push(...loaded.streams);
        if (loaded.refused > 0) console.log(`  ${loaded.refused} streams refused`);
      }
      results.push({ streams, result: await run(a.base, `browse, ${streams} streams`, browse) });
      for (const s of all) s.close();
      all.length = 0;
      await new Promise((r) => setTimeout(r, 3000));
    }
    console.log(`(c) browse mix through REST, ${browse.duration} s a run`);
    for (const { streams, result } of results) console.log(row(`browse, ${streams} streams open`, result));
    const mean = (open: boolean) => {
      const runs = results.filter((r) => r.streams > 0 === open);
      return runs.reduce((sum, r) => sum + r.result.requests.average, 0) / runs.length;
    };
    console.log(`    with streams: ${((100 * (mean(true) - mean(false))) / mean(false)).toFixed(1)} % req/s`);
  }
} finally {
  for (const s of all) s.close();
  await sql.end();
  b.kill("SIGINT");
  await new Promise((r) => (b.exitCode === null ? b.once("exit", r) : r(null)));
  await a.stop();
}
