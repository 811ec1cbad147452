// A dealership's page (docs/product/dealerships.md#the-dealerships-page) and what crawlers read without running a
// script (docs/product/public-site.md#link-previews, #sitemap): the page by its slug (set at creation, kept through a
// rename), its team of listed salespeople only, the rating aggregated from their published reviews, held and
// removed reviews absent; the first HTML of a profile and a dealership page with their title, description,
// canonical URL, Open Graph tags and JSON-LD (nothing of an unlisted profile); the sitemap index and its files.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createApp } from "../src/server/app";
import { refreshAggregates } from "../src/server/domains/reviews/aggregates";
import { SITEMAP_ID_SPAN } from "../src/server/domains/site/sitemap";
import { createHarness, ORIGIN } from "./support/harness";

const h = await createHarness({ RATE_LIMIT_DISABLED: "true" });
await h.seed(0.02);

// The app as production serves it, with a built page to write previews into (the harness's has none).
const clientDir = mkdtempSync(path.join(tmpdir(), "kb-client-"));
writeFileSync(path.join(clientDir, "index.html"), readFileSync("index.html", "utf8"));
const site = createApp(h.deps, { clientDir });
async function fetchPage(pathname: string) {
  const res = await site.request(`${ORIGIN}${pathname}`);
  return { status: res.status, type: res.headers.get("content-type") ?? "", text: await res.text() };
}

const admin = await h.signIn("pages.admin@example.org", "admin");
const asAdmin = h.caller({
  user: admin.user,
  session: { id: "s", userId: admin.userId, expiresAt: new Date(), authenticatedAt: new Date() },
});

// A dealership made the way administrators make one, a namesake in the same city, and its team: two listed
// salespeople, one its manager has not confirmed (unlisted), and their reviews.
const created = await asAdmin.admin.createDealership({
  name: "Harbor Lights Motors",
  address: "200 Congress Ave",
  zipCode: "78701",
  phoneNumber: "(512) 555-0142",
  website: "https://harbor-lights.example.com",
});
await h.sql`update dealerships set hours = ${h.sql.json({
  monday: { open: "09:00", close: "18:00" },
  tuesday: { open: "09:00", close: "18:00" },
  wednesday: { open: "09:00", close: "18:00" },
  thursday: { open: "09:00", close: "18:00" },
  friday: { open: "09:00", close: "18:00" },
  saturday: { open: "10:00", close: "16:00" },
  sunday: null,
})} where id = ${created.id}`;
const [namesake] = await h.sql<{ slug: string }[]>`
  insert into dealerships (name, address, city, state, zip_code, time_zone, latitude, longitude)
  values ('Harbor Lights Motors', '9 Other St', 'Austin', 'TX', '78702', 'America/Chicago', 30.26, -97.71)
  returning slug`;

async function salesperson(name: string, listed: boolean) {
  const [row] = await h.sql<{ id: number }[]>`
    insert into salespeople (name, email, dealership_id, city, state, time_zone, verified_at, payment_model, specialties)
    values (${name}, ${`${name.toLowerCase().replace(/\W+/g, ".")}@pages.example.org`}, ${created.id}, 'Austin', 'TX',
            'America/Chicago', ${listed ? new Date() : null}, 'dealership', ${["SUVs"]})
    returning id`;
  return row!.id;
}
const listedA = await salesperson("Rosa Listed", true);
const listedB = await salesperson("Teo Listed", true);
const unlisted = await salesperson("Ulla Unlisted", false);

