// The server started without the node flags of `npm run serve` says so when it starts, one line a flag: a
// deployment that starts it another way (NODE_OPTIONS refuses --heap-growing-percent) would otherwise lose
// them without a word (src/server/nodeFlags.ts).
import { afterEach, describe, expect, it } from "vitest";
import { SERVER_NODE_FLAGS } from "../src/server/nodeFlags";
import { type ServerProcess, startServerProcess } from "./support/server-process";

const started: ServerProcess[] = [];
afterEach(async () => {
  for (const server of started.splice(0)) await server.dispose();
});

/** The lines of the server's output that warn of a missing node flag. */
function flagWarnings(server: ServerProcess): string[] {
  return `${server.stdout()}${server.stderr()}`.split("\n").filter((line) => line.includes("node flag --"));
}

describe("the server's node flags", () => {
  it("are not mentioned when the server runs with them", async () => {
    const server = await startServerProcess();
    started.push(server);
    expect(flagWarnings(server)).toEqual([]);
  }, 90_000);

  it("are named, one warning line each, when the server runs on a bare node", async () => {
    const server = await startServerProcess({}, { nodeFlags: [] });
    started.push(server);
    const lines = flagWarnings(server);
    expect(lines).toHaveLength(SERVER_NODE_FLAGS.length);
    for (const [i, flag] of SERVER_NODE_FLAGS.entries()) {
      expect(lines[i]).toContain(`node flag ${flag} is missing: `);
      expect(lines[i]).toContain("start the server with npm run serve");
    }
  }, 90_000);

  it("count --max-semi-space-size from NODE_OPTIONS, which takes it, and name only the ones it refuses", async () => {
    const server = await startServerProcess(
      { NODE_OPTIONS: "--max-semi-space-size=64" },
      { nodeFlags: ["--enable-source-maps"] },
    );
    started.push(server);
    const lines = flagWarnings(server);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain("node flag --heap-growing-percent=100 is missing: ");
    expect(lines[1]).toContain("node flag --no-allocation-site-pretenuring is missing: ");
  }, 90_000);
});
