import { expect, test } from "@playwright/test";
import { waitForSignInLink } from "../support/mailbox";

test("[customer] journey: request a link, read it from the mail, sign in, filter salespeople and open a profile", async ({
  page,
}) => {
  const email = `e2e.buyer.${Date.now()}@example.org`;

  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Know your");
  await page.getByRole("link", { name: "Sign In" }).first().click();
  await expect(page).toHaveURL(/\/login$/);

  await page.getByLabel("Email address").fill(email);
  await page.getByRole("button", { name: /sign-in link/i }).click();
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();

  // The link comes from the real SMTP sink, not from the page. Opening it only shows whom it signs in.
  const link = new URL(await waitForSignInLink(email));
  await page.goto(link.pathname + link.search);
  await expect(page.getByRole("heading", { name: "Sign in to KnowBefore" })).toBeVisible();
  await expect(page.getByText(`You're signing in as ${email}.`)).toBeVisible();
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByRole("heading", { name: /Welcome/ })).toBeVisible({ timeout: 15_000 });
  await expect(page).not.toHaveURL(/token=/);

  // Six skeletons, then a grid of cards. The seed has more than 1,000 salespeople: the total is bounded.
  await expect(page.getByText("Showing 1–24 of 1,000+ salespeople")).toBeVisible();

  await page.getByLabel("City").selectOption({ label: "Austin, TX" });
  await page.getByLabel("Rating").selectOption("4");
  await expect(page).toHaveURL(/city=Austin/);
  await expect(page).toHaveURL(/rating=4/);
  const cards = page.getByRole("article");
  // The grid shows the previous filter's cards until the new answer arrives: wait until every card is Austin's.
  await expect
    .poll(async () => {
      const texts = await cards.allTextContents();
      return texts.length > 0 && texts.every((text) => text.includes("Austin, TX"));
    })
    .toBe(true);

  const firstName = (await cards.first().getByRole("heading").first().textContent())?.trim() ?? "";
  await cards.first().getByRole("link", { name: firstName }).click();
  await expect(page).toHaveURL(/\/salesperson\/\d+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(firstName);
  await expect(page.getByRole("heading", { name: "Reviews" })).toBeVisible();
});

test("[public] a missing salesperson shows 'Salesperson Not Found' and an unknown route the 404 page", async ({
  page,
}) => {
  await page.goto("/salespeople/99999999");
  await expect(page.getByText("Salesperson Not Found")).toBeVisible();
  await page.goto("/no-such-page");
  await expect(page.getByText("404 Page Not Found")).toBeVisible();
  await expect(page.getByText("Did you forget to add the page to the router?")).toBeVisible();
});
