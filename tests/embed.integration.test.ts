// Rating badges, the reviews widget, embed.js and the share routes (docs/product/public-site.md#badges-and-the-reviews-widget):
// answered from the rows the public pages read (the same rating, count and published reviews), cacheable, with no
// cookie whether or not the visitor is signed in, nothing loaded from elsewhere, frameable by any site while every
// other page still refuses framing, the AggregateRating JSON-LD on the widget, and 404 (never 500) for what the
// public may not see.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import QRCode from "qrcode";
import { afterAll, describe, expect, it } from "vitest";
import { createApp } from "../src/server/app";
import { refreshAggregates } from "../src/server/domains/reviews/aggregates";
import { iframeSnippet, scriptSnippet } from "../src/shared/embed";
import { createHarness, ORIGIN } from "./support/harness";

const h = await createHarness({ RATE_LIMIT_DISABLED: "true" });

// The app as production serves it, with a built page (the harness's has none), so a client route is answered.
const clientDir = mkdtempSync(path.join(tmpdir(), "kb-client-"));
writeFileSync(
  path.join(clientDir, "index.html"),
  "<!doctype html><title>KnowBefore</title><div id=root></div>",
);
afterAll(() => rmSync(clientDir, { recursive: true, force: true }));
const site = createApp(h.deps, { clientDir });
async function get(pathname: string, headers: Record<string, string> = {}) {
  const res = await site.request(`${ORIGIN}${pathname}`, { headers });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

const admin = await h.signIn("embed.admin@example.org", "admin");
const asAdmin = h.caller({
  user: admin.user,
  session: { id: "s", userId: admin.userId, expiresAt: new Date(), authenticatedAt: new Date() },
});
const created = await asAdmin.admin.createDealership({
  name: "Lakeside <Auto> & Sons",
  address: "12 Shore Rd",
  zipCode: "78701",
  phoneNumber: null,
  website: null,
});
const [{ slug } = { slug: "" }] = await h.sql<{ slug: string }[]>`
  select slug from dealerships where id = ${created.id}`;

async function salesperson(name: string, listed: boolean) {
  const [row] = await h.sql<{ id: number }[]>`
    insert into salespeople (name, email, dealership_id, city, state, time_zone, verified_at, payment_model)
    values (${name}, ${`${name.toLowerCase().replace(/\W+/g, ".")}@embed.example.org`}, ${created.id}, 'Austin',
            'TX', 'America/Chicago', ${listed ? new Date() : null}, 'dealership')
    returning id`;
  return row!.id;
}
const rosa = await salesperson("Rosa Embed", true);
const teo = await salesperson("Teo Embed", true);
const unlisted = await salesperson("Ulla Embed", false);

const buyer = await h.signIn("embed.buyer@example.org");
await h.sql`update users set first_name = 'Pat', last_name = 'Quinn' where id = ${buyer.userId}`;
async function review(
  salespersonId: number,
  stars: number,
  comment: string,
  daysAgo: number,
  status: { moderation?: "held"; removed?: boolean } = {},
) {
  const [row] = await h.sql<{ id: number }[]>`
    insert into ratings (salesperson_id, user_id, overall_rating, helpfulness_rating, pressure_level_rating,
                         communication_rating, comment, created_at, moderation_status, removed_at)
    values (${salespersonId}, ${buyer.userId}, ${stars}, ${stars}, ${stars}, ${stars}, ${comment},
            now() - make_interval(days => ${daysAgo}), ${status.moderation ?? "published"},
            ${status.removed ? new Date() : null})
    returning id`;
  await refreshAggregates(h.sql, salespersonId);
  return row!.id;
}
await review(rosa, 5, "Rosa found the right car <b>without</b> pressure.", 5);
await review(rosa, 4, "Quick and honest.", 12);
await review(rosa, 2, "OLDEST REVIEW of Rosa", 40);
const replied = await review(teo, 3, "Fine, a bit slow on paperwork.", 2);
await h.sql`insert into rating_replies (rating_id, salesperson_id, body)
            values (${replied}, ${teo}, 'Thanks Pat, we sped our paperwork up since.')`;
await review(teo, 1, "HELD REVIEW: call me", 0, { moderation: "held" });
await review(rosa, 1, "REMOVED REVIEW about nothing", 0, { removed: true });
await review(unlisted, 2, "UNLISTED PERSON REVIEW", 0);

const EMBEDS = [
  `/embed/dealerships/${slug}/badge`,
  `/embed/dealerships/${slug}/widget`,
  `/embed/salespeople/${rosa}/badge`,
  `/embed/salespeople/${rosa}/widget`,
  "/embed.js",
];
const SHARES = [
  `/share/dealerships/${slug}/qr.svg`,
  `/share/dealerships/${slug}/qr.png`,
  `/share/dealerships/${slug}/print`,
  `/share/salespeople/${teo}/qr.svg`,
  `/share/salespeople/${teo}/print`,
];

/** The JSON-LD blocks of a page. */
function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as Record<string, unknown>,
  );
}