const buyer = await h.signIn("pages.buyer@example.org");
await h.sql`update users set first_name = 'Pat', last_name = 'Quinn' where id = ${buyer.userId}`;
async function review(
  salespersonId: number,
  stars: number,
  comment: string,
  daysAgo: number,
  status: { moderation?: "held" | "rejected"; removed?: boolean } = {},
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
await review(listedA, 5, "Rosa found us the right car without any pressure.", 3);
await review(listedA, 4, "Quick and honest.", 10);
const replied = await review(listedB, 3, "Fine, a bit slow on paperwork.", 1);
await h.sql`insert into rating_replies (rating_id, salesperson_id, body)
            values (${replied}, ${listedB}, 'Thanks Pat, we sped our paperwork up since.')`;
await review(listedB, 1, "HELD REVIEW: call me at 555-0100", 0, { moderation: "held" });
await review(listedA, 1, "REMOVED REVIEW about nothing", 0, { removed: true });
await review(unlisted, 2, "UNLISTED PERSON REVIEW", 0);

describe("a dealership's page", () => {
  it("gets its address from its name and city when created, and keeps it through a rename", async () => {
    const [row] = await h.sql<{ slug: string }[]>`select slug from dealerships where id = ${created.id}`;
    expect(row!.slug).toBe("harbor-lights-motors-austin");
    expect(namesake!.slug).toBe("harbor-lights-motors-austin-2");

    await asAdmin.admin.updateDealership({
      id: created.id,
      name: "Harbor Lights Motors of Austin",
      address: "200 Congress Ave",
      zipCode: "78701",
    });
    const page = await h.request("GET", "/api/site/dealerships/harbor-lights-motors-austin");
    expect(page.status).toBe(200);
    expect(page.json).toMatchObject({ id: created.id, name: "Harbor Lights Motors of Austin" });
  });

  it("lists the listed team only, with each one's rating, and the rating of their published reviews", async () => {
    const page = await h.caller().site.dealershipPage({ slug: "harbor-lights-motors-austin" });
    expect(page.team.map((m) => m.id).sort()).toEqual([listedA, listedB].sort());
    expect(page.team.find((m) => m.id === listedA)).toMatchObject({
      name: "Rosa Listed",
      averageRating: 4.5,
      totalReviews: 2,
      specialties: ["SUVs"],
    });
    // Counted from the rows: the listed team's published reviews, each once.
    const [expected] = await h.sql<{ average: number; n: number }[]>`
      select round(avg(r.overall_rating), 2)::float8 as average, count(*)::int as n
        from ratings r where r.salesperson_id in (${listedA}, ${listedB})
         and r.moderation_status = 'published' and r.removed_at is null`;
    expect(page.rating).toEqual({ average: expected!.average, reviewCount: expected!.n });
    expect(page.rating).toEqual({ average: 4, reviewCount: 3 });
    expect(page).toMatchObject({
      phoneNumber: "(512) 555-0142",
      website: "https://harbor-lights.example.com",
      city: "Austin",
      state: "TX",
      timeZone: "America/Chicago",
      hours: expect.objectContaining({ sunday: null }),
    });
    expect(typeof page.openNow).toBe("boolean");
  });

  it("shows the latest published reviews with their replies, never a held, removed or unlisted person's", async () => {
    const page = await h.caller().site.dealershipPage({ slug: "harbor-lights-motors-austin" });
    expect(page.recentReviews.map((r) => r.comment)).toEqual([
      "Fine, a bit slow on paperwork.",
      "Rosa found us the right car without any pressure.",
      "Quick and honest.",
    ]);
    expect(page.recentReviews[0]).toMatchObject({
      salespersonId: listedB,
      salespersonName: "Teo Listed",
      customerName: "Pat Q.",
      reply: { body: "Thanks Pat, we sped our paperwork up since." },
    });
    const text = JSON.stringify(page);
    for (const hidden of ["HELD REVIEW", "REMOVED REVIEW", "UNLISTED PERSON", "Ulla Unlisted"])
      expect(text).not.toContain(hidden);
  });

  it("answers 404 DEALERSHIP_NOT_FOUND for an unknown slug, and 400 for one that cannot be a slug", async () => {
    const unknown = await h.request("GET", "/api/site/dealerships/no-such-dealership-anywhere");
    expect(unknown.status).toBe(404);
    expect(unknown.json).toMatchObject({ code: "DEALERSHIP_NOT_FOUND" });
    const malformed = await h.request("GET", "/api/site/dealerships/Not%20A%20Slug");
    expect(malformed.status).toBe(400);
  });

  it("names its page on the cards and profiles of its salespeople", async () => {
    const profile = await h.caller().salespeople.byId({ id: listedA });
    expect(profile.dealershipSlug).toBe("harbor-lights-motors-austin");
    expect(profile.dealershipInfo?.slug).toBe("harbor-lights-motors-austin");
    const browse = await h.caller().salespeople.list({ search: "Rosa Listed" });
    expect(browse.items.find((c) => c.id === listedA)?.dealershipSlug).toBe("harbor-lights-motors-austin");
  });
});

/** The head's tags as a crawler reads them: every <meta property|name content>, the canonical link, the JSON-LD. */
function head(html: string) {
  const meta = new Map<string, string>();
  for (const m of html.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)"/g))
    meta.set(m[1]!, m[2]!);
  const ld = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) =>
    JSON.parse(m[1]!),
  );
  return {
    title: /<title>([^<]*)<\/title>/.exec(html)?.[1],
    canonical: /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1],
    meta,
    ld,
  };
}

