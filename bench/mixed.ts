// Mixed-load benchmark: what a crowd sends at once, on the ~100,000-salesperson seed, 100 connections, 30 s.
//   60 % long-tail browse (every filter shape, three-letter name searches, offsets 0-96)
//   20 % profiles and their reviews        10 % a day's slot grid
//    5 % bookings and cancellations (bearer-token customers; a cancellation takes back an earlier booking)
//    5 % sign-in link requests
// Each request is timed by kind, so a slow kind cannot hide in the total. The health route is measured in the
// same run for scale, through the same lean client as the saturated mix (bench/support.ts, saturated). The mix
// is sent twice: saturated (each connection sends again as soon as it has its answer: the most the server
// answers) and paced (visitors arriving at a fixed rate, BENCH_RATE or 450 a second,
// over the same 100 connections: what a visitor waits at that load).
// Usage: npm run build && npm run bench:mixed   (BENCH_SCALE, BENCH_SECONDS, BENCH_CONNECTIONS, BENCH_RATE)
import { loadCities } from "../src/server/db/cities";
import { createDatabase } from "../src/server/db/client";
import { BROWSE_SPECIALTIES, RATING_FILTERS } from "../src/shared/constants";
import { SLOT_TIMES } from "../src/shared/slots";
import { addDays } from "../src/shared/time";
import {
  benchCustomers,
  jobsDrained,
  kindRows,
  measureHealth,
  type PacedRequest,
  paced,
  percentile,
  saturated,
  saturatedRow,
  seededRandom,
  shareOfHealth,
  startBenchServer,
  windowRow,
} from "./support";

const seconds = Number(process.env.BENCH_SECONDS ?? 30);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 100);
const scale = Number(process.env.BENCH_SCALE ?? 80);
const server = await startBenchServer({ port: Number(process.env.BENCH_PORT ?? 3920), scale });
const database = createDatabase(server.pgUrl, { max: 2 });

type Kind = "browse" | "profile" | "slots" | "booking" | "sign-in";
const MIX: [Kind, number][] = [
  ["browse", 0.6],
  ["profile", 0.2],
  ["slots", 0.1],
  ["booking", 0.05],
  ["sign-in", 0.05],
];

const { next, pick } = seededRandom(42);

