// Playwright's global setup, which runs once its web servers answer. `npm test` (scripts/test.mjs) starts the
// browser tests while the integration tests are still running, so that the servers' start (a database, its
// migrations and the demo seed) overlaps them; the tests themselves begin when the file E2E_START_AFTER names
// exists, which the runner writes when the integration tests have passed (if they fail, it stops this run).
import { existsSync } from "node:fs";

export default async function waitForGoAhead(): Promise<void> {
  const file = process.env.E2E_START_AFTER;
  if (!file) return;
  while (!existsSync(file)) await new Promise((resolve) => setTimeout(resolve, 250));
}
