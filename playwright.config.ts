// Browser tests against the built app in the machine's Chromium (never a downloaded browser).
import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";

/**
 * The machine's Chromium: Debian's headless shell where it is installed (.ci/run installs it), else the full
 * browser in headless mode. The shell is the same Blink and V8 without the browser's own interface and the
 * processes that draw it, and cost a quarter less CPU per page (measured over 82 full loads of the routes: 97
 * against 126 CPU-seconds) on a machine whose two cores the whole browser run shares.
 */
const chromium =
  process.env.PLAYWRIGHT_CHROMIUM_PATH ??
  ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"].find((file) => existsSync(file)) ??
  "/usr/bin/chromium";

const port = Number(process.env.E2E_PORT ?? 4173);
const mailboxPort = Number(process.env.E2E_MAILBOX_PORT ?? 4399);
/**
 * The second server: production mode on an empty database (scripts/e2e-server.ts, E2E_EMPTY), for the journey
 * that onboards the first dealership. Its app and database ports follow the first server's two.
 */
const emptyPort = port + 2;
const emptyMailboxPort = mailboxPort + 2;
/** The journeys that need the empty server; nothing else runs on it. */
const FROM_EMPTY = ["from-empty/**"];
/**
 * Specs that only look: every route in every route state, the named buttons, axe in the dark theme and on
 * phones, documents and maps. Each test opens its own page and changes nothing another test reads, so they
 * run side by side; the journeys (which book, pay, review and change settings) run one at a time.
 */
const LOOKING = [
  "public/routes.spec.ts",
  "public/accessibility.spec.ts",
  "public/buttons.spec.ts",
  "public/documents.spec.ts",
  "public/maps.spec.ts",
];

export default defineConfig({
  testDir: "e2e",
  globalSetup: "./e2e/support/go-ahead.ts",
  fullyParallel: false,
  // Two browsers at once on two cores: a third made every journey two to three times slower (measured), close
  // to its time limit, for little gain overall.
  workers: 2,
  retries: 0,
  timeout: 60_000,
  // Two browsers, the server and its database share two cores: a first page can take more than Playwright's
  // default 5 s to render on a busy machine. A passing assertion still returns as soon as it holds.
  expect: { timeout: 12_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: `http://localhost:${port}`,
    // Recording a trace costs about an eighth of a browser test's CPU (measured) on a machine whose two cores the
    // whole run shares, and a failure already leaves its screenshot and the page's accessibility snapshot
    // (error-context.md). PW_TRACE=1 records traces of failures when one needs more.
    trace: process.env.PW_TRACE ? { mode: "retain-on-failure", screenshots: false } : "off",
    screenshot: "only-on-failure",
    // Pages settle at once (the app ends transitions for reduced motion): a check never sees a colour mid-fade.
    contextOptions: { reducedMotion: "reduce" },
    launchOptions: {
      executablePath: chromium,
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
    // First: its one long journey then runs beside the others instead of alone at the end of the run.
    {
      name: "from-empty",
      testMatch: FROM_EMPTY,
      workers: 1,
      metadata: { mailboxPort: emptyMailboxPort, appPort: emptyPort },
      use: {
        ...devices["Desktop Chrome"],
        viewport: { width: 1280, height: 900 },
        baseURL: `http://localhost:${emptyPort}`,
      },
    },
    {
      name: "desktop",
      testIgnore: [...LOOKING, ...FROM_EMPTY],
      workers: 1,
      metadata: { mailboxPort },
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 900 } },
    },
    {
      name: "looking",
      testMatch: LOOKING,
      fullyParallel: true,
      workers: 2,
      metadata: { mailboxPort },
      use: {
        ...devices["Desktop Chrome"],
        viewport: { width: 1280, height: 900 },
      },
    },
  ],
  webServer: [
    {
      command: "npx tsx scripts/e2e-server.ts",
      url: `http://127.0.0.1:${port}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      // A signal the script handles: it stops the app and deletes its data (and, as root, the app's cluster).
      gracefulShutdown: { signal: "SIGTERM", timeout: 20_000 },
      stdout: "pipe",
      stderr: "pipe",
    },
    {
      command: "npx tsx scripts/e2e-server.ts",
      env: { E2E_EMPTY: "1", E2E_PORT: String(emptyPort), E2E_MAILBOX_PORT: String(emptyMailboxPort) },
      url: `http://127.0.0.1:${emptyPort}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      gracefulShutdown: { signal: "SIGTERM", timeout: 20_000 },
      stdout: "pipe",
      stderr: "pipe",
    },
  ],
});