try {
  const tokens = await benchCustomers(database.sql, "mixed", 100);
  const [counted] = await database.sql<{ n: number }[]>`select count(*)::int as n from salespeople`;
  const n = counted!.n;
  const prefixes = (
    await database.sql<
      { p: string }[]
    >`select lower(left(name, 3)) as p from salespeople group by 1 limit 400`
  ).map((r) => r.p);
  const cities = loadCities().map((c) => c.city);
  const ratings = RATING_FILTERS.map((r) => r.value);
  const today = new Date().toISOString().slice(0, 10);
  const firstDay = addDays(today, 3);
  /** Bookings made in this run that may be cancelled: [appointment id, token index]. */
  const booked: [number, number][] = [];
  let bookingNumber = 0;

  function browsePath(): string {
    const q: Record<string, string> = { offset: String(12 * Math.floor(next() * 9)) };
    const shape = Math.floor(next() * 6);
    if (shape === 0 || shape === 1 || shape === 2) q.city = pick(cities);
    if (shape === 1 || shape === 4) q.rating = pick(ratings);
    if (shape === 2 || shape === 4 || shape === 5) q.specialty = pick(BROWSE_SPECIALTIES);
    if (shape === 3 || shape === 5) q.search = pick(prefixes);
    if (shape === 3) q.yearsOfExperience = String(Math.floor(next() * 20));
    return `/api/salespeople?${new URLSearchParams(q)}`;
  }

  function choose(): Kind {
    let r = next();
    for (const [kind, share] of MIX) {
      if (r < share) return kind;
      r -= share;
    }
    return "browse";
  }

  type Request = PacedRequest<Kind | "cancel"> & { token?: number };
  function nextRequest(): Request {
    const kind = choose();
    const id = 1 + Math.floor(next() * n);
    switch (kind) {
      case "browse":
        return { kind, path: browsePath() };
      case "profile":
        return { kind, path: next() < 0.5 ? `/api/salespeople/${id}` : `/api/salespeople/${id}/ratings` };
      case "slots":
        return {
          kind,
          path: `/api/appointments/salesperson/${id}/${addDays(today, 1 + Math.floor(next() * 14))}`,
        };
      case "booking": {
        // One in five is a cancellation of an earlier booking of this run.
        const earlier = next() < 0.2 ? booked.shift() : undefined;
        if (earlier) {
          return {
            kind: "cancel",
            method: "PATCH",
            path: `/api/appointments/${earlier[0]}/cancel`,
            headers: { "content-type": "application/json", authorization: `Bearer ${tokens[earlier[1]]}` },
            body: JSON.stringify({ id: earlier[0] }),
          };
        }
        const k = bookingNumber++;
        const token = k % tokens.length;
        return {
          kind,
          token,
          method: "POST",
          path: "/api/appointments",
          headers: { "content-type": "application/json", authorization: `Bearer ${tokens[token]}` },
          body: JSON.stringify({
            salespersonId: 1 + (k % n),
            date: addDays(firstDay, Math.floor(k / n) % 60),
            time: SLOT_TIMES[Math.floor(k / (60 * n)) % SLOT_TIMES.length],
            appointmentType: "Test Drive",
            customerName: "Mixed Load",
            customerPhone: "(512) 555-0100",
            customerEmail: `mixed-${token}@example.org`,
          }),
        };
      }
      default:
        return {
          kind: "sign-in",
          method: "POST",
          path: "/api/auth/request-login",
          headers: { "content-type": "application/json", origin: server.base },
          body: JSON.stringify({ email: `visitor-${Math.floor(next() * 1e6)}@example.org` }),
        };
    }
  }
  function onAnswer(request: Request, status: number, body: string) {
    if (request.kind === "booking" && status === 201) {
      const id = (JSON.parse(body) as { id?: number }).id;
      if (id) booked.push([id, request.token ?? 0]);
    }
  }

  const health = await measureHealth(server.base, { connections });
  // BENCH_SATURATED=0 leaves the saturated run out: to look at the paced tail alone (with BENCH_RATE).
  const mixed =
    process.env.BENCH_SATURATED === "0"
      ? undefined
      : await saturated(server.base, { seconds, connections, next: nextRequest, onAnswer });
  // Paced open-loop at a share of the health route's rate in the same run (BENCH_SHARE, 5 % unless said), or at
  // a fixed BENCH_RATE; each latency counts from the moment its request was due.
  const share = Number(process.env.BENCH_SHARE ?? 0.05);
  const rate = Number(process.env.BENCH_RATE ?? Math.round(share * health.rate));
  // The paced run starts on a settled server: the saturated run's notices sent, or (without one) its pools'
  // connections opened and its statements prepared by a few seconds of the same paced load, not counted.
  const drained = mixed ? await jobsDrained(database.sql) : 0;
  if (!mixed) await paced(server.base, { rate, seconds: 5, connections, next: nextRequest, onAnswer });
  const pacedRun = await paced(server.base, { rate, seconds, connections, next: nextRequest, onAnswer });
  const pacedAll = pacedRun.timings.all();

  console.log(`\n${connections} connections, ${seconds} s, ${server.base}, ${n} salespeople`);
  console.log(saturatedRow("GET /api/health (10 s)", health));
  if (mixed) {
    console.log(saturatedRow("mixed, saturated, all kinds", mixed));
    console.log(shareOfHealth("mixed, saturated", mixed.rate, health.rate));
    for (const line of kindRows(mixed.timings, mixed.elapsed)) console.log(line);
    console.log(
      `  its notices were all sent ${drained.toFixed(1)} s after it ended; the paced run started then`,
    );
  }
  console.log(
    `mixed, paced at ${rate} req/s (${((100 * rate) / health.rate).toFixed(1)}% of health's ${health.rate.toFixed(0)} req/s): p50 ${percentile(pacedAll, 50).toFixed(1)} ms, p99 ${percentile(pacedAll, 99).toFixed(1)} ms, p99.9 ${percentile(pacedAll, 99.9).toFixed(1)} ms, max ${(pacedAll.at(-1) ?? 0).toFixed(1)} ms, requests without an answer ${JSON.stringify(pacedRun.failed)}`,
  );
  for (const line of kindRows(pacedRun.timings, seconds)) console.log(line);
  console.log(windowRow(pacedRun.timings));
} finally {
  await database.end();
  await server.stop();
}
