// [public] Every route of docs/product/routes.md#route-states, in each route state (signed out, customer, salesperson): it
// renders, logs no console error, has a title and a meta description, and axe finds no serious or critical
// violation. Signed out, each route is opened by a full page load; signed in, through the app (./support, visit).
import { expect } from "@playwright/test";
import {
  arrivalIn,
  SPEC_ROUTES,
  STATES,
  seriousAxeFindings,
  settle,
  lookingPage as test,
  visit,
  watchConsole,
} from "./support";

for (const state of STATES) {
  test.describe(`[public] routes, ${state}`, () => {
    for (const path of SPEC_ROUTES) {
      test(`${path} renders cleanly and passes axe`, async ({ pageIn }) => {
        const page = await pageIn(state);
        const problems = watchConsole(page);
        await visit(page, path, arrivalIn(state));
        await settle(page);

        expect(await page.title()).toMatch(/KnowBefore/);
        const description = await page.locator('meta[name="description"]').getAttribute("content");
        expect(description?.length ?? 0).toBeGreaterThan(30);

        expect((await seriousAxeFindings(page)).map((f) => f.line)).toEqual([]);
        expect(problems).toEqual([]);
      });
    }
  });
}
