// Browser tests against the built app in the machine's Chromium (never a downloaded browser).
import { defineConfig, devices } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 4173);
/** Every SPEC.md route in every route state: the longest spec by far. */
const ROUTE_SWEEP = "public/routes.spec.ts";

export default defineConfig({
  testDir: "e2e",
  fullyParallel: false,
  // At most two browsers at once: the route sweep's second worker (below); every other spec runs one at a time.
  workers: 2,
  retries: 0,
  timeout: 60_000,
  // Two browsers, the server and its database share two cores: a first page can take more than Playwright's
  // default 5 s to render on a busy machine. A passing assertion still returns as soon as it holds.
  expect: { timeout: 12_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: `http://localhost:${port}`,
    trace: { mode: "retain-on-failure", screenshots: false },
    screenshot: "only-on-failure",
    // Pages settle at once (the app ends transitions for reduced motion): a check never sees a colour mid-fade.
    contextOptions: { reducedMotion: "reduce" },
    launchOptions: {
      executablePath: process.env.PLAYWRIGHT_CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  projects: [
    {
      name: "desktop",
      testIgnore: ROUTE_SWEEP,
      workers: 1,
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 900 } },
    },
    {
      // Each of its tests opens its own context and changes nothing others read, so two run side by side: a
      // page waiting on the server leaves the CPU to the other.
      name: "routes",
      testMatch: ROUTE_SWEEP,
      fullyParallel: true,
      workers: 2,
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 900 } },
    },
  ],
  webServer: {
    command: "npx tsx scripts/e2e-server.ts",
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    // A signal the script handles: it stops the app and deletes its data (and, as root, the app's cluster).
    gracefulShutdown: { signal: "SIGTERM", timeout: 20_000 },
    stdout: "pipe",
    stderr: "pipe",
  },
});
