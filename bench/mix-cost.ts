// What each kind of the mix costs the whole machine: the mixed benchmark's own requests (bench/mixedLoad.ts),
// one kind at a time and then all together, sent closed-loop through the lean client to a running benchmark
// server (bench/serve.ts), with the CPU time of every process role (bench/processCpu.ts) and of each of the
// server's threads read from /proc before and after, divided by the answers. The saturated mix is bound by the
// machine's cores, not by one process: this says where they go.
// Usage: npm run build && npx tsx bench/serve.ts &   then   npm run bench:mix-cost [-- <kind> ...]
//        (kinds: browse, profile, slots, sign-in, booking (with its cancellations), all; all of them unless
//        named; "browse+profile" sends those kinds mixed. BENCH_PORT (3920), BENCH_SECONDS (10) each, BENCH_CONNECTIONS (50))
import { createDatabase } from "../src/server/db/client";
import { runningBenchDatabaseUrl } from "./benchDatabase";
import { mixedRequests, prepareMixedLoad } from "./mixedLoad";
import { cpuTicksByRole, serverPid, TICKS_PER_SECOND, threadTicks } from "./processCpu";
import { leftoverWorkDone, saturated } from "./support";

const KINDS = ["browse", "profile", "slots", "sign-in", "booking", "all"] as const;
const asked = process.argv.slice(2);
// "browse+profile" is a mix of those kinds alone, in their proportions to each other.
const unknown = asked
  .flatMap((kind) => kind.split("+"))
  .filter((kind) => !(KINDS as readonly string[]).includes(kind));
if (unknown.length > 0) throw new Error(`unknown kind ${unknown.join(", ")}: one of ${KINDS.join(", ")}`);
const kinds = asked.length > 0 ? asked : KINDS;
const base = `http://127.0.0.1:${Number(process.env.BENCH_PORT ?? 3920)}`;
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const pid = serverPid();
if (pid === null) throw new Error("no built server runs (dist/server/index.js): start bench/serve.ts first");

const database = createDatabase(runningBenchDatabaseUrl(), { max: 2 });
const state = await prepareMixedLoad(database.sql);
await database.end();
// As bench:mixed does: taking back earlier runs' bookings marks their salespeople's open times stale, and their
// recomputing (by the next minute's job) would otherwise be counted in the first kinds' CPU.
await leftoverWorkDone(runningBenchDatabaseUrl(), "before the runs, the server and its database", {
  openTimesSeconds: 300,
  jobsSeconds: 120,
  settleSeconds: 60,
});

/** Microseconds of CPU an answer, from clock ticks. */
const µsEach = (ticks: number, answers: number) => Math.round((ticks * 1e6) / TICKS_PER_SECOND / answers);

console.log(`CPU µs a request, ${seconds} s of each kind, ${connections} connections, ${base}`);
for (const kind of kinds) {
  const only = kind === "all" ? undefined : kind.split("+");
  const load = mixedRequests(state, base, only);
  // Unmeasured: the kind's code warm, the connections open.
  await saturated(base, { seconds: 2, connections, next: load.nextRequest, onAnswer: load.onAnswer });
  const roles = cpuTicksByRole();
  const threads = threadTicks(pid);
  const run = await saturated(base, {
    seconds,
    connections,
    next: load.nextRequest,
    onAnswer: load.onAnswer,
  });
  const rolesAfter = cpuTicksByRole();
  const threadsAfter = threadTicks(pid);
  Object.assign(state, load.state());
  const answers = run.rate * run.elapsed;
  const byThread = Object.entries(threadsAfter)
    .map(([name, ticks]) => [name, µsEach(ticks - (threads[name] ?? 0), answers)] as const)
    .filter(([, µs]) => µs >= 1)
    .map(([name, µs]) => `${name} ${µs}`)
    .join(", ");
  const role = (name: keyof typeof roles) => µsEach(rolesAfter[name] - roles[name], answers);
  const machine = (Object.keys(roles) as (keyof typeof roles)[]).reduce((sum, name) => sum + role(name), 0);
  console.log(
    `${kind.padEnd(8)} ${run.rate.toFixed(0).padStart(5)}/s   server ${role("server")} (${byThread})   postgres ${role("postgres")}   autovacuum ${role("autovacuum")}   upkeep ${role("postgres upkeep")}   smtp sink ${role("smtp sink")}   client ${role("client")}   machine ${machine}`,
  );
}
