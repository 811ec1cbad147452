// [public] Each button and link of docs/product/routes.md#buttons-and-links goes where it says, in each route state.
import { expect, type Locator, type Page } from "@playwright/test";
import { annualSavingsCents, cardPrice, formatCents, PLANS } from "../../src/shared/plans";
import { arrivalIn, type RouteState, STATES, settle, lookingPage as test, visit } from "./support";

const exact = { exact: true };

async function expectTarget(link: Locator, path: string) {
  await expect(link).toBeVisible();
  await expect(link).toHaveAttribute("href", path);
}

/** Header of the public pages: marketing navigation and, signed out, Sign In / Get Started. */
async function checkHeader(page: Page, state: RouteState) {
  const header = page.getByRole("banner");
  await expectTarget(header.getByRole("link", { name: "KnowBefore home" }), "/");
  for (const [label, path] of [
    ["Features", "/features"],
    ["How It Works", "/how-it-works"],
    ["Pricing", "/pricing"],
    ["About", "/about"],
    ["Contact", "/contact"],
  ] as const) {
    await expectTarget(
      header.getByRole("navigation", { name: "Main" }).getByRole("link", { name: label, ...exact }),
      path,
    );
  }
  if (state === "signed out") {
    await expectTarget(header.getByRole("link", { name: "Sign In", ...exact }), "/login");
    await expectTarget(header.getByRole("link", { name: "Get Started", ...exact }), "/login");
  } else {
    await expectTarget(
      header.getByRole("link", { name: "Go to dashboard" }),
      state === "customer" ? "/" : "/salesperson-dashboard",
    );
    // Signing out is a form that POSTs (never a link another page could open).
    await expect(header.getByRole("button", { name: "Sign out" })).toBeVisible();
  }
}

/** Footer links of docs/product/routes.md#buttons-and-links, plus the small Admin button that leads to /login. */
async function checkFooter(page: Page) {
  const footer = page.getByRole("contentinfo");
  await expectTarget(footer.getByRole("link", { name: "Contact", ...exact }), "/contact");
  await expectTarget(footer.getByRole("link", { name: "Deployment guide" }), "/deployment-guide");
  await expectTarget(footer.getByRole("link", { name: "Security & compliance" }), "/security-compliance");
  await expectTarget(footer.getByRole("link", { name: "My appointments" }), "/appointments");
  await expectTarget(footer.getByRole("link", { name: "Admin", ...exact }), "/login");
}

