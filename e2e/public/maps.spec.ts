// [public] Dealership maps: markers and addresses even though this machine can't reach the tile server, the
// salesperson profile's dealership location, and 'Dealerships near you' sorted by distance from a city or
// from the browser's position.
import { expect, test } from "@playwright/test";
import { contextFor, settle, watchConsole } from "./support";

test.describe("[public] maps", () => {
  test("a salesperson profile shows the dealership on a map, with its address, without tiles", async ({
    page,
  }) => {
    const problems = watchConsole(page);
    await page.goto("/salesperson/1");
    await settle(page);
    const card = page.getByRole("region", { name: "Dealership location" });
    await expect(card.getByRole("region", { name: /^Map showing / })).toBeVisible();
    const marker = card.getByRole("button", { name: /New York Toyota, .+, New York, NY \d{5}/ });
    await expect(marker).toBeVisible();
    await expect(card.locator("address")).toContainText("New York, NY");
    // Offline: the tiles fail, the page says so, and the marker and its popup still work.
    await expect(
      card.getByText("The street map couldn't load. Locations and addresses are still shown."),
    ).toBeVisible();
    await marker.focus();
    await page.keyboard.press("Enter");
    await expect(card.locator(".leaflet-popup-content")).toContainText("New York Toyota");
    await expect(card.getByRole("link", { name: /Directions to/ })).toHaveAttribute(
      "href",
      /openstreetmap\.org\/directions\?to=/,
    );
    expect(problems).toEqual([]);
  });

  test("'Dealerships near you' sorts by distance from the chosen city", async ({ browser, baseURL }) => {
    const context = await contextFor(browser, "customer", baseURL!);
    const page = await context.newPage();
    const problems = watchConsole(page);
    await page.goto("/?tab=nearby");
    await settle(page);
    const panel = page.getByRole("region", { name: "Dealerships near you" });
    await expect(page.getByRole("tab", { name: "Dealerships near you" })).toHaveAttribute(
      "aria-selected",
      "true",
    );

    await panel.getByLabel("City", { exact: true }).selectOption("Austin, TX");
    await expect(panel.getByText("20 dealerships nearest to Austin, TX.")).toBeVisible();
    const rows = panel.getByRole("list").first().getByRole("listitem");
    await expect(rows).toHaveCount(20);
    await expect(rows.first().getByRole("heading")).toContainText("Austin");
    const miles = await rows.evaluateAll((items) =>
      items.map((item) =>
        Number(item.querySelector("[data-distance-miles]")?.getAttribute("data-distance-miles")),
      ),
    );
    expect(miles.every((m, i) => i === 0 || m >= miles[i - 1]!)).toBe(true);
    expect(miles[0]).toBeLessThan(5);

    // One numbered marker per dealership plus the starting point, all on the map without tiles.
    const map = panel.getByRole("region", { name: "Map of dealerships near Austin, TX" });
    await expect(map.getByRole("button", { name: /^\d+\. / })).toHaveCount(20);
    await expect(map.getByRole("button", { name: "Starting point: Austin, TX" })).toBeVisible();
    await rows.nth(2).getByRole("button", { name: "Show on map" }).click();
    await expect(map.locator(".leaflet-popup-content")).toBeVisible();

    await rows.first().getByRole("link", { name: "View salespeople" }).click();
    await expect(page).toHaveURL(/dealership=/);
    await expect(page.getByText(/salespe(ople|rson) found|Showing 1–/)).toBeVisible();
    expect(problems).toEqual([]);
    await context.close();
  });

  test("'Use my location' sorts from the browser's position, and says so when it is refused", async ({
    browser,
    baseURL,
  }) => {
    const allowed = await contextFor(browser, "customer", baseURL!);
    await allowed.grantPermissions(["geolocation"]);
    await allowed.setGeolocation({ latitude: 47.6062, longitude: -122.3321 }); // Seattle
    const page = await allowed.newPage();
    await page.goto("/?tab=nearby");
    await settle(page);
    const panel = page.getByRole("region", { name: "Dealerships near you" });
    await panel.getByRole("button", { name: "Use my location" }).click();
    await expect(panel.getByText("20 dealerships nearest to Your location.")).toBeVisible();
    await expect(
      panel.getByRole("list").first().getByRole("listitem").first().getByRole("heading"),
    ).toContainText("Seattle");
    await allowed.close();

    const refused = await contextFor(browser, "customer", baseURL!);
    await refused.clearPermissions();
    const other = await refused.newPage();
    await other.goto("/?tab=nearby");
    await settle(other);
    await other.getByRole("button", { name: "Use my location" }).click();
    await expect(other.getByRole("alert")).toContainText("Choose a city instead.");
    await refused.close();
  });

  test("on a phone the dashboard keeps its three phone tabs and links to the map", async ({
    browser,
    baseURL,
  }) => {
    const context = await contextFor(browser, "customer", baseURL!);
    const page = await context.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/");
    await settle(page);
    const visibleTabs = await page
      .getByRole("tab")
      .evaluateAll((tabs) =>
        tabs.filter((t) => (t as HTMLElement).offsetParent !== null).map((t) => t.textContent?.trim()),
      );
    expect(visibleTabs).toEqual(expect.arrayContaining(["Browse", "Ratings", "Profile"]));
    expect(visibleTabs).not.toContain("Dealerships near you");
    await page.getByRole("button", { name: "Dealerships near you" }).click();
    await expect(page.getByRole("heading", { name: "Dealerships near you" })).toBeVisible();
    await expect(page).toHaveURL(/tab=nearby/);
    await context.close();
  });
});
