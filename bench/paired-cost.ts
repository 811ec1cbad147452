// What one request costs the server in two builds, measured side by side: the build of a running benchmark
// server (bench/serve.ts, "A") and another build ("B", a directory holding its own dist/, node_modules/ and
// drizzle/, e.g. a second checkout), started here on the same database with A's environment and node flags on
// port BENCH_PORT + 5. Short closed-loop bursts of the same requests go to A and B in turn (A B, B A, …), and each
// process's CPU time from /proc is divided by the answers it gave. The machine's speed drifts by ±10 % from one
// minute to the next here, more than most changes save; bursts seconds apart see the same drift, so the pairs
// compare where two separate runs could not (bench/README.md, "Comparing two builds").
// Usage: npm run build && npx tsx bench/serve.ts &   then
//        npx tsx bench/paired-cost.ts <directory of build B> [rest|trpc|finding|profile (rest)] [rounds (8)]
//        (BENCH_SCALE (80) and BENCH_PORT (3920) name server A as bench/serve.ts did; BENCH_SECONDS (4) a burst)
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import autocannon from "autocannon";
import { runningBenchDatabaseUrl } from "./benchDatabase";
import { inTurn, interleave, longTailShapes, restRequest, trpcRequest } from "./browseMix";
import { processTicks, TICKS_PER_SECOND } from "./processCpu";
import { connections } from "./support";

const [dirB, kind = "rest", roundsArg = "8"] = process.argv.slice(2);
if (!dirB || !existsSync(resolve(dirB, "dist/server/index.js"))) {
  console.error(
    "Usage: npx tsx bench/paired-cost.ts <directory of build B, with dist/server/index.js> [kind] [rounds]",
  );
  process.exit(1);
}
const portA = Number(process.env.BENCH_PORT ?? 3920);
const portB = portA + 5;
const burstSeconds = Number(process.env.BENCH_SECONDS ?? 4);
const rounds = Number(roundsArg);

/** The pid of the process listening on a port of 127.0.0.1 (server A, started by bench/serve.ts). */
function listener(port: number): number {
  const out = execFileSync("ss", ["-Htlnp", `sport = :${port}`], { encoding: "utf8" });
  const pid = out.match(/pid=(\d+)/)?.[1];
  if (!pid) throw new Error(`nothing listens on 127.0.0.1:${port}: start bench/serve.ts first`);
  return Number(pid);
}

/** A process's CPU time so far (user and system, in ms). */
const cpuMs = (pid: number) => (processTicks(pid) * 1000) / TICKS_PER_SECOND;

const pidA = listener(portA);
const environ = Object.fromEntries(
  readFileSync(`/proc/${pidA}/environ`, "utf8")
    .split("\0")
    .filter(Boolean)
    .map((entry) => [entry.slice(0, entry.indexOf("=")), entry.slice(entry.indexOf("=") + 1)]),
);
const flags = readFileSync(`/proc/${pidA}/cmdline`, "utf8").split("\0").filter(Boolean).slice(1, -1);
const { DATA_DIR: _dataDir, EMBEDDED_PG_PORT: _pgPort, SEED_ON_START: _seed, ...shared } = environ;
// BENCH_NODE_ARGS adds node flags for B alone (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof-b").
const extraFlags = process.env.BENCH_NODE_ARGS?.split(" ").filter(Boolean) ?? [];
const serverB: ChildProcess = spawn(process.execPath, [...flags, ...extraFlags, "dist/server/index.js"], {
  cwd: resolve(dirB),
  env: {
    ...shared,
    PORT: String(portB),
    APP_URL: `http://127.0.0.1:${portB}`,
    DATABASE_URL: runningBenchDatabaseUrl(),
  },
  stdio: ["ignore", "inherit", "inherit"],
});
try {
  for (const deadline = Date.now() + 120_000; ; ) {
    if (serverB.exitCode !== null) throw new Error(`server B exited with ${serverB.exitCode}`);
    if (Date.now() > deadline) throw new Error("server B did not answer its health route in 120 s");
    const ok = await fetch(`http://127.0.0.1:${portB}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 500));
  }

  const plain = await longTailShapes(runningBenchDatabaseUrl());
  const finding = await longTailShapes(runningBenchDatabaseUrl(), true);
  const queries = kind === "finding" ? interleave(finding.slice(plain.length)) : interleave(plain);
  const toRequest = kind === "trpc" ? trpcRequest : restRequest;
  // One walk through the requests for both servers, each burst going on where the last stopped: a burst that
  // began again at the first request would find the pages of the burst before it still in its server's cache.
  const requests: autocannon.Request[] =
    kind === "profile" ? [{ method: "GET", path: "/api/salespeople/1" }] : inTurn(queries, toRequest);
  const servers = [
    { name: "A", pid: pidA, port: portA, cpu: 0, answers: 0 },
    { name: "B", pid: serverB.pid!, port: portB, cpu: 0, answers: 0 },
  ];
  const burst = async (server: (typeof servers)[number]) => {
    const before = cpuMs(server.pid);
    const result = await new Promise<autocannon.Result>((done, fail) =>
      autocannon(
        {
          url: `http://127.0.0.1:${server.port}`,
          connections,
          duration: burstSeconds,
          requests,
        },
        (error, r) => (error ? fail(error) : done(r)),
      ),
    );
    return { cpu: cpuMs(server.pid) - before, answers: result.requests.total };
  };
  // A first burst each, not counted: connections opened, statements prepared, code compiled.
  for (const server of servers) await burst(server);
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? servers : [...servers].reverse();
    const line: string[] = [];
    for (const server of order) {
      const { cpu, answers } = await burst(server);
      server.cpu += cpu;
      server.answers += answers;
      line.push(
        `${server.name} ${((1000 * cpu) / answers).toFixed(1)} µs (${(answers / burstSeconds).toFixed(0)}/s)`,
      );
    }
    console.log(`round ${round + 1}: ${line.join(", ")}`);
  }
  const [a, b] = servers.map((s) => (1000 * s.cpu) / s.answers) as [number, number];
  console.log(
    `${kind}: A ${a.toFixed(1)} µs a request, B ${b.toFixed(1)} µs (${(((b - a) / a) * 100).toFixed(1)} %), over ${rounds} rounds of ${burstSeconds} s each`,
  );
} finally {
  serverB.kill("SIGINT");
  await new Promise((r) => (serverB.exitCode === null ? serverB.once("exit", r) : r(null)));
}
