// Every test, as `npm test` runs it. The unit and integration tests start at once; beside them, at a lower
// priority, the static checks (types, lint, the OpenAPI document) and the build the browser tests need run in
// the CPU time the integration tests leave idle (they wait on PostgreSQL about an eighth of the time). The
// browser tests follow when both have passed, their servers already started. The checks' output is held and printed when they end, so it
// never interleaves with the test reporter's; the first failure stops the rest.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const npm = process.platform === "win32" ? "npm.cmd" : "npm";
const npx = process.platform === "win32" ? "npx.cmd" : "npx";
const running = new Set();

/** Runs one command; `held` keeps its output to print afterwards instead of streaming it. */
function run(label, command, args, { held = false, nice = false, env = {} } = {}) {
  const started = performance.now();
  const [file, argv] =
    nice && process.platform !== "win32" ? ["nice", ["-n", "10", command, ...args]] : [command, args];
  const child = spawn(file, argv, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: held ? ["ignore", "pipe", "pipe"] : "inherit",
  });
  running.add(child);
  const output = [];
  child.stdout?.on("data", (chunk) => output.push(chunk));
  child.stderr?.on("data", (chunk) => output.push(chunk));
  return new Promise((resolve) => {
    child.on("close", (code, signal) => {
      running.delete(child);
      const seconds = ((performance.now() - started) / 1000).toFixed(0);
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

function stopAll() {
  for (const child of running) child.kill("SIGINT");
}
process.on("SIGINT", () => {
  stopAll();
  process.exit(130);
});

function fail(result) {
  if (result.output) process.stdout.write(result.output);
  process.stderr.write(
    `\nnpm test: ${result.label} failed (exit ${result.code}); the other steps were stopped.\n`,
  );
  stopAll();
  process.exit(1);
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
    if (!result.ok) fail(result);
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
if (!result.ok) fail(result);
