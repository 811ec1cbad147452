import { expect, test } from "@playwright/test";
import { contextFor, settle } from "../public/support";

test("[customer] on a phone, finds salespeople within 25 miles of a ZIP code, nearest first, each with its distance", async ({
  browser,
  baseURL,
}) => {
  const context = await contextFor(browser, "customer", baseURL!, "phone");
  const page = await context.newPage();
  await page.goto("/");
  await settle(page);

  // On a phone the filters fold away behind a button.
  await page.getByRole("button", { name: /Filters/ }).click();
  // 10007 is the centre of the ZIP code of the demo's New York dealership; Newark's is about ten miles off.
  await page.getByLabel("Near ZIP code").fill("10007");
  // The router quotes a text that reads as a number, so the ZIP code keeps its leading zeros.
  await expect(page).toHaveURL(/zip=(%22)?10007/);
  await expect(page.getByLabel("Within")).toHaveValue("25");
  await page.getByLabel("Sort by").selectOption({ label: "Distance" });
  await expect(page).toHaveURL(/sort=distance/);

  const distances = page.locator("article [data-distance-miles]");
  // The grid keeps the previous answer until the new one arrives: wait until every card carries a distance,
  // from the dealership at the ZIP code's centre out past it.
  await expect
    .poll(async () => {
      const cards = await page.getByRole("article").count();
      const miles = await distances.evaluateAll((nodes) =>
        nodes.map((n) => Number(n.getAttribute("data-distance-miles"))),
      );
      return cards > 0 && miles.length === cards && miles[0] === 0 && miles.some((m) => m > 5);
    })
    .toBe(true);
  await settle(page);
  const miles = await distances.evaluateAll((nodes) =>
    nodes.map((n) => Number(n.getAttribute("data-distance-miles"))),
  );
  expect(miles).toEqual([...miles].sort((a, b) => a - b));
  expect(Math.max(...miles)).toBeLessThanOrEqual(25);
  await expect(page.getByRole("article").first()).toContainText("0.0 mi away");
  await expect(page.getByRole("article").last()).toContainText(/\d+\.\d mi away/);

  // Nothing is wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // The profile says how far away, from where the buyer searched.
  const last = page.getByRole("article").last();
  const name = (await last.getByRole("heading").first().textContent())?.trim() ?? "";
  const lastMiles = miles.at(-1)!;
  await last.getByRole("link", { name }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  await expect(page.getByText(`${lastMiles.toFixed(1)} mi from ZIP 10007`)).toBeVisible();
  await context.close();
});
