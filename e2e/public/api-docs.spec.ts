// [public] The API reference at /api/docs: the viewer loads from this server under the page's CSP (no console
// error, no blocked script), renders the document's operations, and expands one with its parameters.
import { expect, test } from "@playwright/test";
import { watchConsole } from "./support";

test("[public] /api/docs renders the OpenAPI reference without console errors", async ({ page }) => {
  const problems = watchConsole(page);
  // A deep link opens the viewer at one tag (it draws a long document as it is scrolled to).
  await page.goto("/api/docs#/Salespeople");
  await expect(page).toHaveTitle(/API reference/);
  // The viewer is a large script and the document is built on its first request: allow for a busy machine.
  await expect(page.getByRole("heading", { name: /KnowBefore API/ })).toBeVisible({ timeout: 30_000 });
  const browse = page.locator("#operations-Salespeople-salespeople_list");
  await expect(browse).toBeVisible({ timeout: 15_000 });
  await browse.locator(".opblock-summary").click();
  await expect(browse.getByText("salespeople:read").first()).toBeVisible({ timeout: 15_000 });
  await expect(browse.locator("tr[data-param-name='city']")).toBeVisible();
  // Every operation of the document reached the viewer, drawn or not.
  const operations = await page.evaluate(
    () =>
      (
        window as unknown as { ui: { specSelectors: { operations: () => { size: number } } } }
      ).ui.specSelectors.operations().size,
  );
  expect(operations).toBeGreaterThan(100);
  expect(problems).toEqual([]);
});
