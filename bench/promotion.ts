// What a loop of queries promotes to V8's old generation: the young-generation collections' own account
// (--trace-gc-nvp, "promoted=" of each scavenge) while 20,000 reads of twelve stored browse cards run eight at a
// time through the app's driver, under the server's node flags. The figure patch 002 (a query settles without
// closures of its own) stands on: a finished query held by such a closure survives its first collection, rows
// included, and is copied into the old generation. Run it with the patch applied and with it reversed
// (`patch -R -p1 < patches/postgres+3.4.9+002+settle-without-closures.patch`, then `npx patch-package`).
// The measuring process loads only the driver and bench/benchDatabase.ts: with the benchmarks' whole plumbing
// loaded too (bench/support.ts) the same loop promoted ~93 MB with the patch, so what it loads is part of the figure.
// Usage: npm run build && npx tsx bench/serve.ts &   then   npx tsx bench/promotion.ts
//        (BENCH_SCALE (80) and BENCH_PORT (3920) name the server as bench/serve.ts did)
import { spawn } from "node:child_process";
import postgres from "postgres";
import { SERVER_NODE_FLAGS } from "../src/server/nodeFlags";
import { projectPath } from "../src/server/paths";
import { runningBenchDatabaseUrl } from "./benchDatabase";

const QUERIES = 20_000;

if (process.argv.includes("--child")) {
  const sql = postgres(runningBenchDatabaseUrl(), { max: 4, onnotice: () => {} });
  let next = 0;
  const worker = async () => {
    while (next < QUERIES) {
      const from = (next++ * 37) % 100_000;
      await sql`select card from salesperson_cards where salesperson_id between ${from} and ${from + 11}`;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: 8 }, worker));
  console.log(`took ${(performance.now() - started).toFixed(0)}`);
  await sql.end();
} else {
  const child = spawn(
    process.execPath,
    [...SERVER_NODE_FLAGS, "--trace-gc-nvp", "--import", "tsx", "bench/promotion.ts", "--child"],
    { cwd: projectPath("."), stdio: ["ignore", "pipe", "inherit"] },
  );
  let output = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
    output += chunk;
  });
  await new Promise((resolve) => child.on("exit", resolve));
  const scavenges = output.split("\n").filter((line) => /\bgc=s\b/.test(line));
  const sum = (field: string) =>
    scavenges.reduce(
      (total, line) => total + Number(line.match(new RegExp(`\\b${field}=([\\d.]+)`))?.[1] ?? 0),
      0,
    );
  const took = output.match(/^took (\d+)/m)?.[1];
  console.log(
    `${QUERIES} queries in ${took} ms: ${scavenges.length} young-generation collections, ` +
      `${(sum("promoted") / 1e6).toFixed(1)} MB promoted, ${sum("pause").toFixed(0)} ms of their pauses ` +
      `(${(sum("pause") / Math.max(1, scavenges.length)).toFixed(2)} ms each)`,
  );
}
