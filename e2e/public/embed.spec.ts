import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, type Response, test } from "@playwright/test";
import { DEMO_ACCOUNTS } from "../../src/server/seed/demo";
import { iframeSnippet, scriptSnippet } from "../../src/shared/embed";
import { e2eDatabase } from "../support/database";
import { FIRST_RENDER_TIMEOUT, signInWithSession } from "../support/session";
import { seriousAxeViolations } from "./support";

/** A webmaster's own site: one page, on another origin than the app, holding whatever snippet was pasted. */
async function otherSite(html: string): Promise<{ url: string; server: Server }> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, server };
}

/** A dealership with published reviews from the demo data, and one of its listed salespeople with reviews. */
async function reviewedTargets(): Promise<{ slug: string; salespersonId: number }> {
  const db = e2eDatabase();
  try {
    const [row] = await db<{ slug: string; salespersonId: number }[]>`
      select d.slug, s.id as "salespersonId"
        from salespeople s join dealerships d on d.id = s.dealership_id
       where s.verified_at is not null and s.total_reviews > 0 and s.average_rating > 0
       order by s.total_reviews desc, s.id
       limit 1`;
    if (!row) throw new Error("the demo data has no reviewed salesperson at a dealership");
    return row;
  } finally {
    await db.end();
  }
}

test("[public] journey: a dealership's own website shows its KnowBefore rating from a pasted snippet, and no cookie is set", async ({
  page,
  request,
  baseURL,
}) => {
  const origin = baseURL!;
  const { slug, salespersonId } = await reviewedTargets();
  const dealership = await (await request.get(`/api/site/dealerships/${slug}`)).json();
  const person = await (await request.get(`/api/salespeople/${salespersonId}/ratings`)).json();
  expect(dealership.rating.reviewCount).toBeGreaterThan(0);

  // Both ways the dashboards hand the snippet out: the script tag (dealership widget) and the frame (a badge).
  const site =
    await otherSite(`<!doctype html><html lang="en"><head><title>Lakeside Motors</title></head><body>
<h1>Lakeside Motors</h1>
<p>What our buyers say:</p>
${scriptSnippet(origin, { dealership: slug }, "widget")}
${iframeSnippet(origin, { salesperson: salespersonId }, "badge")}
</body></html>`);
  try {
    const embedAnswers: Response[] = [];
    page.on("response", (res) => {
      if (new URL(res.url()).pathname.startsWith("/embed")) embedAnswers.push(res);
    });
    await page.goto(site.url);
    expect(new URL(page.url()).origin).not.toBe(new URL(origin).origin);

    // The script put the widget's frame right after its tag; the frame shows the dealership page's own figures.
    const widget = page.frameLocator('iframe[title="Reviews on KnowBefore"]');
    await expect(widget.locator(".score")).toHaveAttribute(
      "data-rating",
      dealership.rating.average.toFixed(1),
    );
    await expect(widget.locator(".score")).toContainText(`${dealership.rating.reviewCount}`);
    await expect(widget.getByText("Verified reviews on KnowBefore")).toBeVisible();
    await expect(widget.locator("li").first()).toBeVisible();
    await expect(widget.getByRole("link", { name: /Read all reviews on KnowBefore/ })).toHaveAttribute(
      "href",
      `${origin}/dealerships/${slug}`,
    );
    // Once, however the page runs the loader.
    await expect(page.locator('iframe[title="Reviews on KnowBefore"]')).toHaveCount(1);

    // The pasted frame: the salesperson's badge with their profile's rating.
    const badge = page.frameLocator('iframe[title="Rating on KnowBefore"]');
    await expect(badge.locator(".score")).toHaveAttribute("data-rating", person.averageRating.toFixed(1));
    await expect(badge.getByRole("link")).toHaveAttribute("href", `${origin}/salesperson/${salespersonId}`);

    // Nothing the embeds answered set a cookie, and the browser holds none of the app's.
    const paths = embedAnswers.map((res) => new URL(res.url()).pathname).sort();
    expect(paths).toEqual(
      ["/embed.js", `/embed/dealerships/${slug}/widget`, `/embed/salespeople/${salespersonId}/badge`].sort(),
    );
    for (const res of embedAnswers) {
      expect(res.status(), res.url()).toBe(200);
      expect(await res.headerValue("set-cookie"), res.url()).toBeNull();
    }
    expect(await page.context().cookies(origin)).toEqual([]);
  } finally {
    site.server.close();
  }
});

test("[manager] journey: on a phone, copy the website badge snippet and see its live preview", async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    reducedMotion: "reduce",
  });
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const page = await context.newPage();
  try {
    await signInWithSession(page, DEMO_ACCOUNTS.manager, "manager", baseURL);
    await page.goto("/manager-dashboard?tab=location");
    const section = page.getByRole("region", { name: "Website badge" });
    await expect(section).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });

    await section.getByLabel("Show").selectOption("widget");
    await section.getByLabel("Paste as").selectOption("script");
    const snippet = section.getByLabel("Snippet");
    await expect(snippet).toHaveValue(
      new RegExp(
        `^<script async src="${baseURL}/embed\\.js" data-knowbefore="widget" data-dealership="[a-z0-9-]+"></script>$`,
      ),
    );
    await section.getByRole("button", { name: "Copy snippet" }).click();
    await expect(section.getByRole("button", { name: "Snippet copied" })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await snippet.inputValue());

    // The preview is the widget itself, from the real rows.
    const preview = page.frameLocator('[data-testid="badge-preview"]');
    await expect(preview.getByText("Verified reviews on KnowBefore")).toBeVisible();
    await expect(preview.getByRole("link", { name: /Read all reviews on KnowBefore/ })).toBeVisible();

    // The share link and its QR code, drawn by the server.
    const share = page.getByRole("region", { name: "Share link and QR code" });
    await expect(share.getByLabel("Your public page")).toHaveValue(
      new RegExp(`^${baseURL}/dealerships/[a-z0-9-]+$`),
    );
    await expect
      .poll(() => share.getByTestId("share-qr").evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);

    // Nothing runs past a phone's width, and axe finds nothing serious.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousAxeViolations(page)).toEqual([]);
  } finally {
    await context.close();
  }
});

test("[salesperson] journey: share the public profile: its link, its QR code and a page to print", async ({
  page,
  baseURL,
}) => {
  await signInWithSession(page, DEMO_ACCOUNTS.salesperson, "salesperson");
  await page.goto("/salesperson-dashboard?tab=profile");
  const share = page.getByRole("region", { name: "Share link and QR code" });
  await expect(share).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });
  const link = await share.getByLabel("Your public page").inputValue();
  expect(link).toMatch(new RegExp(`^${baseURL}/salesperson/\\d+$`));
  await expect
    .poll(() => share.getByTestId("share-qr").evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  await expect(share.getByRole("link", { name: "Download PNG" })).toHaveAttribute(
    "href",
    `/share/salespeople/${link.split("/").pop()}/qr.png`,
  );

  // The badge's preview is the profile's own.
  const preview = page.frameLocator('[data-testid="badge-preview"]');
  await expect(preview.getByRole("link")).toHaveAttribute("href", link);

  const [printable] = await Promise.all([
    page.context().waitForEvent("page"),
    share.getByRole("link", { name: "Printable page" }).click(),
  ]);
  await expect(printable.getByRole("img", { name: `QR code of ${link}` })).toBeVisible();
  await expect(printable.getByRole("button", { name: "Print" })).toBeVisible();
  await printable.close();
});
