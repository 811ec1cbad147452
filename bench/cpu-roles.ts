// Who used the machine's CPU while a benchmark ran, second by second: the server, PostgreSQL's backends, its
// autovacuum, its other processes, the SMTP sink and the benchmark's client (bench/processCpu.ts), each as a
// share of one core. Run beside a benchmark to see what a slow moment of its paced run lined up with (an
// autovacuum, the server at its ceiling) and what each process spends at a given load.
// Usage: npx tsx bench/cpu-roles.ts [seconds (600)] [interval ms (1000)]   beside   npm run bench:mixed
import { cpuTicksByRole, ROLES, type Role, TICKS_PER_SECOND } from "./processCpu";

const seconds = Number(process.argv[2] ?? 600);
const intervalMs = Number(process.argv[3] ?? 1000);
const end = Date.now() + seconds * 1000;
let last = cpuTicksByRole();
console.log(["time (UTC)", ...ROLES].join("\t"));
while (Date.now() < end) {
  await new Promise((resolve) => setTimeout(resolve, intervalMs));
  const now = cpuTicksByRole();
  const percent = (role: Role) =>
    Math.max(0, ((now[role] - last[role]) / TICKS_PER_SECOND / (intervalMs / 1000)) * 100).toFixed(0);
  console.log(
    [new Date().toISOString().slice(11, 22), ...ROLES.map((role) => `${percent(role)} %`)].join("\t"),
  );
  last = now;
}
