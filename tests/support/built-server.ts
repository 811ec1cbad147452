// The server as `npm start` runs it, for tests that start, signal and kill many server processes: bundled once
// per test file by scripts/build-server.mjs into a folder of the checkout's .data (the bundle loads in under a
// second; under tsx each start spent about five compiling), and started with the embedded PostgreSQL of a
// DATA_DIR of the test's, in a process group of its own (as a terminal's foreground job is).
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { SERVER_NODE_FLAGS } from "../../src/server/nodeFlags";
import { PROJECT_ROOT } from "../../src/server/paths";
import { freePort } from "./server-process";

/** Bundles the server; answers its entry and a function that deletes the bundle. */
export function bundleServer(): { entry: string; remove: () => void } {
  const scratch = path.join(PROJECT_ROOT, ".data");
  mkdirSync(scratch, { recursive: true });
  const outdir = mkdtempSync(path.join(scratch, "bundle-"));
  execFileSync(process.execPath, [path.join(PROJECT_ROOT, "scripts/build-server.mjs"), "--outdir", outdir], {
    cwd: PROJECT_ROOT,
    stdio: ["ignore", "ignore", "inherit"],
  });
  return {
    entry: path.join(outdir, "index.js"),
    remove: () => rmSync(outdir, { recursive: true, force: true }),
  };
}

/**
 * The environment a test's server process starts with: nothing of the test's own but PATH and HOME, in
 * development without demo data, logging at info, carrying npm test's mark of its processes (scripts/test.mjs,
 * so an interrupted run stops these too), then `env`.
 */
export function serverEnv(env: Record<string, string>): Record<string, string> {
  return {
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    HOME: process.env.HOME ?? "/tmp",
    NODE_ENV: "development",
    SEED_ON_START: "false",
    LOG_LEVEL: "info",
    ...(process.env.KB_TEST_RUN ? { KB_TEST_RUN: process.env.KB_TEST_RUN } : {}),
    ...env,
  };
}

export type BuiltServer = {
  child: ChildProcess;
  port: number;
  output: () => string;
  /** The lines it wrote to stderr (warnings and errors). */
  errors: () => string[];
  exited: Promise<number | null>;
};

/**
 * Starts the bundled server on a free port with `env` (DATA_DIR among it); answers once it is spawned. With
 * `serveScript`, through package.json's `serve` script in a shell, as npm runs it (the bundle in place of
 * dist/server/index.js, this node first on PATH, the flags in $npm_package_config_serverNodeFlags).
 */
export async function launchBuilt(
  entry: string,
  env: Record<string, string>,
  options: { serveScript?: boolean } = {},
): Promise<BuiltServer> {
  const port = await freePort();
  const out: string[] = [];
  const err: string[] = [];
  const pkg = JSON.parse(readFileSync(path.join(PROJECT_ROOT, "package.json"), "utf8")) as {
    scripts: { serve: string };
    config: { serverNodeFlags: string };
  };
  const [file, args, scriptEnv] = options.serveScript
    ? [
        "sh",
        ["-c", pkg.scripts.serve.replace("dist/server/index.js", entry)],
        {
          PATH: `${path.dirname(process.execPath)}:${process.env.PATH ?? "/usr/bin:/bin"}`,
          npm_package_config_serverNodeFlags: pkg.config.serverNodeFlags,
        },
      ]
    : [process.execPath, [...SERVER_NODE_FLAGS, entry], {}];
  const child = spawn(file, args, {
    cwd: "/",
    env: serverEnv({ PORT: String(port), ...env, ...scriptEnv }),
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  child.stdout?.on("data", (c: Buffer) => out.push(c.toString()));
  child.stderr?.on("data", (c: Buffer) => err.push(c.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return {
    child,
    port,
    output: () => out.join("") + err.join(""),
    errors: () => err.join("").split("\n").filter(Boolean),
    exited,
  };
}

/** Waits (bounded) until the server answers /api/ready with 200; its output if it stops or never does. */
export async function untilReady(server: BuiltServer, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (server.child.exitCode !== null) throw new Error(`the server stopped: ${server.output()}`);
    const ok = await fetch(`http://127.0.0.1:${server.port}/api/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`no 200 from /api/ready: ${server.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Sends `signal` to the server (to its whole process group with `group`) and waits for it to exit. */
export async function stopBuilt(
  server: BuiltServer,
  signal: NodeJS.Signals = "SIGTERM",
  group = false,
): Promise<number | null> {
  if (server.child.exitCode === null && server.child.signalCode === null && server.child.pid) {
    if (group) process.kill(-server.child.pid, signal);
    else server.child.kill(signal);
  }
  return server.exited;
}
