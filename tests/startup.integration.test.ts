// Starting the server as people do: from a checkout in a private (0700) folder, as root when the tests run
// as root, beside a second instance with its own data directory; and the one-line refusals of a second start
// of one checkout, a taken port, an unwritable data directory, an unreachable database and a missing secret.
// The server runs as `npm start` runs it: the bundle in the checkout's dist/server, started with node.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SERVER_NODE_FLAGS } from "../src/server/nodeFlags";
import { removeOutsideCluster } from "../src/server/operations/embedded";
import { PROJECT_ROOT } from "../src/server/paths";
import { bundleServer, serverEnv } from "./support/built-server";
import { freePort } from "./support/server-process";

type Started = { child: ChildProcess; port: number; dataDir: string; output: () => string };

const scratch = path.join(PROJECT_ROOT, ".data");
const running: Started[] = [];
let privateDir = "";
let checkout = "";
let bundle: ReturnType<typeof bundleServer>;
/** Each checkout's server bundle: this one's (beside its other test bundles), the private checkout's. */
const entries = new Map<string, string>();

/** The server of `root` (a checkout), started from `cwd`: "/" by default, as it must not matter where. */
function launch(
  root: string,
  env: Record<string, string>,
  cwd = "/",
): { child: ChildProcess; output: () => string } {
  const chunks: string[] = [];
  const entry = entries.get(root);
  if (!entry) throw new Error(`no server bundle for ${root}`);
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, entry], {
    cwd,
    env: serverEnv(env),
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (c: Buffer) => chunks.push(c.toString()));
  child.stderr?.on("data", (c: Buffer) => chunks.push(c.toString()));
  return { child, output: () => chunks.join("") };
}

/** Starts the server of `root` with `dataDir`, or with the default DATA_DIR (`root`/.data) when none is given. */
async function startServer(root: string, dataDir?: string): Promise<Started> {
  const port = await freePort();
  const { child, output } = launch(root, { PORT: String(port), ...(dataDir ? { DATA_DIR: dataDir } : {}) });
  const started = { child, port, dataDir: dataDir ?? path.join(root, ".data"), output };
  running.push(started);
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server stopped: ${output()}`);
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return started;
    if (Date.now() > deadline) throw new Error(`no answer on /api/health: ${output()}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Runs a start that must fail: its exit code and what it printed to stderr. */
async function failedStart(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  const chunks: string[] = [];
  const { child } = launch(PROJECT_ROOT, env);
  child.stderr?.on("data", (c: Buffer) => chunks.push(c.toString()));
  // A start that hangs must not outlive the test.
  const timer = setTimeout(() => child.kill("SIGKILL"), 60_000);
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  clearTimeout(timer);
  return { code, stderr: chunks.join("") };
}

async function stop(started: Started): Promise<void> {
  if (started.child.exitCode === null) {
    const exited = new Promise((resolve) => started.child.once("exit", resolve));
    started.child.kill("SIGTERM");
    await exited;
  }
  removeOutsideCluster(started.dataDir);
}

beforeAll(() => {
  mkdirSync(scratch, { recursive: true });
  // A private home, as /root or a fresh `mktemp -d`: nobody but its owner can walk into it.
  privateDir = mkdtempSync(path.join(scratch, "private-"));
  execFileSync("chmod", ["0700", privateDir]);
  checkout = path.join(privateDir, "checkout");
  mkdirSync(checkout);
  // A checkout of its own (hard links: the same files, reached only through the private folder).
  for (const entry of [
    "package.json",
    "tsconfig.json",
    "node_modules",
    "src",
    "drizzle",
    "content",
    "data",
  ]) {
    execFileSync("cp", ["-al", path.join(PROJECT_ROOT, entry), checkout]);
  }
  bundle = bundleServer();
  entries.set(PROJECT_ROOT, bundle.entry);
  // The private checkout's own build, where `npm run build` puts it.
  mkdirSync(path.join(checkout, "dist"));
  execFileSync("cp", ["-al", path.dirname(bundle.entry), path.join(checkout, "dist", "server")]);
  entries.set(checkout, path.join(checkout, "dist", "server", "index.js"));
}, 120_000);

afterAll(async () => {
  for (const started of running) await stop(started);
  rmSync(privateDir, { recursive: true, force: true });
  bundle.remove();
}, 60_000);

describe("starting the server", () => {
  let first: Started;

  it(`starts from a checkout in a 0700 folder${process.getuid?.() === 0 ? " as root" : ""}, and a second instance beside it`, async () => {
    first = await startServer(checkout);
    expect(first.output()).toMatch(/embedded PostgreSQL for .*private-.*checkout\/\.data on port \d+/);
    // A second instance with its own data directory, no port configured: both answer at once.
    const secondData = mkdtempSync(path.join(scratch, "second-"));
    const second = await startServer(PROJECT_ROOT, secondData);
    const ports = [first, second].map((s) => Number(/on port (\d+)/.exec(s.output())?.[1]));
    expect(new Set(ports).size).toBe(2);
    for (const s of [first, second]) {
      expect((await fetch(`http://127.0.0.1:${s.port}/api/health`)).status).toBe(200);
    }
    await stop(second);
    rmSync(secondData, { recursive: true, force: true });
  }, 180_000);

  it("says in one line what stops a start: a second start of the checkout, a taken port, an unwritable data directory, an unreachable database, a missing secret", async () => {
    // A port of its own for each start: they run at once, and one that checks its port (by holding it a
    // moment) while another does would fail on the port, not on what it is here to show.
    const ports = [await freePort(), await freePort(), await freePort(), await freePort()].map(String);
    const closed = await freePort();
    const spare = mkdtempSync(path.join(scratch, "failing-"));
    // Under a file: nobody, root included, can make that folder.
    const file = path.join(spare, "a-file");
    writeFileSync(file, "");
    const [again, taken, unwritable, unreachable, production] = await Promise.all([
      failedStart({ PORT: ports[0]!, DATA_DIR: path.join(checkout, ".data") }),
      failedStart({ PORT: String(first.port), DATA_DIR: path.join(spare, "data") }),
      failedStart({ PORT: ports[1]!, DATA_DIR: path.join(file, "data") }),
      failedStart({ PORT: ports[2]!, DATABASE_URL: `postgres://u:secret@127.0.0.1:${closed}/kb` }),
      failedStart({ PORT: ports[3]!, NODE_ENV: "production" }),
    ]);
    rmSync(spare, { recursive: true, force: true });
    expect(again.stderr).toMatch(
      /^KnowBefore could not start: another start \(process \d+\) is already running with DATA_DIR .*checkout\/\.data: stop it first, or give this one its own DATA_DIR\n$/,
    );
    expect(taken.stderr).toBe(
      `KnowBefore could not start: port ${first.port} on 127.0.0.1 is already in use: stop what runs there or set PORT\n`,
    );
    expect(unwritable.stderr).toBe(
      `KnowBefore could not start: DATA_DIR ${file}/data is not writable by this user (ENOTDIR): set DATA_DIR to a folder you can write, or fix its permissions\n`,
    );
    expect(unreachable.stderr).toBe(
      `KnowBefore could not start: the database at 127.0.0.1:${closed} cannot be reached (ECONNREFUSED): start it, or fix DATABASE_URL\n`,
    );
    expect(production.stderr).toMatch(
      /^KnowBefore could not start: ADMIN_CODE is required in production.*\n$/,
    );
    for (const run of [again, taken, unwritable, unreachable, production]) expect(run.code).toBe(1);
  }, 90_000);
});
