// Shared pieces of the public-site browser tests: signed-in states, console watching, axe, route list.
import AxeBuilder from "@axe-core/playwright";
import { type Browser, type BrowserContext, expect, type Page } from "@playwright/test";
import { signInWithSession } from "../support/session";

export type RouteState = "signed out" | "customer" | "salesperson";
export const STATES: RouteState[] = ["signed out", "customer", "salesperson"];

/** Demo accounts of the seed (src/server/db/seed.ts). */
export const CUSTOMER_EMAIL = "alex.morgan@example.com";
export const SALESPERSON_EMAIL = "sam.rivera@example.com";

/**
 * A browser context in the given state. Signed-in states start with a session made for the seed's demo
 * account (e2e/support/session.ts); signing in by the mailed link is what the customer and salesperson
 * journeys test.
 */
export async function contextFor(
  browser: Browser,
  state: RouteState,
  baseURL: string,
): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL });
  if (state === "customer") await signInWithSession(context, CUSTOMER_EMAIL, "customer", baseURL);
  if (state === "salesperson") await signInWithSession(context, SALESPERSON_EMAIL, "salesperson", baseURL);
  return context;
}

/** Requests the browser could not make because this machine has no internet (map tiles). */
function isOfflineNoise(text: string, url: string): boolean {
  return (
    /tile\.openstreetmap\.org/.test(url) ||
    (/ERR_NAME_NOT_RESOLVED|ERR_INTERNET_DISCONNECTED/.test(text) && !url.includes("localhost"))
  );
}

/** Collects console errors and uncaught exceptions of a page (offline map tiles excepted). */
export function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() !== "error") return;
    if (isOfflineNoise(message.text(), message.location().url)) return;
    problems.push(`console: ${message.text()} (${message.location().url})`);
  });
  page.on("pageerror", (error) => problems.push(`exception: ${error.message}`));
  return problems;
}

export type AxeFinding = { rule: string; line: string };

/** Serious and critical axe violations (WCAG 2.1 A and AA rules). */
export async function seriousAxeFindings(page: Page): Promise<AxeFinding[]> {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .exclude(".leaflet-tile-pane")
    .analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({
      rule: v.id,
      line: `${v.impact} ${v.id}: ${v.help} -> ${v.nodes
        .slice(0, 3)
        .map((n) => `${n.target.join(" ")} ${n.html.slice(0, 80)}`)
        .join(" | ")}`,
    }));
}

/** The same, one line each: what a test asserts is empty. */
export async function seriousAxeViolations(page: Page): Promise<string[]> {
  return (await seriousAxeFindings(page)).map((f) => f.line);
}

/** Waits until a page has settled: network quiet and something rendered in <main> or a heading. */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState("networkidle");
  await expect(page.locator("h1, h2").first()).toBeVisible({ timeout: 15_000 });
  // Let effects (document title, meta description) and fades run.
  await page.waitForTimeout(250);
}

/** Every path SPEC.md section 2 names (aliases included), with a sample id where the path takes one. */
export const SPEC_ROUTES = [
  "/",
  "/features",
  "/how-it-works",
  "/pricing",
  "/about",
  "/contact",
  "/marketing",
  "/deployment-guide",
  "/security-compliance",
  "/privacy-policy",
  "/terms-of-service",
  "/faq/customer",
  "/faq/salesperson",
  "/faq/dealership",
  "/appointments",
  "/login",
  "/profile",
  "/salespeople/1",
  "/salesperson/1",
  "/salesperson-login",
  "/salesperson/login",
  "/salesperson-dashboard",
  "/salesperson/dashboard",
  "/salesperson/profile",
  "/manager-dashboard",
  "/manager/dashboard",
  "/dealer-subscription",
  "/subscribe?plan=salesperson-professional",
  "/subscription-success",
  "/admin/login",
  "/admin-login",
  "/admin/dashboard",
  "/admin-dashboard",
  "/crm",
  "/business-intelligence",
  "/admin-business-intelligence",
  "/compliance",
  "/security",
  "/no-such-page",
] as const;

/** The public site this suite's issue builds; the rest of SPEC_ROUTES belong to other areas. */
export const PUBLIC_ROUTES = [
  "/",
  "/features",
  "/how-it-works",
  "/pricing",
  "/about",
  "/contact",
  "/marketing",
  "/deployment-guide",
  "/security-compliance",
  "/privacy-policy",
  "/terms-of-service",
  "/faq/customer",
  "/faq/salesperson",
  "/faq/dealership",
  "/no-such-page",
] as const;
