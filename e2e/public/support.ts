// Shared pieces of the public-site browser tests: signed-in states, console watching, axe, route list.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import AxeBuilder from "@axe-core/playwright";
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  expect,
  type Page,
  type Request,
  test,
} from "@playwright/test";
import type { AxeResults, RunOptions } from "axe-core";
import { signInWithSession } from "../support/session";

export type RouteState = "signed out" | "customer" | "salesperson";
export const STATES: RouteState[] = ["signed out", "customer", "salesperson"];

/** Demo accounts of the seed (src/server/seed/demo.ts). */
export const CUSTOMER_EMAIL = "alex.morgan@example.com";
export const SALESPERSON_EMAIL = "sam.rivera@example.com";

/** How a context looks at the site beyond its route state: the default desktop, the dark theme, or a phone. */
export type ContextLook = "desktop" | "dark" | "phone";

const LOOKS: Record<ContextLook, BrowserContextOptions> = {
  desktop: {},
  dark: {},
  phone: { viewport: { width: 390, height: 844 } },
};

/**
 * A browser context in the given state. Signed-in states start with a session made for the seed's demo
 * account (e2e/support/session.ts); signing in by the mailed link is what the customer and salesperson
 * journeys test.
 */
export async function contextFor(
  browser: Browser,
  state: RouteState,
  baseURL: string,
  look: ContextLook = "desktop",
): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, reducedMotion: "reduce", ...LOOKS[look] });
  // The theme a visitor chose is kept in localStorage; a dark context has chosen it before its first page.
  if (look === "dark") await context.addInitScript(() => localStorage.setItem("theme", "dark"));
  context.on("page", trackRequests);
  if (state === "customer") await signInWithSession(context, CUSTOMER_EMAIL, "customer", baseURL);
  if (state === "salesperson") await signInWithSession(context, SALESPERSON_EMAIL, "salesperson", baseURL);
  return context;
}

/**
 * Tests that only look (the route sweep, the named buttons, axe in the dark theme and on phones): one context
 * per route state and look per worker, each test in a page of its own. Pages of one context share its HTTP and
 * compiled-script caches, so a test pays for the page it checks, not for a cold browser profile and a new
 * session. A test that changes what a context remembers (storage, cookies, a session) opens its own instead.
 */
export const lookingTest = test.extend<
  object,
  { contextIn: (state: RouteState, look?: ContextLook) => Promise<BrowserContext> }
>({
  contextIn: [
    async ({ browser }, use, workerInfo) => {
      const baseURL = workerInfo.project.use.baseURL!;
      const contexts = new Map<string, Promise<BrowserContext>>();
      await use((state, look = "desktop") => {
        const key = `${state}/${look}`;
        let context = contexts.get(key);
        if (!context) {
          context = contextFor(browser, state, baseURL, look);
          contexts.set(key, context);
        }
        return context;
      });
      for (const context of contexts.values()) await (await context).close();
    },
    { scope: "worker" },
  ],
});

/**
 * The worker's tab for the state and look, reused from test to test: each test opens its route with a full
 * page load (page.goto) in it. A tab of its own per test cost three times the CPU (measured: 8.9 against 2.9
 * CPU-seconds per route), mostly for a new renderer process and for compiling the app's scripts again, on a
 * machine whose two cores the whole browser run shares. What a test watches (console, errors) it watches from
 * its own start; listeners end with the test.
 */
export const lookingPage = lookingTest.extend<
  { pageIn: (state: RouteState, look?: ContextLook) => Promise<Page> },
  { tabs: Map<string, Page> }
>({
  tabs: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixture's dependencies from it
    async ({}, use) => {
      await use(new Map());
    },
    { scope: "worker" },
  ],
  pageIn: async ({ contextIn, tabs }, use) => {
    const used = new Set<Page>();
    await use(async (state, look = "desktop") => {
      const key = `${state}/${look}`;
      let page = tabs.get(key);
      if (!page || page.isClosed()) {
        page = await (await contextIn(state, look)).newPage();
        tabs.set(key, page);
      }
      used.add(page);
      return page;
    });
    for (const page of used) {
      page.removeAllListeners("console");
      page.removeAllListeners("pageerror");
      page.removeAllListeners("dialog");
    }
  },
});

