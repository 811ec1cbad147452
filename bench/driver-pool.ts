// What the database driver's pool costs a statement as a saturated run goes on: `select 1` kept in flight by
// BENCH_IN_FLIGHT (40) callers on a pool of 4 connections (the server's own size on 2 cores), for BENCH_SECONDS
// (20), printing each two seconds' statements and the client's CPU per statement. As published, postgres.js 3.4
// grew its busy queue by a hole per statement under such load and searched every hole at each statement: 24 µs a
// statement in the first two seconds, 118 after twenty (patches/postgres+3.4.9+005+queue-holes.patch,
// docs/operations/runtime-tuning.md). A flat cost is the patched driver's.
// Usage: npm run build && npx tsx bench/serve.ts &   then   npx tsx bench/driver-pool.ts
import postgres from "postgres";
import { runningBenchDatabaseUrl } from "./benchDatabase";

const inFlight = Number(process.env.BENCH_IN_FLIGHT ?? 40);
const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const sql = postgres(runningBenchDatabaseUrl(), { max: 4, onnotice: () => {} });
await sql`select 1`;
let done = 0;
let stop = false;
const caller = async () => {
  while (!stop) {
    await sql`select ${1}::int as x`;
    done++;
  }
};
const callers = Array.from({ length: inFlight }, caller);
console.log(`select 1, ${inFlight} in flight on 4 connections, ${seconds} s`);
let before = 0;
let cpu = process.cpuUsage();
for (let s = 2; s <= seconds; s += 2) {
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const used = process.cpuUsage(cpu);
  cpu = process.cpuUsage();
  const count = done - before;
  before = done;
  console.log(
    `${String(s).padStart(3)} s  ${Math.round(count / 2)
      .toString()
      .padStart(7)}/s  client CPU ${((used.user + used.system) / count).toFixed(1)} µs a statement`,
  );
}
stop = true;
await Promise.all(callers);
await sql.end();
