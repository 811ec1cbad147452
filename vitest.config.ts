// Unit tests beside pure code; integration tests against a real embedded PostgreSQL (one database per file).
import { defineConfig } from "vitest/config";

/** Integration files whose tests time the job workers: each runs in a worker of its own (see below). */
const TIMING_FILES = ["tests/reminders.integration.test.ts"];

const integration = {
  globalSetup: ["tests/support/global-setup.ts"],
  testTimeout: 30_000,
  hookTimeout: 60_000,
  pool: "forks" as const,
  maxWorkers: 2,
};

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: ["src/**/*.test.ts"],
          exclude: ["**/*.integration.test.ts"],
          maxWorkers: 1,
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