describe("link previews in the first HTML", () => {
  it("gives a dealership page its title, description, canonical URL, Open Graph tags and AutoDealer JSON-LD", async () => {
    const page = await fetchPage("/dealerships/harbor-lights-motors-austin");
    expect(page.status).toBe(200);
    expect(page.type).toContain("text/html");
    const tags = head(page.text);
    expect(tags.title).toBe("Harbor Lights Motors of Austin, car dealership in Austin, TX | KnowBefore");
    expect(tags.canonical).toBe(`${ORIGIN}/dealerships/harbor-lights-motors-austin`);
    expect(tags.meta.get("description")).toContain("2 salespeople rated 4.0/5 from 3 reviews");
    expect(tags.meta.get("og:title")).toBe(tags.title);
    expect(tags.meta.get("og:description")).toBe(tags.meta.get("description"));
    expect(tags.meta.get("og:url")).toBe(tags.canonical);
    expect(tags.meta.get("og:type")).toBe("business.business");
    expect(tags.meta.get("og:site_name")).toBe("KnowBefore");
    expect(tags.meta.get("twitter:card")).toBe("summary");
    expect(tags.ld).toHaveLength(1);
    expect(tags.ld[0]).toMatchObject({
      "@context": "https://schema.org",
      "@type": "AutoDealer",
      name: "Harbor Lights Motors of Austin",
      url: tags.canonical,
      telephone: "(512) 555-0142",
      address: {
        "@type": "PostalAddress",
        addressLocality: "Austin",
        addressRegion: "TX",
        postalCode: "78701",
      },
      aggregateRating: { "@type": "AggregateRating", ratingValue: 4, reviewCount: 3 },
    });
    expect(tags.ld[0].openingHoursSpecification).toHaveLength(6);
  });

  it("gives a listed profile (and its alias) a Person's preview, canonical at /salesperson/{id}", async () => {
    for (const pathname of [`/salesperson/${listedA}`, `/salespeople/${listedA}`]) {
      const tags = head((await fetchPage(pathname)).text);
      expect(tags.title).toBe(
        "Rosa Listed, car salesperson at Harbor Lights Motors of Austin in Austin, TX | KnowBefore",
      );
      expect(tags.canonical).toBe(`${ORIGIN}/salesperson/${listedA}`);
      expect(tags.meta.get("description")).toContain("Rated 4.5/5 from 2 reviews");
      expect(tags.meta.get("og:type")).toBe("profile");
      expect(tags.meta.get("og:url")).toBe(tags.canonical);
      expect(tags.ld[0]).toMatchObject({
        "@type": "Person",
        name: "Rosa Listed",
        worksFor: { "@type": "AutoDealer", url: `${ORIGIN}/dealerships/harbor-lights-motors-austin` },
        aggregateRating: { "@type": "AggregateRating", ratingValue: 4.5, reviewCount: 2 },
      });
    }
  });

  it("shows a photo as an absolute og:image, with the large Twitter card", async () => {
    await h.sql`update salespeople set profile_image_url = '/uploads/rosa.png' where id = ${listedA}`;
    const tags = head((await fetchPage(`/salesperson/${listedA}`)).text);
    expect(tags.meta.get("og:image")).toBe(`${ORIGIN}/uploads/rosa.png`);
    expect(tags.meta.get("twitter:image")).toBe(`${ORIGIN}/uploads/rosa.png`);
    expect(tags.meta.get("twitter:card")).toBe("summary_large_image");
    expect(tags.ld[0].image).toBe(`${ORIGIN}/uploads/rosa.png`);
  });

  it("escapes what a name holds, in attributes and in the JSON-LD", async () => {
    await h.sql`update salespeople set name = ${'Eve "</script><b>&'} where id = ${listedB}`;
    const html = (await fetchPage(`/salesperson/${listedB}`)).text;
    expect(html).not.toContain("</script><b>");
    expect(html).toContain("Eve &quot;&lt;/script&gt;&lt;b&gt;&amp;");
    expect(head(html).ld[0].name).toBe('Eve "</script><b>&');
  });

  it("gives an unlisted profile, an unknown page and another route the plain page, with none of their data", async () => {
    const plain = readFileSync("index.html", "utf8");
    for (const pathname of [
      `/salesperson/${unlisted}`,
      `/salespeople/${unlisted}`,
      "/salesperson/999999999",
      "/salesperson/dashboard",
      "/dealerships/no-such-dealership-anywhere",
      "/dealerships/NOT_A_SLUG",
    ]) {
      const page = await fetchPage(pathname);
      expect(page.status, pathname).toBe(200);
      expect(page.text, pathname).toBe(plain);
    }
  });
});

