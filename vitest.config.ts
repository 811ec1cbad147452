// Unit tests beside pure code; integration tests against a real embedded PostgreSQL (one database per file).
import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";
import packageJson from "./package.json" with { type: "json" };

// The order integration files start in. Two workers share the run, so a long file that starts last keeps one
// of them busy alone at the end while the other idles: the longest files start first (longest-first is the
// classic rule for keeping parallel workers evenly loaded). Vitest orders by the durations it cached from an
// earlier run, but a clean checkout (CI) has none and falls back to file size, which put the two longest
// files (the fuzz sweep, the server start-ups) in the last third of the run.
//
/** Files that take ten seconds or more of one worker, longest first (measured on a 2-core machine under CI load). */
const LONGEST_FIRST = [
  "tests/data-dirs.integration.test.ts",
  "tests/fuzz.integration.test.ts",
  "tests/crash.integration.test.ts",
  "tests/startup.integration.test.ts",
  "tests/robustness.integration.test.ts",
  "tests/backup.integration.test.ts",
  "tests/restore-drill.integration.test.ts",
  "tests/crm.integration.test.ts",
  "tests/example-client.integration.test.ts",
  "tests/two-instances.integration.test.ts",
  "tests/api-keys.integration.test.ts",
];

class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification) => {
      const index = LONGEST_FIRST.findIndex((file) => spec.moduleId.endsWith(file));
      return index === -1 ? LONGEST_FIRST.length : index;
    };
    // vitest keeps each group and project together; within each run of them the longest start first, and the
    // rest keep vitest's own order (Array.prototype.sort is stable).
    const runs: TestSpecification[][] = [];
    for (const spec of sorted) {
      const last = runs.at(-1)?.[0];
      const same =
        last &&
        last.project.name === spec.project.name &&
        last.project.config.sequence.groupOrder === spec.project.config.sequence.groupOrder;
      if (same) runs.at(-1)!.push(spec);
      else runs.push([spec]);
    }
    return runs.flatMap((run) => run.sort((a, b) => rank(a) - rank(b)));
  }
}

/** Integration files whose tests time the job workers: each runs in a worker of its own (see below). */
const TIMING_FILES = ["tests/reminders.integration.test.ts"];

const integration = {
  globalSetup: ["tests/support/global-setup.ts"],
  testTimeout: 30_000,
  hookTimeout: 60_000,
  pool: "forks" as const,
  // The servers the integration files build run in the worker's own process: its node gets the flags
  // production's gets (package.json's config.serverNodeFlags, as src/server/nodeFlags.ts reads them; imported
  // here without the server's modules, which Vite's config loader would have to transform).
  execArgv: packageJson.config.serverNodeFlags.split(/\s+/),
  maxWorkers: 2,
};

export default defineConfig({
  test: {
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        test: {
          name: "unit",
          include: ["src/**/*.test.ts"],
          exclude: ["**/*.integration.test.ts"],
          maxWorkers: 1,
          // The unit files share one worker's loaded modules: each restores what it stubs (timers, globals,
          // environment, spies) after its tests, and a fresh worker per file spent about half of this project's
          // time importing the same modules again (measured: 65-86 s isolated, 42-49 s shared, also in a
          // shuffled file order). The integration files wait for this group to finish, so it is on the run's
          // critical path.
          isolate: false,
          sequence: { groupOrder: 0 },
        },
      },
      {
        // Beside the unit tests, which keep one core busy: the job workers' timing tests get the other, in a
        // fresh process that no earlier file left timers or work in.
        test: {
          ...integration,
          name: "integration-timing",
          include: TIMING_FILES,
          maxWorkers: 1,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          ...integration,
          name: "integration",
          include: ["tests/**/*.integration.test.ts"],
          exclude: TIMING_FILES,
          // Each file builds its own app on its own database (tests/support/harness.ts) and no test mocks a
          // module or the environment, so files share a worker's loaded modules: a fresh worker per file spent
          // a third of the run importing the server again (measured: 188 of 533 worker-seconds).
          isolate: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
