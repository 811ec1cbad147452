// [public] The API reference at /api/docs: the viewer loads from this server under the page's CSP (no console
// error, no blocked script), renders the document's operations, and expands one with its parameters.
import { expect, test } from "@playwright/test";
import { watchConsole } from "./support";

test("[public] /api/docs renders the OpenAPI reference without console errors", async ({ page }) => {
  const problems = watchConsole(page);
  await page.goto("/api/docs");
  await expect(page).toHaveTitle(/API reference/);
  await expect(page.getByRole("heading", { name: /KnowBefore API/ })).toBeVisible();
  const browse = page.locator("#operations-Salespeople-salespeople_list");
  await expect(browse).toBeVisible();
  await browse.locator(".opblock-summary").click();
  await expect(browse.getByText("salespeople:read").first()).toBeVisible();
  await expect(browse.locator("tr[data-param-name='city']")).toBeVisible();
  expect(await page.locator(".opblock").count()).toBeGreaterThan(100);
  expect(problems).toEqual([]);
});
