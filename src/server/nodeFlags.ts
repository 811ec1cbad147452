// The node flags the server runs with. They are declared once, in package.json's `config.serverNodeFlags`:
// `npm run serve` and `npm run dev:server` pass them (npm hands a package's config to its scripts as
// $npm_package_config_*; tsx passes node's flags on), and the browser tests' server (scripts/e2e-server.ts),
// the benchmarks' server (bench/support.ts), the tests that start the built server and vitest's workers
// (vitest.config.ts) read them here, so every measurement and test runs the server as production does.
// `--heap-growing-percent` and `--no-allocation-site-pretenuring` are V8 flags that NODE_OPTIONS refuses, so a
// server started any other way would lose them without a word: it says so when it starts
// (docs/operations/runtime-tuning.md has each flag's measurement). The benchmarks' own process has flags of its
// own there too, `config.benchClientNodeFlags` (bench/support.ts).
import { readFileSync } from "node:fs";
import { projectPath } from "./paths";

/** The node flags package.json's `config` declares under `key`, in order. */
export function declaredNodeFlags(key: "serverNodeFlags" | "benchClientNodeFlags"): readonly string[] {
  const { config } = JSON.parse(readFileSync(projectPath("package.json"), "utf8")) as {
    config: Record<typeof key, string>;
  };
  return config[key].split(/\s+/).filter(Boolean);
}

/** The flags of `npm run serve`, in order (package.json, `config.serverNodeFlags`). */
export const SERVER_NODE_FLAGS = declaredNodeFlags("serverNodeFlags");

/** What running without a flag costs, by the flag's name; a flag of the list without an entry fails a unit test. */
export const NODE_FLAG_COSTS: Readonly<Record<string, string>> = {
  "--enable-source-maps": "stack traces in the logs point into the bundle instead of src/",
  "--max-semi-space-size":
    "V8's 16 MB young generation spends about twice the time collecting request garbage under load",
  "--heap-growing-percent":
    "full collections every few seconds under load, each a 9-15 ms pause that the requests of the moment wait out",
  "--no-allocation-site-pretenuring":
    "requests' and responses' objects are allocated straight into the old generation, and full collections come twice as often under load",
};

/** A flag's name: `--max-semi-space-size=64` and `--max_semi_space_size=64` are both `--max-semi-space-size`. */
function flagName(arg: string): string {
  return arg.split("=")[0]!.replaceAll("_", "-");
}

/**
 * The flags of `wanted` this process was not started with: neither on node's command line (`execArgv`) nor in
 * NODE_OPTIONS (which takes some of them). Source maps also count as on when something turned them on at run
 * time (`process.setSourceMapsEnabled`).
 */
export function missingNodeFlags(
  wanted: readonly string[] = SERVER_NODE_FLAGS,
  execArgv: readonly string[] = process.execArgv,
  nodeOptions: string = process.env.NODE_OPTIONS ?? "",
  sourceMapsEnabled: boolean = process.sourceMapsEnabled,
): string[] {
  const given = new Set([...execArgv, ...nodeOptions.split(/\s+/)].filter(Boolean).map(flagName));
  return wanted.filter((flag) => {
    const name = flagName(flag);
    if (name === "--enable-source-maps" && sourceMapsEnabled) return false;
    return !given.has(name);
  });
}

/** One warning line per missing flag: the flag, what its absence costs, and how to start the server with it. */
export function missingNodeFlagWarnings(missing: readonly string[] = missingNodeFlags()): string[] {
  return missing.map(
    (flag) =>
      `node flag ${flag} is missing: ${NODE_FLAG_COSTS[flagName(flag)] ?? "the server runs unlike production"}; start the server with npm run serve (node ${SERVER_NODE_FLAGS.join(" ")} dist/server/index.js)`,
  );
}
