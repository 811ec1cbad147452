// Booking benchmark: 50 connections book distinct slots of many salespeople for 10 s through
// POST /api/appointments (bearer-token customers), against the built server on 127.0.0.1; the same run
// measures the health route for the ratio (both through the lean client, bench/support.ts saturated). Every
// booking is a real transaction with the EXCLUDE constraint.
// Sent twice: saturated (each connection books again as soon as it has its answer) and paced (bookings arriving
// at a fixed rate, BENCH_RATE or 456 a second: twice the 228 measured before issue 10's work, over the same
// connections).
// Usage: npm run build && npm run bench:booking   (BENCH_SCALE, BENCH_SECONDS, BENCH_CONNECTIONS, BENCH_RATE)
import { createDatabase } from "../src/server/db/client";
import { SLOT_TIMES } from "../src/shared/slots";
import { addDays } from "../src/shared/time";
import {
  benchCustomers,
  connections,
  kindRows,
  measureHealth,
  paced,
  saturated,
  saturatedRow,
  seconds,
  shareOfHealth,
  startBenchServer,
  windowRow,
} from "./support";

const scale = Number(process.env.BENCH_SCALE ?? 8);
const server = await startBenchServer({ port: Number(process.env.BENCH_PORT ?? 3910), scale });
const database = createDatabase(server.pgUrl, { max: 2 });

try {
  const tokens = await benchCustomers(database.sql, "bench", 50);
  const [counted] = await database.sql<{ n: number }[]>`select count(*)::int as n from salespeople`;
  const n = counted!.n;
  const firstDay = addDays(new Date().toISOString().slice(0, 10), 2);

  // Request k books salesperson (k mod n), on day 2 + floor(k / n) mod 90, at slot floor(k / 90n) mod 25:
  // distinct for the first 90 * 25 * n requests, far more than a 10-second run sends.
  let k = 0;
  function nextBooking() {
    const i = k++;
    const body = {
      salespersonId: 1 + (i % n),
      date: addDays(firstDay, Math.floor(i / n) % 90),
      time: SLOT_TIMES[Math.floor(i / (90 * n)) % 25],
      appointmentType: "Test Drive",
      customerName: "Bench Customer",
      customerPhone: "(512) 555-0100",
      customerEmail: `bench-${i % 50}@example.org`,
    };
    return {
      method: "POST" as const,
      path: "/api/appointments",
      headers: { "content-type": "application/json", authorization: `Bearer ${tokens[i % tokens.length]}` },
      body: JSON.stringify(body),
    };
  }
  const health = await measureHealth(server.base, { seconds, connections });
  const booked = await saturated(server.base, {
    seconds,
    connections,
    next: () => ({ kind: "booking", ...nextBooking() }),
  });
  const rate = Number(process.env.BENCH_RATE ?? 456);
  const pacedRun = await paced(server.base, {
    rate,
    seconds,
    connections,
    next: () => ({ kind: "booking", ...nextBooking() }),
  });
  console.log(`\n${connections} connections, ${seconds} s each, ${server.base}, ${n} salespeople`);
  console.log(saturatedRow("GET /api/health", health));
  console.log(saturatedRow("POST /api/appointments", booked));
  const created = booked.timings.byKind().reduce((sum, k) => sum + k.ok, 0) / booked.elapsed;
  console.log(`bookings per second (201 only): ${created.toFixed(0)}`);
  console.log(shareOfHealth("Booking", booked.rate, health.rate));
  console.log(`paced at ${rate} bookings a second:`);
  for (const line of kindRows(pacedRun.timings, seconds)) console.log(line);
  console.log(windowRow(pacedRun.timings));
} finally {
  await database.end();
  await server.stop();
}
