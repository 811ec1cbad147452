// Every test, as `npm test` runs it. The unit and integration tests start at once; beside them, at a lower
// priority, the static checks (types, lint, the OpenAPI document) and the build the browser tests need run in
// the CPU time the integration tests leave idle (they wait on PostgreSQL about an eighth of the time). The
// browser tests follow when both have passed, their servers already started. The checks' output is held and printed when they end, so it
// never interleaves with the test reporter's; the first failure stops the rest.
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

// npm runs this with the Node.js 24 that npm install put in node_modules/.bin (docs/decisions/016-pinned-node-runtime.md);
// every command below inherits that PATH, so the tests, the build and the browser tests' servers run on it too.
process.stdout.write(`npm test: Node.js ${process.versions.node} (${process.execPath})\n`);
if (Number(process.versions.node.split(".")[0]) < 24) {
  process.stderr.write(
    `npm test: the tests need Node.js 24 and this is ${process.versions.node}: run them with npm test after npm install, which puts Node.js 24 in node_modules\n`,
  );
  process.exit(1);
}
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const npm = process.platform === "win32" ? "npm.cmd" : "npm";
const npx = process.platform === "win32" ? "npx.cmd" : "npx";
const groups = process.platform !== "win32";
/**
 * Every command's process group (its pid) until the group is empty: what a command starts stays in its group
 * (Playwright's web servers, scripts/e2e-server.ts, the apps they run) and may outlive the command itself.
 */
const started = new Set();

/** Runs one command in a process group of its own; `held` keeps its output to print afterwards. */
function run(label, command, args, { held = false, nice = false, env = {} } = {}) {
  const began = performance.now();
  const [file, argv] = nice && groups ? ["nice", ["-n", "10", command, ...args]] : [command, args];
  const child = spawn(file, argv, {
    cwd: root,
    env: { ...process.env, ...env, [RUN_MARK.split("=")[0]]: RUN_MARK.split("=")[1] },
    stdio: held ? ["ignore", "pipe", "pipe"] : "inherit",
    // Its own group, so the run can stop all it started; a terminal's Ctrl-C reaches this script, which
    // passes it on.
    detached: groups,
  });
  if (child.pid) started.add(child.pid);
  const output = [];
  child.stdout?.on("data", (chunk) => output.push(chunk));
  child.stderr?.on("data", (chunk) => output.push(chunk));
  return new Promise((resolve) => {
    child.on("close", (code, signal) => {
      const seconds = ((performance.now() - began) / 1000).toFixed(0);
      resolve({
        label,
        ok: code === 0,
        code: code ?? signal,
        seconds,
        output: Buffer.concat(output).toString(),
      });
    });
  });
}

/**
 * Marks every process of this run (the environment is inherited), so the ones that left their parent's group
 * are found too: Playwright starts each web server in a group of its own, and one left running after a
 * Playwright that ended holds its port (4173/4175/4399/4401).
 */
const RUN_MARK = `KB_TEST_RUN=${process.pid}-${Date.now()}`;

/** The processes that carry this run's mark (Linux: /proc/<pid>/environ); none elsewhere. */
function markedProcesses() {
  if (process.platform !== "linux") return [];
  const found = [];
  for (const entry of readdirSync("/proc")) {
    const pid = Number(entry);
    if (!Number.isInteger(pid) || pid === process.pid) continue;
    try {
      if (readFileSync(`/proc/${pid}/environ`, "utf8").split("\0").includes(RUN_MARK)) found.push(pid);
    } catch {
      // gone meanwhile, or not ours to read
    }
  }
  return found;
}

/** Sends `signal` to a process (a process group: its leader's pid, negated); false once it is gone. */
function send(target, name) {
  try {
    process.kill(target, name);
    return true;
  } catch {
    return false;
  }
}

/**
 * Stops everything the run started: `signal` to each group (SIGINT, as a terminal's Ctrl-C), then SIGTERM
 * after 10 s and SIGKILL after 15 s to the groups not yet empty. Waits until they are, checking every 100 ms.
 */
async function stopAll(signal = "SIGINT") {
  const steps = [
    [0, signal],
    [10_000, "SIGTERM"],
    [15_000, "SIGKILL"],
  ];
  const start = performance.now();
  for (;;) {
    const elapsed = performance.now() - start;
    const marked = markedProcesses();
    while (steps.length && steps[0][0] <= elapsed) {
      const [, next] = steps.shift();
      for (const pid of started) if (!send(groups ? -pid : pid, next)) started.delete(pid);
      for (const pid of marked) send(pid, next);
    }
    for (const pid of started) if (!send(groups ? -pid : pid, 0)) started.delete(pid);
    if ((started.size === 0 && marked.length === 0) || elapsed > 20_000) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

let stopping = false;
async function stopAndExit(code, signal) {
  if (stopping) return;
  stopping = true;
  await stopAll(signal);
  process.exit(code);
}
for (const [signal, code] of [
  ["SIGINT", 130],
  ["SIGTERM", 143],
  ["SIGHUP", 129],
])
  process.on(signal, () => void stopAndExit(code, signal));

function fail(result) {
  if (stopping) return new Promise(() => {});
  if (result.output) process.stdout.write(result.output);
  process.stderr.write(
    `\nnpm test: ${result.label} failed (exit ${result.code}); the other steps were stopped.\n`,
  );
  void stopAndExit(1, "SIGINT");
  // Nothing after a failure runs: the run ends when what it started has stopped.
  return new Promise(() => {});
}

/**
 * The build (first: the browser tests wait for it) and the static checks, one after another, each stopping
 * the run if it fails. The type check runs on one thread: beside the tests its parallel checkers only
 * repeat each other's work (61 CPU-seconds instead of 29, measured).
 */
const STEPS = [
  ["build", []],
  ["lint", []],
  ["check:openapi", []],
  ["typecheck", ["--singleThreaded"]],
];

async function checksAndBuild() {
  const steps = [];
  for (const [script, args] of STEPS) {
    const extra = args.length ? ["--", ...args] : [];
    const result = await run(script, npm, ["run", "--silent", script, ...extra], { held: true, nice: true });
    if (!result.ok) await fail(result);
    steps.push(result);
  }
  return steps;
}

// The browser tests start as soon as the build is done, so their servers start beside the integration tests;
// they wait for the go-ahead file (e2e/support/go-ahead.ts), written when the integration tests have passed.
const goAhead = path.join(mkdtempSync(path.join(tmpdir(), "kb-test-")), "integration-passed");
let browser;
const [tests, steps] = await Promise.all([
  run("vitest", npx, ["vitest", "run"]).then((result) => (result.ok ? result : fail(result))),
  checksAndBuild().then((steps) => {
    browser = run("playwright", npx, ["playwright", "test"], { env: { E2E_START_AFTER: goAhead } });
    return steps;
  }),
]);
for (const step of steps) process.stdout.write(step.output);
process.stdout.write(
  `\n${steps.map((s) => `${s.label} ${s.seconds} s`).join(", ")} (beside vitest, ${tests.seconds} s)\n\n`,
);
writeFileSync(goAhead, "");
const result = await browser;
rmSync(path.dirname(goAhead), { recursive: true, force: true });
if (!result.ok) await fail(result);
// A passing run leaves nothing behind either (a web server Playwright did not stop holds its port).
await stopAll("SIGTERM");
