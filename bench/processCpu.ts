// The CPU time the processes of a benchmark have used, from /proc, by what each process is: the built server,
// PostgreSQL's backends (the connections' statements), its autovacuum workers, its other processes (checkpointer,
// WAL writer, background writer, …), the benchmark's SMTP sink and the benchmark's own client.

import { readdirSync, readFileSync } from "node:fs";

export const ROLES = ["server", "postgres", "autovacuum", "postgres upkeep", "smtp sink", "client"] as const;
export type Role = (typeof ROLES)[number];

/** Clock ticks per second of /proc's times (USER_HZ, 100 on Linux). */
export const TICKS_PER_SECOND = 100;

/** Whether a process's command line runs the built server. */
const isServer = (command: string) => command.includes("dist/server/index.js");

function roleOf(comm: string, command: string): Role | null {
  if (comm === "postgres") {
    // PostgreSQL names each process in its command line: "postgres: user db 127.0.0.1(port) idle", "postgres:
    // autovacuum worker db", "postgres: checkpointer", …
    if (command.includes("autovacuum worker")) return "autovacuum";
    if (/^postgres: \S+ \S+ \d/.test(command)) return "postgres";
    return "postgres upkeep";
  }
  if (isServer(command)) return "server";
  if (command.includes("bench/smtp-sink")) return "smtp sink";
  // Any other process of a benchmark (its client, bench/serve.ts), but not this reading's own (bench/cpu-roles.ts).
  if (command.includes("bench/") && !command.includes("bench/cpu-roles")) return "client";
  return null;
}

/** The CPU ticks (user and system) a process has used, from its /proc stat line. */
function ticksOf(stat: string): number {
  // The fields after the command's name (which may hold spaces and parentheses): utime and stime are the 12th
  // and 13th.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return Number(fields[11]) + Number(fields[12]);
}

/** The CPU ticks (user and system) process `pid` has used so far. */
export function processTicks(pid: number): number {
  return ticksOf(readFileSync(`/proc/${pid}/stat`, "utf8"));
}

/** CPU ticks (user and system) of every process of each role, summed; ticks of processes now gone are not counted. */
export function cpuTicksByRole(): Record<Role, number> {
  const ticks = Object.fromEntries(ROLES.map((role) => [role, 0])) as Record<Role, number>;
  for (const pid of readdirSync("/proc")) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const comm = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
      const command = readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ");
      const role = roleOf(comm, command);
      if (!role) continue;
      ticks[role] += ticksOf(stat);
    } catch {
      // The process ended while being read.
    }
  }
  return ticks;
}

/** The pid of the built server, or null when none runs. */
export function serverPid(): number | null {
  for (const pid of readdirSync("/proc")) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (isServer(readFileSync(`/proc/${pid}/cmdline`, "utf8"))) return Number(pid);
    } catch {
      // The process ended while being read.
    }
  }
  return null;
}

/**
 * CPU ticks of each thread of process `pid`, by the thread's name ("main" for the thread that runs JavaScript,
 * "V8Worker" for V8's helpers (garbage collection, compiling), "WorkerThread" for worker_threads, libuv's pool);
 * threads of one name are summed.
 */
export function threadTicks(pid: number): Record<string, number> {
  const ticks: Record<string, number> = {};
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, "utf8");
      const name = tid === String(pid) ? "main" : stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
      ticks[name] = (ticks[name] ?? 0) + ticksOf(stat);
    } catch {
      // The thread ended while being read.
    }
  }
  return ticks;
}