/**
 * How a sweep opens a route: by a full page load, as a visitor arrives from a link, or through the app's own
 * router in a tab that already runs the app, as a person moves from page to page. Booting the app took 1.1 of
 * the 1.3 CPU-seconds a full load of a route cost the browser (measured over the 39 routes: 52 CPU-seconds by
 * full loads, 8 in the app), so the signed-out sweep opens every route by a full load and the other states and
 * looks move through the app, which renders the same route components with the same loaders.
 */
export type Arrival = "load" | "in-app";

/** The arrival of a sweep in a route state: full loads signed out, the app's router once signed in. */
export const arrivalIn = (state: RouteState): Arrival => (state === "signed out" ? "load" : "in-app");

type RunningRouter = {
  navigate(options: { href: string }): Promise<void>;
  subscribe(event: "onRendered", listener: () => void): () => void;
};

/** Opens `path` in the tab as `arrival` says; a tab that does not run the app yet, or shows `path`, loads it. */
export async function visit(page: Page, path: string, arrival: Arrival): Promise<void> {
  const current = page.url().startsWith("http") ? new URL(page.url()) : null;
  if (arrival === "load" || !current || current.pathname + current.search === path) {
    await page.goto(path);
    return;
  }
  await page.evaluate(async (href) => {
    // The router registers itself on the window for its developer tools, in every build.
    const router = (self as unknown as { __TSR_ROUTER__?: RunningRouter }).__TSR_ROUTER__;
    if (!router) throw new Error("the app's router is not running in this tab");
    // The router renders a navigation as a React transition, which keeps the old page on screen until the new
    // one can show: onRendered says the new route is on screen (its own placeholders, at least).
    const rendered = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the app did not render ${href}`)), 30_000);
      const stop = router.subscribe("onRendered", () => {
        clearTimeout(timer);
        stop();
        resolve();
      });
    });
    await router.navigate({ href });
    await rendered;
  }, path);
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
  // A page watched from its start can also be watched for requests: settle then waits for exactly those.
  trackRequests(page);
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

/** The rules every axe check runs: WCAG 2.0 and 2.1, levels A and AA. */
const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/**
 * axe-core's minified build, the same version and rules as the full build AxeBuilder injects by default: the
 * page parses half as much script for every check.
 */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** Where a check looks: the whole page but the map tiles (offline here, and not the app's markup). */
const AXE_CONTEXT = { include: [], exclude: [".leaflet-tile-pane"] };
/** Only violations are read: axe skips gathering the passing and inapplicable nodes, most of a run's work. */
const AXE_OPTIONS: RunOptions = { runOnly: { type: "tag", values: AXE_TAGS }, resultTypes: ["violations"] };

/** Whether every frame of the page shares its origin, so axe.run in the page reaches them all. */
function onlySameOriginFrames(page: Page): boolean {
  const origin = new URL(page.url()).origin;
  return page
    .frames()
    .every((frame) => frame.url() === "about:blank" || new URL(frame.url()).origin === origin);
}

/**
 * One axe run over the page and its frames. AxeBuilder's default run parses axe in the page, then opens a blank
 * page (a new tab) to merge the frames' results and parses axe there again: more than half the cost of a
 * check. Where every frame shares the page's origin, axe.run in the page itself reaches them all (axe's own
 * frame messaging), with the same rules, context and options; a page with a cross-origin frame keeps
 * AxeBuilder's run, which reaches those too.
 */
async function runAxe(page: Page): Promise<AxeResults> {
  // A colour caught mid-transition is not the page's colour: check the settled page.
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => {}))));
  if (!onlySameOriginFrames(page)) {
    return new AxeBuilder({ page, axeSource: AXE_SOURCE })
      .options({ resultTypes: AXE_OPTIONS.resultTypes })
      .withTags(AXE_TAGS)
      .exclude(AXE_CONTEXT.exclude)
      .analyze();
  }
  // A document that moved through the app since its last check still holds axe: it is parsed once per
  // document, not once per check (more than half a megabyte of script).
  const setup = `if (typeof axe === "undefined") { ${AXE_SOURCE};axe.configure({ allowedOrigins: ["<same_origin>"], branding: { application: "playwright" } }); }`;
  await page.mainFrame().evaluate(setup);
  // A frame that goes away meanwhile has nothing left to check (AxeBuilder skips it the same way).
  for (const frame of page.frames().slice(1)) await frame.evaluate(setup).catch(() => {});
  return page.evaluate(
    ([context, options]) =>
      (window as unknown as { axe: { run: (c: unknown, o: unknown) => Promise<AxeResults> } }).axe.run(
        context,
        options,
      ),
    [AXE_CONTEXT, AXE_OPTIONS] as const,
  );
}

/** Serious and critical axe violations (WCAG 2.1 A and AA rules). */
export async function seriousAxeFindings(page: Page): Promise<AxeFinding[]> {
  const results = await runAxe(page);
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

type RequestLog = { open: Set<Request>; quietSince: number };
const requestLogs = new WeakMap<Page, RequestLog>();

/**
 * Follows the page's requests from now on, so settle can wait for its network to go quiet instead of
 * Playwright's networkidle (a fixed 500 ms of silence after the last request).
 */
export function trackRequests(page: Page): void {
  if (requestLogs.has(page)) return;
  const log: RequestLog = { open: new Set(), quietSince: Date.now() };
  requestLogs.set(page, log);
  const done = (request: Request) => {
    log.open.delete(request);
    if (log.open.size === 0) log.quietSince = Date.now();
  };
  // A signed-in page's live stream (an EventSource) stays open by design: it is not a request still loading.
  page.on("request", (request) => {
    if (request.resourceType() !== "eventsource") log.open.add(request);
  });
  page.on("requestfinished", done);
  page.on("requestfailed", done);
}

/**
 * Silence that counts as quiet: longer than the gap between one answer and the request its render starts
 * (a lazy chunk, the next query) on a busy machine.
 */
const QUIET_MS = 200;

/** Resolves once no request of the page has been open for QUIET_MS. */
async function networkQuiet(page: Page, log: RequestLog): Promise<void> {
  await expect
    .poll(() => log.open.size === 0 && Date.now() - log.quietSince >= QUIET_MS, {
      message: `requests still open on ${page.url()}`,
      intervals: [50],
      timeout: 15_000,
    })
    .toBe(true);
}

/**
 * Waits until a page has settled: something rendered in a heading, no request open (the page's own queries
 * and lazy chunks, and with them any console error they cause) and no transition or fade still running.
 * Loading states are not a signal: some stay aria-busy for good (the customer's browse cards, signed in).
 */
export async function settle(page: Page): Promise<void> {
  await expect(page.locator("h1, h2").first()).toBeVisible({ timeout: 15_000 });
  const log = requestLogs.get(page);
  // A page nobody tracked from its start may have requests open that its listeners never saw.
  if (log) await networkQuiet(page, log);
  else await page.waitForLoadState("networkidle");
  // Effects (document title, meta description) ran with the render; finite animations (fades, slides) end
  // within a second, endless ones (spinners, skeleton pulses) are left running.
  await page.evaluate(async () => {
    const finishing = document
      .getAnimations()
      .filter((a) => a.playState === "running" && Number.isFinite(a.effect?.getComputedTiming().endTime))
      .map((a) => a.finished.catch(() => {}));
    await Promise.race([Promise.all(finishing), new Promise((r) => setTimeout(r, 1_000))]);
  });
  if (log) await networkQuiet(page, log);
}

/** Every path of docs/product/routes.md (aliases included), with a sample id where the path takes one. */
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
  "/dealerships/new-york-toyota-new-york",
  "/salesperson-login",
  "/salesperson/login",
  "/salesperson-dashboard",
  "/salesperson/dashboard",
  "/salesperson/profile",
  "/manager-dashboard",
  "/manager/dashboard",
  "/bookings",
  "/group",
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
