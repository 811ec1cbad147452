// One embedded cluster per DATA_DIR, on a port of its own: who started the running cluster, the refusal of a
// second start, and the choice of a free port. embedded.ts starts the cluster.
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { ROOT_HOME } from "./embeddedInstall";

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
  const pointer = path.join(dataDir, "pg-cluster");
  const cluster = existsSync(pointer) ? readFileSync(pointer, "utf8").split("\n")[0] : "";
  if (cluster?.startsWith(path.join(ROOT_HOME, "clusters") + path.sep))
    rmSync(cluster, { recursive: true, force: true });
}

/** Null when `port` can be listened on at `host` right now; else why not (EADDRINUSE, EADDRNOTAVAIL...). */
export function probePort(port: number, host = "127.0.0.1"): Promise<string | null> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? "error"));
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve(null)));
  });
}

async function isPortFree(port: number): Promise<boolean> {
  return (await probePort(port)) === null;
}

/** The port kept in DATA_DIR/pg.port while it is free; else the first free one from 54329 up, kept there. */
export async function choosePort(dataDir: string, avoid: readonly number[]): Promise<number> {
  const file = path.join(dataDir, "pg.port");
  const kept = existsSync(file) ? Number(readFileSync(file, "utf8").trim()) : Number.NaN;
  if (Number.isInteger(kept) && kept > 0 && !avoid.includes(kept) && (await isPortFree(kept))) return kept;
  for (let port = DEFAULT_EMBEDDED_PORT; port < DEFAULT_EMBEDDED_PORT + 200; port++) {
    if (avoid.includes(port) || !(await isPortFree(port))) continue;
    writeFileSync(file, `${port}\n`);
    return port;
  }
  throw new Error(
    `no free port for the embedded PostgreSQL between ${DEFAULT_EMBEDDED_PORT} and ${DEFAULT_EMBEDDED_PORT + 199}: set EMBEDDED_PG_PORT`,
  );
}