describe("the sitemap", () => {
  it("names robots.txt's sitemap, an index of files, and lists dealerships and listed profiles only", async () => {
    const robots = await fetchPage("/robots.txt");
    expect(robots.text).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);

    const index = await fetchPage("/sitemap.xml");
    expect(index.type).toContain("application/xml");
    const files = [...index.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
    expect(files[0]).toBe("/sitemaps/pages.xml");
    const urls: string[] = [];
    for (const file of files) {
      const text = (await fetchPage(file)).text;
      expect(text).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
      urls.push(...[...text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!));
    }
    expect(urls).toContain(`${ORIGIN}/`);
    expect(urls).toContain(`${ORIGIN}/dealerships/harbor-lights-motors-austin`);
    expect(urls).toContain(`${ORIGIN}/dealerships/${namesake!.slug}`);
    expect(urls).toContain(`${ORIGIN}/salesperson/${listedA}`);
    expect(urls).not.toContain(`${ORIGIN}/salesperson/${unlisted}`);
    const [counted] = await h.sql<{ listed: number }[]>`
      select count(*)::int as listed from salespeople where salesperson_listed(dealership_id, verified_at)`;
    expect(urls.filter((u) => u.includes("/salesperson/")).length).toBeLessThanOrEqual(counted!.listed);
  });

  it("splits the rows into files by id span, each a span's rows with their last change", async () => {
    const file = (await fetchPage("/sitemaps/salespeople-1.xml")).text;
    expect(file).toMatch(
      new RegExp(
        `<url><loc>${ORIGIN}/salesperson/${listedA}</loc><lastmod>\\d{4}-\\d\\d-\\d\\dT[^<]+</lastmod></url>`,
      ),
    );
    expect(listedA).toBeLessThanOrEqual(SITEMAP_ID_SPAN);
    expect((await fetchPage("/sitemaps/salespeople-2.xml")).text).not.toContain("<url>");
    expect((await fetchPage("/sitemaps/everything.xml")).status).toBe(404);
  });
});
