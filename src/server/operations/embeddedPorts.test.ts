// The embedded PostgreSQL's port: only a postmaster's bind decides it, so a start that loses the bind to
// another start (both found the port free a moment before) moves on to the next port and keeps that one.
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { PortTaken, type Postmaster, startOnFreePort } from "./embedded";
import { DEFAULT_EMBEDDED_PORT, probePort } from "./embeddedClaim";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A start that loses the bind on the ports in `taken` (another start bound them first) and binds any other. */
function starter(taken: readonly number[], tried: number[]) {
  return async (port: number): Promise<Postmaster> => {
    tried.push(port);
    if (taken.includes(port)) throw new PortTaken(`port ${port} is already in use`);
    return { child: {} as ChildProcess, recovered: false };
  };
}

/** The first ports from `from` that nothing on this machine listens on now. */
async function freePorts(from: number, count: number): Promise<number[]> {
  const ports: number[] = [];
  for (let port = from; ports.length < count; port++) if ((await probePort(port)) === null) ports.push(port);
  return ports;
}

describe("the embedded PostgreSQL's port", () => {
  it("moves on when the postmaster loses the bind, and keeps the port it bound", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "kb-ports-"));
    dirs.push(dataDir);
    const [lost, next] = await freePorts(DEFAULT_EMBEDDED_PORT, 2);
    const tried: number[] = [];
    const { port } = await startOnFreePort(dataDir, [], starter([lost!], tried));
    expect(tried).toEqual([lost, next]);
    expect(port).toBe(next);
    expect(readFileSync(path.join(dataDir, "pg.port"), "utf8").trim()).toBe(String(next));
  });

  it("tries the kept port first, skips the app's own, and stops at other failures", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "kb-ports-"));
    dirs.push(dataDir);
    const [app, kept] = await freePorts(DEFAULT_EMBEDDED_PORT + 100, 2);
    writeFileSync(path.join(dataDir, "pg.port"), `${kept}\n`);
    const tried: number[] = [];
    expect((await startOnFreePort(dataDir, [app!], starter([], tried))).port).toBe(kept);
    expect(tried).toEqual([kept]);
    const broken = async (): Promise<Postmaster> => {
      throw new Error("the embedded PostgreSQL stopped while starting (FATAL: bad setting)");
    };
    await expect(startOnFreePort(dataDir, [], broken)).rejects.toThrow(/bad setting/);
  });
});
