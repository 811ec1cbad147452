// Data directories and their embedded PostgreSQL, started as `npm start` starts the server: two fresh
// checkouts started at the same moment both come up (they race for the same first free port, and the one that
// loses the bind moves on), and a deleted data directory takes its database with it: a new one at the same path
// starts empty, and the cluster the old one left (as root, outside it) is named with the command that deletes it.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { embeddedUrl, removeOutsideCluster } from "../src/server/operations/embedded";
import { PROJECT_ROOT } from "../src/server/paths";
import { type BuiltServer, bundleServer, launchBuilt, stopBuilt, untilReady } from "./support/built-server";

const ROUNDS = 10;
const asRoot = process.getuid?.() === 0;
let bundle: ReturnType<typeof bundleServer>;
let scratch = "";
const started: BuiltServer[] = [];
const dataDirs: string[] = [];

beforeAll(() => {
  bundle = bundleServer();
  mkdirSync(path.join(PROJECT_ROOT, ".data"), { recursive: true });
  scratch = mkdtempSync(path.join(PROJECT_ROOT, ".data", "data-dirs-"));
});

afterAll(async () => {
  await Promise.all(started.map((s) => stopBuilt(s, "SIGKILL", true)));
  for (const dir of dataDirs) removeOutsideCluster(dir);
  rmSync(scratch, { recursive: true, force: true });
  bundle.remove();
}, 60_000);

async function start(dataDir: string, env: Record<string, string> = {}): Promise<BuiltServer> {
  const server = await launchBuilt(bundle.entry, { DATA_DIR: dataDir, ...env });
  started.push(server);
  return server;
}

function portOf(server: BuiltServer): number {
  return Number(/embedded PostgreSQL for .* on port (\d+)/.exec(server.output())?.[1]);
}

describe("data directories", () => {
  it(`two fresh checkouts started at the same moment both answer /api/ready, ${ROUNDS} times over`, async () => {
    // Two checkouts' data directories, made in the first round; every round starts them with no pg.port kept,
    // as fresh clones are, so both choose from 54329 up at the same moment.
    const pair = ["a", "b"].map((name) => path.join(scratch, name));
    dataDirs.push(...pair);
    const ports: number[][] = [];
    for (let round = 0; round < ROUNDS; round++) {
      for (const dir of pair) rmSync(path.join(dir, "pg.port"), { force: true });
      const servers = await Promise.all(pair.map((dir) => start(dir)));
      await Promise.all(servers.map((s) => untilReady(s)));
      for (const s of servers)
        expect((await fetch(`http://127.0.0.1:${s.port}/api/ready`)).status, s.output()).toBe(200);
      const chosen = servers.map(portOf);
      expect(new Set(chosen).size).toBe(2);
      // The port that worked is the one kept for the next start.
      for (const [i, dir] of pair.entries())
        expect(Number(readFileSync(path.join(dir, "pg.port"), "utf8"))).toBe(chosen[i]);
      ports.push(chosen);
      const codes = await Promise.all(servers.map((s) => stopBuilt(s)));
      expect(codes).toEqual([0, 0]);
    }
    console.log(
      `data directories: ${ROUNDS} double starts, embedded ports ${ports.map((p) => p.join("+")).join(" ")}`,
    );
  }, 240_000);

  it(`a deleted data directory takes its database with it${asRoot ? "; the cluster it left outside is named with the command that deletes it" : ""}`, async () => {
    const dataDir = path.join(scratch, "a");
    const first = await start(dataDir);
    await untilReady(first);
    const oldCluster = /its data in ([^"\s]+)/.exec(first.output())?.[1] ?? "";
    expect(oldCluster).not.toBe("");
    const sql = postgres(embeddedUrl(dataDir, portOf(first)), { max: 1, onnotice: () => {} });
    await sql`insert into contact_messages (name, email, subject, message) values ('Old', 'old@example.org', 'general', 'From the deleted data directory')`;
    await sql.end();
    expect(await stopBuilt(first)).toBe(0);

    rmSync(dataDir, { recursive: true, force: true });
    const again = await start(dataDir);
    await untilReady(again);
    const newCluster = /its data in ([^"\s]+)/.exec(again.output())?.[1] ?? "";
    const fresh = postgres(embeddedUrl(dataDir, portOf(again)), { max: 1, onnotice: () => {} });
    const [{ n } = { n: -1 }] = await fresh<{ n: number }[]>`
      select count(*)::int as n from contact_messages where email = 'old@example.org'`;
    await fresh.end();
    expect(n).toBe(0);

    const noticed = again
      .output()
      .split("\n")
      .filter((line) => line.includes("outlived") && line.includes(path.dirname(oldCluster)));
    if (asRoot) {
      expect(newCluster).not.toBe(oldCluster);
      const home = path.dirname(oldCluster);
      expect(existsSync(home)).toBe(true);
      expect(noticed).toHaveLength(1);
      const message = JSON.parse(noticed[0]!).msg as string;
      expect(message).toMatch(/outlived (its|their) data director(y|ies): .*; delete with: rm -rf /);
      expect(message).toContain(`${home} (of ${dataDir})`);
      // The command it names deletes it.
      const command = message.slice(message.indexOf("rm -rf "));
      execFileSync("sh", ["-c", command]);
      expect(existsSync(home)).toBe(false);
      expect(existsSync(newCluster)).toBe(true);
      console.log(`data directories: the deleted one's cluster was named: ${message}`);
    } else {
      // As a normal user the cluster lives inside DATA_DIR: deleting it deleted the cluster, and none is left.
      expect(newCluster).toBe(path.join(dataDir, "pg"));
      expect(noticed).toEqual([]);
    }
    expect(await stopBuilt(again)).toBe(0);
  }, 120_000);
});
