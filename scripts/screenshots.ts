// Takes screenshots of the main screens at desktop and mobile widths, for a person to look at.
// Usage: start the app (npm start), then: npx tsx scripts/screenshots.ts [baseUrl] [outDir]
import { mkdirSync } from "node:fs";
import { chromium, type Page } from "@playwright/test";

const base = process.argv[2] ?? "http://localhost:3000";
const out = process.argv[3] ?? "screenshots";
mkdirSync(out, { recursive: true });

const browser = await chromium.launch({
  executablePath: process.env.PLAYWRIGHT_CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
});

async function signIn(page: Page, email: string) {
  const res = await page.request.post(`${base}/api/auth/request-login`, {
    data: { email },
    headers: { origin: base },
  });
  const { magicLink } = (await res.json()) as { magicLink?: string };
  if (!magicLink)
    throw new Error("no development magicLink: run the app outside production to take signed-in shots");
  const redeemed = page.waitForResponse((r) => r.url().includes("auth.redeemLink"));
  await page.goto(magicLink.replace(/^https?:\/\/[^/]+/, base));
  if (!(await redeemed).ok()) throw new Error("sign-in link was refused");
  await page.waitForLoadState("networkidle");
}

const shots: { name: string; path: string; customer?: boolean; full?: boolean }[] = [
  { name: "landing", path: "/", full: true },
  { name: "login", path: "/login" },
  { name: "profile-page", path: "/salesperson/1", full: true },
  { name: "not-found", path: "/no-such-page" },
  { name: "salesperson-portal", path: "/salesperson-login" },
  { name: "browse", path: "/", customer: true, full: true },
  { name: "browse-filtered", path: "/?city=Austin&rating=4", customer: true },
  { name: "customer-profile", path: "/profile", customer: true },
  { name: "appointments", path: "/appointments", customer: true, full: true },
  // The public site (issue 6). SHOTS=public limits a run to these.
  ...[
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
  ].map((path) => ({ name: `public${path.replaceAll("/", "-")}`, path, full: true })),
  { name: "dealerships-near-you", path: "/?tab=nearby", customer: true, full: true },
];

for (const [label, viewport] of [
  ["desktop", { width: 1280, height: 900 }],
  ["mobile", { width: 390, height: 844 }],
] as const) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  let signedIn = false;
  const only =
    process.env.SHOTS === "public" ? /^(public-|landing|dealerships-|profile-page|not-found)/ : /./;
  for (const shot of shots.filter((s) => only.test(s.name))) {
    if (shot.customer && !signedIn) {
      await signIn(page, "alex.morgan@example.com");
      signedIn = true;
    }
    await page.goto(`${base}${shot.path}`);
    await page.waitForLoadState("networkidle");
    await page.waitForTimeout(400);
    await page.screenshot({ path: `${out}/${shot.name}-${label}.png`, fullPage: shot.full ?? false });
    console.log(`${out}/${shot.name}-${label}.png`);
  }
  await context.close();
}
await browser.close();