function directives(csp: string | null): Map<string, string[]> {
  return new Map(
    (csp ?? "")
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

describe("a dealership's badge and widget", () => {
  it("show the rating and count its page shows, and link back to the page", async () => {
    const pageAnswer = await h.request("GET", `/api/site/dealerships/${slug}`);
    expect(pageAnswer.status).toBe(200);
    const { average, reviewCount } = pageAnswer.json.rating as { average: number; reviewCount: number };
    // Rosa's three and Teo's one: held, removed and the unlisted salesperson's reviews count nowhere.
    expect(reviewCount).toBe(4);

    const badge = await get(`/embed/dealerships/${slug}/badge`);
    expect(badge.status).toBe(200);
    expect(badge.headers.get("content-type")).toMatch(/^text\/html/);
    expect(badge.text).toContain(`data-rating="${average.toFixed(1)}"`);
    expect(badge.text).toContain(`4 reviews`);
    expect(badge.text).toContain("Verified reviews on KnowBefore");
    expect(badge.text).toContain(`href="${ORIGIN}/dealerships/${slug}"`);
    // The name is escaped where it stands.
    expect(badge.text).toContain("Lakeside &lt;Auto&gt; &amp; Sons");
    expect(badge.text).not.toContain("<Auto>");
    // A badge carries no reviews.
    expect(badge.text).not.toContain("Pat Q.");
  });

  it("widget: the latest published reviews with first name and initial, the reply, and the page's AggregateRating", async () => {
    const pageAnswer = await h.request("GET", `/api/site/dealerships/${slug}`);
    const widget = await get(`/embed/dealerships/${slug}/widget`);
    expect(widget.status).toBe(200);
    const items = [...widget.text.matchAll(/<li>([\s\S]*?)<\/li>/g)].map((m) => m[1]!);
    // The newest three of the page's list, in its order.
    const expected = (pageAnswer.json.recentReviews as { comment: string }[]).slice(0, 3);
    expect(items).toHaveLength(3);
    items.forEach((item, i) => {
      expect(item).toContain(
        expected[i]!.comment.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;"),
      );
    });
    expect(items[0]).toContain("Pat Q.");
    expect(items[0]).toContain("about Teo Embed");
    expect(items[0]).toContain("Reply from Teo");
    expect(items[0]).toContain("Thanks Pat, we sped our paperwork up since.");
    expect(widget.text).not.toContain("Quinn");
    for (const hidden of ["HELD REVIEW", "REMOVED REVIEW", "UNLISTED PERSON REVIEW", "OLDEST REVIEW"])
      expect(widget.text).not.toContain(hidden);

    const [data] = jsonLd(widget.text);
    expect(data).toMatchObject({
      "@type": "AutoDealer",
      url: `${ORIGIN}/dealerships/${slug}`,
      aggregateRating: {
        "@type": "AggregateRating",
        ratingValue: pageAnswer.json.rating.average,
        reviewCount: pageAnswer.json.rating.reviewCount,
        bestRating: 5,
        worstRating: 1,
      },
    });
  });
});

describe("a salesperson's badge and widget", () => {
  it("show the profile's rating and count, and its latest reviews", async () => {
    const ratings = await h.request("GET", `/api/salespeople/${rosa}/ratings`);
    expect(ratings.status).toBe(200);
    const { averageRating, totalReviews } = ratings.json as { averageRating: number; totalReviews: number };
    expect(totalReviews).toBe(3);

    const badge = await get(`/embed/salespeople/${rosa}/badge`);
    expect(badge.status).toBe(200);
    expect(badge.text).toContain(`data-rating="${averageRating.toFixed(1)}"`);
    expect(badge.text).toContain("3 reviews");
    expect(badge.text).toContain(`href="${ORIGIN}/salesperson/${rosa}"`);

    const widget = await get(`/embed/salespeople/${rosa}/widget`);
    const items = [...widget.text.matchAll(/<li>([\s\S]*?)<\/li>/g)].map((m) => m[1]!);
    expect(items).toHaveLength(3);
    expect(items[0]).toContain("Rosa found the right car &lt;b&gt;without&lt;/b&gt; pressure.");
    expect(items[1]).toContain("Quick and honest.");
    expect(items[2]).toContain("OLDEST REVIEW of Rosa");
    expect(widget.text).not.toContain("REMOVED REVIEW");
    expect(widget.text).toContain(`href="${ORIGIN}/salesperson/${rosa}#reviews"`);
    const [data] = jsonLd(widget.text);
    expect(data).toMatchObject({
      "@type": "Person",
      name: "Rosa Embed",
      aggregateRating: { "@type": "AggregateRating", ratingValue: averageRating, reviewCount: totalReviews },
    });

    const teoWidget = await get(`/embed/salespeople/${teo}/widget`);
    expect(teoWidget.text).toContain("Reply from Teo");
    expect(teoWidget.text).not.toContain("HELD REVIEW");
  });
});

describe("what the public may not see", () => {
  it("answers 404, never 500: an unknown or malformed page address, an unlisted or unknown salesperson", async () => {
    const missing = [
      "/embed/dealerships/no-such-dealership/badge",
      "/embed/dealerships/Not_A_Slug/widget",
      `/embed/dealerships/${"a".repeat(200)}/badge`,
      `/embed/salespeople/${unlisted}/badge`,
      `/embed/salespeople/${unlisted}/widget`,
      "/embed/salespeople/99999999/widget",
      "/embed/salespeople/0/badge",
      "/embed/salespeople/abc/badge",
      "/embed/salespeople/99999999999999999999/badge",
      "/embed/salespeople/%ZZ/badge",
      `/share/salespeople/${unlisted}/qr.svg`,
      `/share/salespeople/${unlisted}/print`,
      "/share/dealerships/no-such-dealership/qr.png",
    ];
    for (const pathname of missing) {
      const res = await get(pathname);
      expect(res.status, pathname).toBe(404);
      expect(res.text, pathname).not.toContain("Ulla");
    }
    const frame = await get(`/embed/salespeople/${unlisted}/badge`);
    expect(frame.headers.get("content-type")).toMatch(/^text\/html/);
    expect(frame.text).toContain("Not available");
  });
});

describe("caching", () => {
  it("is public for a few minutes, served stale while revalidating, with an ETag that answers 304", async () => {
    for (const pathname of [...EMBEDS, ...SHARES]) {
      const first = await get(pathname);
      expect(first.status, pathname).toBe(200);
      const cache = first.headers.get("cache-control") ?? "";
      expect(cache, pathname).toMatch(/\bpublic\b/);
      expect(Number(/max-age=(\d+)/.exec(cache)?.[1]), pathname).toBeGreaterThanOrEqual(60);
      expect(Number(/max-age=(\d+)/.exec(cache)?.[1]), pathname).toBeLessThanOrEqual(900);
      expect(cache, pathname).toMatch(/stale-while-revalidate=\d+/);
      const etag = first.headers.get("etag");
      expect(etag, pathname).toMatch(/^"[^"]+"$/);

      const again = await get(pathname, { "if-none-match": etag! });
      expect(again.status, pathname).toBe(304);
      expect(again.text, pathname).toBe("");
      expect(again.headers.get("cache-control"), pathname).toBe(cache);
    }
  });

  it("a new review changes the ETag", async () => {
    const before = await get(`/embed/salespeople/${teo}/badge`);
    await review(teo, 5, "Second visit went great.", 0);
    const after = await get(`/embed/salespeople/${teo}/badge`, {
      "if-none-match": before.headers.get("etag")!,
    });
    expect(after.status).toBe(200);
    expect(after.text).toContain("2 reviews");
  });
});

describe("no cookies, no tracking", () => {
  it("never sets a cookie, signed in or not, and answers a signed-in visitor exactly as anyone", async () => {
    const session = await h.signIn("embed.visitor@example.org");
    // The cookie names a live session (the API answers it as signed in): the comparison below means something.
    const api = await h.request("GET", "/api/auth/user", { cookie: session.cookie });
    expect(api.status).toBe(200);
    expect(api.json).toMatchObject({ email: "embed.visitor@example.org" });
    for (const pathname of [...EMBEDS, ...SHARES]) {
      const anonymous = await get(pathname);
      const signedIn = await get(pathname, { cookie: session.cookie });
      expect(anonymous.headers.get("set-cookie"), pathname).toBeNull();
      expect(signedIn.headers.get("set-cookie"), pathname).toBeNull();
      expect(signedIn.text, pathname).toBe(anonymous.text);
      expect(signedIn.headers.get("vary") ?? "", pathname).not.toMatch(/cookie/i);
    }
  });

  it("loads nothing from anywhere: no script, stylesheet, font or image, and links only to the site", async () => {
    for (const pathname of EMBEDS.filter((p) => p.startsWith("/embed/"))) {
      const { text } = await get(pathname);
      expect(text, pathname).not.toMatch(/<script(?![^>]*type="application\/ld\+json")/);
      expect(text, pathname).not.toMatch(/<(link|img|iframe|object|embed)\b/i);
      expect(text, pathname).not.toMatch(/@import|url\(|@font-face/);
      for (const [, url] of text.matchAll(/\b(?:href|src)="([^"]*)"/g))
        expect(url!.startsWith(`${ORIGIN}/`), `${pathname}: ${url}`).toBe(true);
      const policy = directives(
        (await site.request(`${ORIGIN}${pathname}`)).headers.get("content-security-policy"),
      );
      expect(policy.get("default-src"), pathname).toEqual(["'none'"]);
      expect(policy.has("script-src"), pathname).toBe(false);
    }
  });
});

describe("framing", () => {
  it("the badge, the widget and embed.js may be framed and loaded by any site; nothing else may be framed", async () => {
    for (const pathname of EMBEDS) {
      const res = await site.request(`${ORIGIN}${pathname}`);
      const policy = directives(res.headers.get("content-security-policy"));
      expect(policy.get("frame-ancestors"), pathname).toEqual(["*"]);
      expect(res.headers.get("x-frame-options"), pathname).toBeNull();
      // Another site's page may load it (a frame, or embed.js as a script).
      expect(res.headers.get("cross-origin-resource-policy"), pathname).toBe("cross-origin");
      expect(res.headers.get("x-content-type-options"), pathname).toBe("nosniff");
    }
    // The pages of the site, the API, its public pages and the share routes keep refusing to be framed.
    for (const pathname of [
      "/",
      `/dealerships/${slug}`,
      `/salesperson/${rosa}`,
      "/embed",
      "/embedded/dealerships/x/badge",
      "/api/health",
      `/api/site/dealerships/${slug}`,
      ...SHARES,
    ]) {
      const res = await site.request(`${ORIGIN}${pathname}`);
      const policy = directives(res.headers.get("content-security-policy"));
      expect(policy.get("frame-ancestors"), pathname).toEqual(["'none'"]);
      expect(res.headers.get("x-frame-options"), pathname).toBe("DENY");
    }
  });
});

describe("embed.js and the snippets", () => {
  it("the loader is a script that builds the same frame as the iframe snippet", async () => {
    const res = await get("/embed.js");
    expect(res.headers.get("content-type")).toMatch(/^text\/javascript/);
    expect(res.text).toContain("/embed/dealerships/");
    expect(res.text).toContain("/embed/salespeople/");
    expect(res.text).toContain("allow-popups allow-popups-to-escape-sandbox");
    // It parses as a script (no DOM here: it is run in a browser by e2e/public/embed.spec.ts).
    expect(() => new Function(res.text)).not.toThrow();

    const iframe = iframeSnippet(ORIGIN, { dealership: slug }, "widget");
    expect(iframe).toContain(`src="${ORIGIN}/embed/dealerships/${slug}/widget"`);
    expect((await get(new URL(/src="([^"]+)"/.exec(iframe)![1]!).pathname)).status).toBe(200);
    expect(scriptSnippet(ORIGIN, { salesperson: rosa }, "badge")).toBe(
      `<script async src="${ORIGIN}/embed.js" data-knowbefore="badge" data-salesperson="${rosa}"></script>`,
    );
  });
});

describe("share link and QR code", () => {
  it("encodes the public page's address, as SVG and PNG, and prints with the name and rating", async () => {
    const svg = await get(`/share/dealerships/${slug}/qr.svg`);
    expect(svg.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
    expect(svg.text).toBe(
      await QRCode.toString(`${ORIGIN}/dealerships/${slug}`, {
        type: "svg",
        margin: 2,
        errorCorrectionLevel: "M",
      }),
    );
    const person = await get(`/share/salespeople/${teo}/qr.svg`);
    expect(person.text).toBe(
      await QRCode.toString(`${ORIGIN}/salesperson/${teo}`, {
        type: "svg",
        margin: 2,
        errorCorrectionLevel: "M",
      }),
    );

    const png = await site.request(`${ORIGIN}/share/dealerships/${slug}/qr.png`);
    expect(png.headers.get("content-type")).toBe("image/png");
    const bytes = new Uint8Array(await png.arrayBuffer());
    expect([...bytes.slice(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

    const print = await get(`/share/salespeople/${rosa}/print`);
    expect(print.status).toBe(200);
    expect(print.text).toContain("<h1>Rosa Embed</h1>");
    expect(print.text).toMatch(/Rated \d\.\d out of 5 from 3 reviews/);
    expect(print.text).toContain("<svg");
    expect(print.text).toContain(`${ORIGIN}/salesperson/${rosa}`);
    expect((await get("/share/print.js")).headers.get("content-type")).toMatch(/^text\/javascript/);
  });
});
