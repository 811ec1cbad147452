import { expect, test } from "@playwright/test";
import { DEMO_ACCOUNTS } from "../../src/server/seed/demo";
import { FIRST_RENDER_TIMEOUT, signInWithSession } from "../support/session";

test("[salesperson] journey: add a certification, the manager verifies it, the public profile shows its badge", async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const name = `Hybrid Systems Specialist ${Date.now() % 100_000}`;

  // The demo salesperson adds a certification on their profile tab.
  const seller = await browser.newPage();
  await signInWithSession(seller, DEMO_ACCOUNTS.salesperson, "salesperson");
  await seller.goto("/salesperson-dashboard?tab=profile");
  const card = seller.getByRole("region", { name: "Certifications" });
  await card.getByRole("button", { name: "Add certification" }).click({ timeout: FIRST_RENDER_TIMEOUT });
  await card.getByLabel("Certification").fill(name);
  await card.getByLabel("Issuer").fill("Society of Automotive Engineers");
  await card.getByLabel("Year").fill("2024");
  await card.getByRole("button", { name: "Add certification" }).click();
  const mine = card.getByTestId("my-certification").filter({ hasText: name });
  await expect(mine).toContainText("Waiting for verification");

  // Their manager verifies it from the Sales Team tab.
  const manager = await browser.newPage();
  await signInWithSession(manager, DEMO_ACCOUNTS.manager, "manager");
  await manager.goto("/manager-dashboard?tab=team");
  await manager
    .getByRole("button", { name: `Verify ${name} of Sam Rivera` })
    .click({ timeout: FIRST_RENDER_TIMEOUT });
  await expect(manager.getByRole("button", { name: `Verify ${name} of Sam Rivera` })).toHaveCount(0);

  // The public profile shows it with the dealership's badge and lists it in its structured data.
  const id = await seller.evaluate(async () => {
    const res = await fetch("/api/salesperson/auth/user");
    return ((await res.json()) as { salespersonId: number }).salespersonId;
  });
  const visitor = await browser.newPage();
  await visitor.goto(`/salesperson/${id}`);
  const certification = visitor.getByTestId("certification").filter({ hasText: name });
  await expect(certification).toContainText("Verified by New York Toyota", { timeout: FIRST_RENDER_TIMEOUT });
  const jsonLd = await visitor.locator('script[type="application/ld+json"]').textContent();
  expect(JSON.parse(jsonLd ?? "{}").hasCredential.map((c: { name: string }) => c.name)).toContain(name);
});
