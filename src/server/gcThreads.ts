// V8's helper threads at a lower CPU priority than the threads that answer requests. Node.js starts a pool of
// helper threads, named "V8Worker", to which V8 gives its background work: marking the old generation during a
// full collection, sweeping, optimizing compilation. At equal priority, on a 2-core machine, the helpers took
// most of a core for as long as a full collection marked (85-165 ms), the main thread (which marks in steps
// meanwhile) got too little of the rest, and requests of every kind in that moment waited up to 185 ms
// (docs/operations/runtime-tuning.md, "V8's helper threads at nice 19"). At nice 19 the helpers run on what the
// request path leaves idle; V8's own marking steps on the main thread finish a collection whose helpers got no
// time. Linux only: elsewhere, and in a process whose threads are named otherwise, nothing changes and the
// caller is told why.
// This file imports only Node's own modules: a test runs it through Node's type stripping in a fresh process.
import { readdirSync, readFileSync } from "node:fs";
import { setPriority } from "node:os";

/** The nice value of V8's helper threads: the lowest priority there is, without a scheduling policy of its own. */
export const GC_HELPER_NICE = 19;

/** The name Node.js gives the threads of its V8 platform pool. */
const HELPER_THREAD_NAME = "V8Worker";

/** Lowered, or why not: `unsupported` where the system has no per-thread list to go by (not Linux). */
export type HelperPriority = { lowered: number; nice: number } | { skipped: string; unsupported?: true };

/** Sets each of this process's V8 helper threads to GC_HELPER_NICE (a thread's own nice value on Linux). */
export function lowerGcHelperPriority({
  taskDir = "/proc/self/task",
  setThreadPriority = setPriority,
}: {
  /** One directory per thread, named by its id, each with a `comm` file holding the thread's name. */
  taskDir?: string;
  setThreadPriority?: (threadId: number, nice: number) => void;
} = {}): HelperPriority {
  const nice = GC_HELPER_NICE;
  let threads: string[];
  try {
    threads = readdirSync(taskDir);
  } catch {
    return { skipped: `this system lists no threads in ${taskDir} (not Linux)`, unsupported: true };
  }
  let lowered = 0;
  for (const thread of threads) {
    let name: string;
    try {
      name = readFileSync(`${taskDir}/${thread}/comm`, "utf8").trim();
    } catch {
      continue; // a thread that ended meanwhile
    }
    if (name !== HELPER_THREAD_NAME) continue;
    try {
      setThreadPriority(Number(thread), nice);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? "an error";
      return { skipped: `setting thread ${thread}'s nice value to ${nice} failed with ${code}` };
    }
    lowered++;
  }
  if (lowered === 0) return { skipped: `no thread of this process is named ${HELPER_THREAD_NAME}` };
  return { lowered, nice };
}

/**
 * The start-up log line for `result`: info when the helpers were lowered or the system cannot (not Linux), a
 * warning when Linux would have allowed it.
 */
export function gcHelperPriorityLine(result: HelperPriority): { level: "info" | "warn"; line: string } {
  if ("lowered" in result)
    return {
      level: "info",
      line: `V8's ${result.lowered} helper threads (garbage collection, compilation) run at nice ${result.nice}, below the threads that answer requests`,
    };
  return {
    level: result.unsupported ? "info" : "warn",
    line: `V8's helper threads keep the priority of the threads that answer requests: ${result.skipped}; on a machine with few cores a full garbage collection then delays the requests of its moment (docs/operations/runtime-tuning.md)`,
  };
}
