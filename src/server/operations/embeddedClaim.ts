// One embedded cluster per DATA_DIR, on a port of its own: who started the running cluster, the refusal of a
// second start, the ports to try, and the clusters left behind by deleted data directories. embedded.ts starts
// the cluster.
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { clusterHome, keptClusterDir, leftClusters } from "./embeddedInstall";

export const DEFAULT_EMBEDDED_PORT = 54329;

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** The pid in a file's first line while that process is alive; null otherwise. */
export function livePid(file: string): number | null {
  if (!existsSync(file)) return null;
  const pid = Number(readFileSync(file, "utf8").split("\n")[0]);
  return Number.isInteger(pid) && pid > 0 && isAlive(pid) ? pid : null;
}

async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (isAlive(pid)) {
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 100));
  }
  return true;
}

/** The process that started the embedded database of `dataDir`, while it runs (and is not this one). */
export function runningStarter(dataDir: string): number | null {
  const pid = livePid(path.join(path.resolve(dataDir), "pg.owner"));
  return pid === process.pid ? null : pid;
}

/** The one-line refusal of a second start on one DATA_DIR. */
export function alreadyRunning(dataDir: string, pid: number): Error {
  return new Error(
    `another start (process ${pid}) is already running with DATA_DIR ${path.resolve(dataDir)}: stop it first, or give this one its own DATA_DIR`,
  );
}

/**
 * Refuses a second start on one DATA_DIR (the postmaster runs and so does the process that started it), and
 * stops a postmaster whose starter is gone (left behind by a killed run). Then records this process.
 */
export async function claimCluster(
  dataDir: string,
  clusterDir: string,
  log: (line: string) => void,
): Promise<() => void> {
  const starterFile = path.join(dataDir, "pg.owner");
  const postmaster = livePid(path.join(clusterDir, "postmaster.pid"));
  const starter = runningStarter(dataDir);
  if (postmaster && starter) throw alreadyRunning(dataDir, starter);
  if (postmaster) {
    log(`stopping an embedded PostgreSQL (pid ${postmaster}) left running by an earlier start`);
    process.kill(postmaster, "SIGINT");
    if (!(await waitForExit(postmaster, 15_000))) {
      throw new Error(
        `an embedded PostgreSQL left running by an earlier start (pid ${postmaster}) does not stop: kill it, then start again`,
      );
    }
  }
  writeFileSync(starterFile, `${process.pid}\n`);
  return () => rmSync(starterFile, { force: true });
}

/**
 * Deletes the embedded cluster of `dataDir` that lives outside it (as root, under /var/lib/knowbefore/clusters,
 * named by DATA_DIR/pg-cluster), for callers that delete a data directory: tests and the browser-test server.
 */
export function removeOutsideCluster(dataDir: string): void {
  const cluster = keptClusterDir(dataDir);
  if (cluster) rmSync(clusterHome(cluster), { recursive: true, force: true });
}

/**
 * One line naming the clusters (as root) whose data directory is gone, with the command that deletes them;
 * null when there are none.
 */
export function leftClustersNotice(): string | null {
  const left = leftClusters((clusterDir) => livePid(path.join(clusterDir, "postmaster.pid")) !== null);
  if (left.length === 0) return null;
  const which = left.map((c) => `${c.home} (of ${c.dataDir})`).join(", ");
  return `${left.length === 1 ? "an embedded PostgreSQL cluster outlived its data directory" : `${left.length} embedded PostgreSQL clusters outlived their data directories`}: ${which}; delete with: rm -rf ${left.map((c) => c.home).join(" ")}`;
}

/** Null when `port` can be listened on at `host` right now; else why not (EADDRINUSE, EADDRNOTAVAIL...). */
export function probePort(port: number, host = "127.0.0.1"): Promise<string | null> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? "error"));
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve(null)));
  });
}

const PORT_FILE = "pg.port";
const PORT_RANGE = 200;

/**
 * The ports to try, in order: the one kept in DATA_DIR/pg.port, then 54329 and up. Only a postmaster that
 * binds one has it (another start may take it between a check and the bind), so the caller starts on each in
 * turn until one binds, and keeps that one (keepPort).
 */
export function portCandidates(dataDir: string, avoid: readonly number[]): number[] {
  const kept = keptPort(dataDir);
  const range = Array.from({ length: PORT_RANGE }, (_, i) => DEFAULT_EMBEDDED_PORT + i);
  const ports = kept ? [kept, ...range.filter((p) => p !== kept)] : range;
  return ports.filter((port) => !avoid.includes(port));
}

/** The port kept in DATA_DIR/pg.port (the one the cluster last bound), or null. */
export function keptPort(dataDir: string): number | null {
  const file = path.join(path.resolve(dataDir), PORT_FILE);
  const kept = existsSync(file) ? Number(readFileSync(file, "utf8").trim()) : Number.NaN;
  return Number.isInteger(kept) && kept > 0 ? kept : null;
}

/** The one-line failure when no candidate port could be bound. */
export function noFreePort(): Error {
  return new Error(
    `no free port for the embedded PostgreSQL between ${DEFAULT_EMBEDDED_PORT} and ${DEFAULT_EMBEDDED_PORT + PORT_RANGE - 1}: set EMBEDDED_PG_PORT`,
  );
}

/** Keeps the port the cluster bound, for the next start and for the backup scripts. */
export function keepPort(dataDir: string, port: number): void {
  writeFileSync(path.join(dataDir, PORT_FILE), `${port}\n`);
}