for (const state of STATES) {
  test.describe(`[public] named buttons, ${state}`, () => {
    test("landing page", async ({ pageIn }) => {
      test.skip(
        state === "customer",
        "a signed-in customer's / is the dashboard (covered by the customer suite)",
      );
      const page = await pageIn(state);
      await visit(page, "/", arrivalIn(state));
      await settle(page);
      await checkHeader(page, state);
      const main = page.getByRole("main");
      if (state === "signed out") {
        await expectTarget(main.getByRole("link", { name: "Browse Salespeople" }), "/login");
        await expectTarget(main.getByRole("link", { name: "Start as Customer" }).first(), "/login");
        await expectTarget(main.getByRole("link", { name: "Join as Professional" }), "/salesperson-login");
      } else {
        await expectTarget(main.getByRole("link", { name: "Go to dashboard" }), "/salesperson-dashboard");
      }
      await expectTarget(main.getByRole("link", { name: "Join as Salesperson" }), "/salesperson-login");
      await expectTarget(main.getByRole("link", { name: "Start as Customer" }).last(), "/login");
      await expect(main.getByRole("heading", { name: "Platform Administration" })).toBeVisible();
      await expectTarget(main.getByRole("link", { name: "Administrator Login" }), "/admin/login");
      for (const section of [
        "Buying a car runs on trust. Today, that trust is a guess.",
        "What buyers wrote after their visit",
        "Three steps to a better car purchase",
      ]) {
        await expect(main.getByRole("heading", { name: section })).toBeVisible();
      }
      for (const step of ["Browse and Research", "Connect and Purchase", "Rate and Review"]) {
        await expect(main.getByRole("heading", { name: step })).toBeVisible();
      }
      await expect(main.locator("figure")).toHaveCount(3);
      await checkFooter(page);

      await main.getByRole("link", { name: "Administrator Login" }).click();
      await expect(page).toHaveURL(/\/admin\/login$/);
    });

    test("/features", async ({ pageIn }) => {
      const page = await pageIn(state);
      await visit(page, "/features", arrivalIn(state));
      await settle(page);
      await checkHeader(page, state);
      const main = page.getByRole("main");
      await expectTarget(main.getByRole("link", { name: "Explore Platform" }), "/login");
      await expectTarget(main.getByRole("link", { name: "Start Free Trial" }), "/login");
      await expectTarget(main.getByRole("link", { name: "Schedule Demo" }), "/contact");
      for (const section of [
        "For customers",
        "For sales professionals",
        "For dealerships",
        "Why Choose KnowBefore",
      ]) {
        await expect(main.getByRole("heading", { name: section })).toBeVisible();
      }
      for (const reason of [
        "Mobile optimized",
        "Enterprise security",
        "Support that answers",
        "Continuous innovation",
      ]) {
        await expect(main.getByRole("heading", { name: reason })).toBeVisible();
      }
      await main.getByRole("link", { name: "Schedule Demo" }).click();
      await expect(page).toHaveURL(/\/contact$/);
    });

    test("/how-it-works", async ({ pageIn }) => {
      const page = await pageIn(state);
      await visit(page, "/how-it-works", arrivalIn(state));
      await settle(page);
      const main = page.getByRole("main");
      await expectTarget(main.getByRole("link", { name: "Get Started" }), "/login");
      await expectTarget(main.getByRole("link", { name: "See all features" }), "/features");
      await expect(main.getByRole("heading", { name: "For car buyers" })).toBeVisible();
      await expect(main.getByRole("list").first().getByRole("listitem")).toHaveCount(4);
      await expect(main.getByRole("list").nth(1).getByRole("listitem")).toHaveCount(3);
      await expect(main.getByRole("heading", { name: "Trust and security" })).toBeVisible();
      await main.getByRole("link", { name: "See all features" }).click();
      await expect(page).toHaveURL(/\/features$/);
    });

    test("/pricing", async ({ pageIn }) => {
      const page = await pageIn(state);
      await visit(page, "/pricing", arrivalIn(state));
      await settle(page);
      const main = page.getByRole("main");
      await expectTarget(main.getByRole("link", { name: "Get Started Free" }), "/login");
      // docs/product/routes.md#buttons-and-links: Professional's 'Start Free Trial' goes to /salesperson/login (not /salesperson-login).
      await expectTarget(main.getByRole("link", { name: "Start Free Trial" }), "/salesperson/login");
      await expectTarget(main.getByRole("link", { name: "Contact Sales" }).first(), "/contact");
      await expect(main.getByRole("heading", { name: "Enterprise and dealer groups" })).toBeVisible();
      await expect(main.getByRole("heading", { name: "Frequently asked questions" })).toBeVisible();
      // The cards' prices are the plan declaration's (every figure: e2e/claims/prices.spec.ts).
      const cards = [PLANS["salesperson-professional"], PLANS["dealer-basic"]];
      for (const plan of cards) await expect(main.getByText(cardPrice(plan).price, exact)).toBeVisible();
      await main.getByRole("button", { name: "Annual", exact: true }).click();
      for (const plan of cards) {
        await expect(main.getByText(cardPrice(plan, "year").price, exact)).toBeVisible();
        await expect(
          main.getByText(`Save ${formatCents(annualSavingsCents(plan))} a year: two months free`),
        ).toBeVisible();
      }
      if (state !== "salesperson") {
        // A signed-in salesperson is sent on to their dashboard by the portal.
        await main.getByRole("link", { name: "Start Free Trial" }).click();
        await expect(page).toHaveURL(/\/salesperson\/login$/);
      }
    });

    test("/contact", async ({ pageIn }) => {
      const page = await pageIn(state);
      await visit(page, "/contact", arrivalIn(state));
      await settle(page);
      await checkHeader(page, state);
      const main = page.getByRole("main");
      await expect(main.getByRole("heading", { name: "Contact information" })).toBeVisible();
      await expect(main.getByRole("heading", { name: "How We Can Help" })).toBeVisible();
      for (const area of ["General Support", "Enterprise Sales", "Partnerships", "Security"]) {
        await expect(main.getByRole("heading", { name: area, ...exact })).toBeVisible();
      }
      await expect(main.getByRole("heading", { name: "Quick answers" })).toBeVisible();
      await expect(main.getByRole("heading", { level: 3 }).filter({ hasText: "?" })).toHaveCount(4);
      await expectTarget(main.getByRole("link", { name: "Start Free Trial" }), "/login");
      await expectTarget(main.getByRole("link", { name: "View Pricing" }), "/pricing");
      await checkFooter(page);
    });

    test("documents, /about, /marketing and the guides", async ({ pageIn }) => {
      const page = await pageIn(state);
      for (const [path, title] of [
        ["/about", "About Us"],
        ["/privacy-policy", "Privacy Policy"],
        ["/terms-of-service", "Terms of Service"],
        ["/faq/customer", "Customer FAQ"],
        ["/faq/salesperson", "Salesperson FAQ"],
        ["/faq/dealership", "Dealership FAQ"],
        ["/marketing", "Show buyers your team is worth the visit"],
        ["/deployment-guide", "Deployment Guide"],
        ["/security-compliance", "Security & Compliance"],
      ] as const) {
        await visit(page, path, arrivalIn(state));
        await settle(page);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
      }
      await visit(page, "/faq/salesperson", arrivalIn(state));
      await expectTarget(
        page.getByRole("main").getByRole("link", { name: "Join as Salesperson" }),
        "/salesperson-login",
      );
    });

    test("unknown routes show the 404 page", async ({ pageIn }) => {
      const page = await pageIn(state);
      await visit(page, "/definitely/not/here", arrivalIn(state));
      await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
      await expect(page.getByText("Did you forget to add the page to the router?")).toBeVisible();
    });
  });
}
