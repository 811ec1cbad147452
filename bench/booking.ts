// Booking benchmark: 50 connections book distinct slots of many salespeople for 10 s through
// POST /api/appointments (bearer-token customers), against the built server on 127.0.0.1; the same run
// measures the health route for the ratio. Every booking is a real transaction with the EXCLUDE constraint.
// Usage: npm run build && npm run bench:booking   (BENCH_SCALE, BENCH_SECONDS, BENCH_CONNECTIONS)
import type autocannon from "autocannon";
import { createDatabase } from "../src/server/db/client";
import { SLOT_TIMES } from "../src/shared/slots";
import { addDays } from "../src/shared/time";
import { benchCustomers, connections, ratio, row, run, seconds, startBenchServer } from "./support";

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
  const booking: autocannon.Request = {
    method: "POST",
    path: "/api/appointments",
    setupRequest: (req) => {
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
        ...req,
        headers: { "content-type": "application/json", authorization: `Bearer ${tokens[i % tokens.length]}` },
        body: JSON.stringify(body),
      };
    },
  };

  const health = await run(server.base, "health", { requests: [{ method: "GET", path: "/api/health" }] });
  const booked = await run(server.base, "booking", { requests: [booking] });
  console.log(`\n${connections} connections, ${seconds} s each, ${server.base}, ${n} salespeople`);
  console.log(row("GET /api/health", health));
  console.log(row("POST /api/appointments", booked));
  console.log(`bookings per second (201 only): ${(booked["2xx"] / seconds).toFixed(0)}`);
  console.log(ratio("Booking", booked, health));
} finally {
  await database.end();
  await server.stop();
}
