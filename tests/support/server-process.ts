// Runs the real server as a child process against a database of the test PostgreSQL server, for tests of what
// only a process shows: signals, exit codes, its own log output. It runs as `npm start` runs it, a bundle
// started with node (built once per test file: compiling the sources with tsx cost about five seconds a start).
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createServer } from "node:net";
import postgres from "postgres";
import { inject } from "vitest";
import { SERVER_NODE_FLAGS } from "../../src/server/nodeFlags";
import { PROJECT_ROOT } from "../../src/server/paths";
import { bundleServer, serverEnv } from "./built-server";
import { SERVER_PORTS } from "./ports";

export type ServerProcess = {
  child: ChildProcess;
  port: number;
  origin: string;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<number | null>;
  /** Stops the process if it still runs and drops its database. */
  dispose: () => Promise<void>;
};

/** A port of 127.0.0.1 that nothing listens on, for a test's server: from this worker's block (ports.ts). */
export async function freePort(): Promise<number> {
  for (let tried = 0; tried < PORTS_A_WORKER; tried++) {
    const port = blockStart + (nextPort++ % PORTS_A_WORKER);
    if (await canListen(port)) return port;
  }
  throw new Error(`no free port in ${blockStart} and the ${PORTS_A_WORKER} after it`);
}

const PORTS_A_WORKER = SERVER_PORTS.perWorker;
const blockStart =
  SERVER_PORTS.from + ((Number(process.env.VITEST_POOL_ID ?? 1) - 1) % SERVER_PORTS.workers) * PORTS_A_WORKER;
let nextPort = 0;

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
}

let bundle: ReturnType<typeof bundleServer> | null = null;
/** Servers started from the bundle and not yet disposed of: the bundle goes with the last of them. */
let live = 0;

/** The server bundle, made for the first server and deleted when the last one is disposed of. */
function serverEntry(): string {
  bundle ??= bundleServer();
  live++;
  return bundle.entry;
}

function releaseEntry(): void {
  live--;
  if (live === 0) {
    bundle?.remove();
    bundle = null;
  }
}

/**
 * Starts the server on a free port (or `port`) with a database of its own (a clone of the migrated template), or
 * on a database the caller made and shares between instances (`database`: its name; it is then not dropped).
 */
export async function startServerProcess(
  env: Record<string, string> = {},
  options: { database?: string; port?: number; nodeFlags?: readonly string[] } = {},
): Promise<ServerProcess> {
  const serverUrl = inject("pgServerUrl");
  const name = options.database ?? `proc_${randomBytes(6).toString("hex")}`;
  const admin = postgres(`${serverUrl}/postgres`, { max: 1, onnotice: () => {} });
  if (!options.database) await admin.unsafe(`create database ${name} template template_kb`);
  const port = options.port ?? (await freePort());
  const out: string[] = [];
  const err: string[] = [];
  // node itself, not a wrapper: signals reach the server, not a relay.
  const child = spawn(process.execPath, [...(options.nodeFlags ?? SERVER_NODE_FLAGS), serverEntry()], {
    cwd: PROJECT_ROOT,
    env: serverEnv({ PORT: String(port), DATABASE_URL: `${serverUrl}/${name}`, ...env }),
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (c: Buffer) => out.push(c.toString()));
  child.stderr?.on("data", (c: Buffer) => err.push(c.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  let disposed = false;
  const dispose = async () => {
    if (disposed) return;
    disposed = true;
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGKILL");
      await exited;
    }
    // Best effort, bounded: on a loaded machine a drop can queue behind other files' CREATE DATABASE; the
    // test cluster is thrown away after the run anyway.
    if (!options.database)
      await Promise.race([
        admin.unsafe(`drop database if exists ${name} with (force)`).catch(() => {}),
        new Promise((resolve) => setTimeout(resolve, 10_000)),
      ]);
    await admin.end({ timeout: 1 });
    releaseEntry();
  };
  const started: ServerProcess = {
    child,
    port,
    origin: `http://localhost:${port}`,
    stdout: () => out.join(""),
    stderr: () => err.join(""),
    exited,
    dispose,
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) {
      await dispose();
      throw new Error(`the server stopped: ${started.stdout()}${started.stderr()}`);
    }
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return started;
    if (Date.now() > deadline) {
      await dispose();
      throw new Error(`no answer on /api/health: ${started.stdout()}${started.stderr()}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}
