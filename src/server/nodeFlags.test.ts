import { describe, expect, it } from "vitest";
import {
  declaredNodeFlags,
  missingNodeFlags,
  missingNodeFlagWarnings,
  NODE_FLAG_COSTS,
  SERVER_NODE_FLAGS,
} from "./nodeFlags";

describe("the server's node flags", () => {
  it("are package.json's config.serverNodeFlags, each with what running without it costs", () => {
    expect(SERVER_NODE_FLAGS).toEqual([
      "--enable-source-maps",
      "--max-semi-space-size=64",
      "--heap-growing-percent=100",
      "--no-allocation-site-pretenuring",
    ]);
    for (const flag of SERVER_NODE_FLAGS) expect(NODE_FLAG_COSTS[flag.split("=")[0]!]).toMatch(/\w/);
  });

  it("are all missing from a bare node", () => {
    expect(missingNodeFlags(SERVER_NODE_FLAGS, [], "", false)).toEqual(SERVER_NODE_FLAGS);
  });

  it("count from the command line, NODE_OPTIONS, with underscores, and source maps turned on at run time", () => {
    expect(missingNodeFlags(SERVER_NODE_FLAGS, [...SERVER_NODE_FLAGS], "", false)).toEqual([]);
    expect(
      missingNodeFlags(
        SERVER_NODE_FLAGS,
        ["--heap_growing_percent=100", "--no_allocation_site_pretenuring"],
        "--max-semi-space-size=64",
        true,
      ),
    ).toEqual([]);
    expect(missingNodeFlags(SERVER_NODE_FLAGS, ["--enable-source-maps"], "", false)).toEqual([
      "--max-semi-space-size=64",
      "--heap-growing-percent=100",
      "--no-allocation-site-pretenuring",
    ]);
  });

  it("are named one warning line each, with the cost and the command that starts the server with them", () => {
    const [line, ...rest] = missingNodeFlagWarnings(["--heap-growing-percent=100"]);
    expect(rest).toEqual([]);
    expect(line).toBe(
      `node flag --heap-growing-percent=100 is missing: ${NODE_FLAG_COSTS["--heap-growing-percent"]}; start the server with npm run serve (node --enable-source-maps --max-semi-space-size=64 --heap-growing-percent=100 --no-allocation-site-pretenuring dist/server/index.js)`,
    );
  });
});

describe("the benchmarks' client flags", () => {
  it("are package.json's config.benchClientNodeFlags: a young generation of 32 to 64 MB", () => {
    expect(declaredNodeFlags("benchClientNodeFlags")).toEqual([
      "--min-semi-space-size=32",
      "--max-semi-space-size=64",
    ]);
  });
});
