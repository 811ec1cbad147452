import { beforeAll, describe, expect, it } from "vitest";
import { runCleanup } from "../src/server/domains/compliance/retention";
import { CONTACT_RATE_LIMIT } from "../src/server/domains/site/service";
import { haversineMiles } from "../src/shared/geo";
import { createHarness, ORIGIN } from "./support/harness";

const h = await createHarness({ TRUST_PROXY: "true" });
await h.seed(0.2);

let nextIp = 1;
/** A fresh client address per call site, so rate limits of one test don't reach another. */
const freshIp = () => `198.51.100.${nextIp++}`;

const valid = {
  name: "Jordan Lee",
  email: "Jordan.Lee@Example.org",
  company: "Lee Motors",
  role: "manager",
  subject: "partnership",
  message: "We'd like to list our 12 salespeople.\nCan we talk next week?",
};

describe("site.stats", () => {
  it("equals the aggregates over the rows, and follows them without caching", async () => {
    // Held and withdrawn reviews count nowhere (the seed holds one).
    const published = h.sql`where moderation_status = 'published' and removed_at is null`;
    const expected = async () => {
      const [row] = await h.sql<
        { verified: number; average: number | null; ratings: number; dealers: number }[]
      >`
        select (select count(*) from salespeople where verified_at is not null)::int as verified,
               (select avg(overall_rating)::float8 from ratings ${published}) as average,
               (select count(*) from ratings ${published})::int as ratings,
               (select count(*) from dealerships)::int as dealers`;
      return row!;
    };
    const first = await expected();
    expect(
      (await h.sql`select id from ratings where moderation_status <> 'published'`).length,
    ).toBeGreaterThan(0);
    const res = await h.request("GET", "/api/site/stats");
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      verifiedSalespeople: first.verified,
      averageRating: first.average,
      ratingsCount: first.ratings,
      dealershipPartners: first.dealers,
      demoData: expect.objectContaining({ rows: expect.any(Number) }),
    });
    expect(first.verified).toBeGreaterThan(0);
    expect(first.verified).toBeLessThan((await h.sql`select id from salespeople`).length);

    // A new verified salesperson and a new dealership show up in the very next answer.
    const [dealer] = await h.sql<{ id: number }[]>`
      insert into dealerships (name, address, city, state, zip_code, time_zone, latitude, longitude)
      values ('Stats Test Motors', '1 Main St', 'Boise', 'ID', '83702', 'America/Boise', 43.6, -116.2) returning id`;
    await h.sql`insert into salespeople (name, email, dealership_id, city, state, time_zone, verified_at)
                values ('Stat Person', 'stat.person@example.com', ${dealer!.id}, 'Boise', 'ID', 'America/Boise', now())`;
    const stats = await h.caller().site.stats();
    const second = await expected();
    expect(stats.verifiedSalespeople).toBe(first.verified + 1);
    expect(stats.dealershipPartners).toBe(first.dealers + 1);
    expect(stats.averageRating).toBeCloseTo(second.average!, 12);
  });
});

describe("POST /api/contact", () => {
  it("stores the message and answers 201 with its id", async () => {
    const res = await h.request("POST", "/api/contact", { body: { ...valid, company: "  " }, ip: freshIp() });
    expect(res.status).toBe(201);
    expect(res.json).toEqual({
      id: expect.any(Number),
      receivedAt: expect.any(String),
      priority: false,
      dueAt: expect.any(String),
    });
    const [row] = await h.sql`select * from contact_messages where id = ${res.json.id}`;
    expect(row).toMatchObject({
      name: "Jordan Lee",
      email: "jordan.lee@example.org",
      company: null,
      role: "manager",
      subject: "partnership",
      message: valid.message,
      user_id: null,
    });
  });

  it("keeps the optional fields optional and links a signed-in sender", async () => {
    const { cookie, userId } = await h.signIn("contact.customer@example.com");
    const minimal = { name: "A", email: "a@example.org", subject: "general", message: "Hi" };
    const res = await h.request("POST", "/api/contact", { body: minimal, cookie, ip: freshIp() });
    expect(res.status).toBe(201);
    const [row] = await h.sql`select role, company, user_id from contact_messages where id = ${res.json.id}`;
    expect(row).toEqual({ role: null, company: null, user_id: userId });
    const blankRole = await h.request("POST", "/api/contact", {
      body: { ...minimal, role: "" },
      ip: freshIp(),
    });
    expect(blankRole.status).toBe(201);
  });

  it("answers 400 with { message, code } for every invalid form", async () => {
    const ip = freshIp();
    const cases: [string, unknown][] = [
      ["missing name", { ...valid, name: undefined }],
      ["blank name", { ...valid, name: "   " }],
      ["missing email", { ...valid, email: undefined }],
      ["bad email", { ...valid, email: "jordan@" }],
      ["missing subject", { ...valid, subject: undefined }],
      ["unknown subject", { ...valid, subject: "complaint" }],
      ["unknown role", { ...valid, role: "admin" }],
      ["missing message", { ...valid, message: undefined }],
      ["blank message", { ...valid, message: " \n " }],
      ["long message", { ...valid, message: "x".repeat(5001) }],
      ["long company", { ...valid, company: "x".repeat(161) }],
      ["extra key", { ...valid, userId: "00000000-0000-0000-0000-000000000000" }],
      ["wrong type", { ...valid, message: ["hi"] }],
      ["array body", [valid]],
      ["not JSON", "{name: Jordan"],
    ];
    for (const [label, body] of cases) {
      const res = await h.request("POST", "/api/contact", { body, ip });
      expect(res.status, label).toBe(400);
      expect(res.json, label).toEqual({ message: expect.any(String), code: "BAD_REQUEST" });
    }
    const [row] = await h.sql<
      { n: number }[]
    >`select count(*)::int as n from contact_messages where name = 'x'`;
    expect(row!.n).toBe(0);
    // Validation failures use no rate-limit tokens: the same address can still send.
    expect((await h.request("POST", "/api/contact", { body: valid, ip })).status).toBe(201);
  });

  it("names the field in the message", async () => {
    const res = await h.request("POST", "/api/contact", { body: { ...valid, email: "nope" }, ip: freshIp() });
    expect(res.json.message).toBe("Please enter a valid email address");
  });

  it("answers 429 once one address has sent its allowance, and other addresses still get through", async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < CONTACT_RATE_LIMIT.capacity + 2; i++) {
      statuses.push((await h.request("POST", "/api/contact", { body: valid, ip })).status);
    }
    expect(statuses).toEqual([...Array(CONTACT_RATE_LIMIT.capacity).fill(201), 429, 429]);
    const limited = await h.request("POST", "/api/contact", { body: valid, ip });
    expect(limited.json).toEqual({ message: expect.stringContaining("try again"), code: "RATE_LIMITED" });
    expect((await h.request("POST", "/api/contact", { body: valid, ip: freshIp() })).status).toBe(201);
  });

  it("refuses a request without Origin, or from another site, with 403", async () => {
    const before = await h.sql`select id from contact_messages`;
    for (const origin of [undefined, "https://evil.example", "null"]) {
      const headers: Record<string, string> = {
        "content-type": "application/json",
        "x-forwarded-for": freshIp(),
      };
      if (origin) headers.origin = origin;
      const res = await h.app.request("/api/contact", {
        method: "POST",
        headers,
        body: JSON.stringify(valid),
      });
      expect(res.status, String(origin)).toBe(403);
      expect(await res.json()).toMatchObject({ code: "CSRF_ORIGIN" });
    }
    const viaTrpc = await h.app.request("/trpc/site.contact", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ json: valid }),
    });
    expect(viaTrpc.status).toBe(403);
    expect((await h.sql`select id from contact_messages`).length).toBe(before.length);
    expect(ORIGIN).toMatch(/^http/);
  });

  it("the daily retention cleanup deletes messages older than two years", async () => {
    const [old] = await h.sql<{ id: number }[]>`
      insert into contact_messages (name, email, subject, message, created_at)
      values ('Old', 'old@example.org', 'general', 'old message', now() - interval '731 days') returning id`;
    const [recent] = await h.sql<{ id: number }[]>`
      insert into contact_messages (name, email, subject, message, created_at)
      values ('Recent', 'recent@example.org', 'general', 'recent message', now() - interval '729 days') returning id`;
    const result = await runCleanup(h.sql, "scheduled", null);
    expect(result.cleanedRecords.contact_messages).toBe(1);
    expect(await h.sql`select id from contact_messages where id = ${old!.id}`).toHaveLength(0);
    expect(await h.sql`select id from contact_messages where id = ${recent!.id}`).toHaveLength(1);
  });
});

describe("site.contactMessages (administrators only)", () => {
  it("refuses visitors, customers and salespeople", async () => {
    const anonymous = await h.request("GET", "/trpc/site.contactMessages");
    expect(anonymous.status).toBe(401);
    for (const role of ["customer", "salesperson", "manager"] as const) {
      const { cookie } = await h.signIn(`inbox.${role}@example.com`, role);
      expect((await h.request("GET", "/trpc/site.contactMessages", { cookie })).status).toBe(403);
    }
  });

  it("lists open cases earliest due first, then the others newest first, with the total", async () => {
    const admin = await h.signIn("inbox.admin@example.com", "admin");
    const api = h.caller({
      user: admin.user,
      session: { id: "x", userId: admin.userId, expiresAt: new Date(), authenticatedAt: new Date() },
    });
    const { items, total } = await api.site.contactMessages({ limit: 3 });
    const [count] = await h.sql<{ n: number }[]>`select count(*)::int as n from contact_messages`;
    expect(total).toBe(count!.n);
    expect(items).toHaveLength(3);
    const all = (await api.site.contactMessages({ limit: 100 })).items;
    const open = (c: (typeof all)[number]) => c.status === "new" || c.status === "in_progress";
    for (let i = 1; i < all.length; i++) {
      const [before, after] = [all[i - 1]!, all[i]!];
      if (open(before) && open(after))
        expect(before.dueAt.getTime()).toBeLessThanOrEqual(after.dueAt.getTime());
      else if (!open(before) && !open(after))
        expect(before.createdAt.getTime()).toBeGreaterThanOrEqual(after.createdAt.getTime());
      else expect(open(before)).toBe(true);
    }
    await expect(api.site.contactMessages({ limit: 1000 })).rejects.toThrow();
  });
});

describe("dealerships near a place", () => {
  it("lists the cities of data/us-cities.csv with coordinates", async () => {
    const cities = await h.caller().site.cities();
    expect(cities).toHaveLength(60);
    expect(cities.find((c) => c.city === "Boise")).toMatchObject({ state: "ID", latitude: 43.615 });
  });

  it("orders dealerships by the haversine distance the shared function computes", async () => {
    const cities = await h.caller().site.cities();
    for (const city of cities.filter((_, i) => i % 7 === 0)) {
      const near = await h
        .caller()
        .site.dealershipsNear({ latitude: city.latitude, longitude: city.longitude });
      expect(near).toHaveLength(20);
      const all = await h.sql<{ id: number; latitude: number; longitude: number }[]>`
        select id, latitude, longitude from dealerships`;
      const expected = all
        .map((d) => ({ id: d.id, miles: haversineMiles(city, d) }))
        .sort((a, b) => a.miles - b.miles || a.id - b.id)
        .slice(0, 20);
      expect(near.map((d) => d.id)).toEqual(expected.map((d) => d.id));
      for (const [i, d] of near.entries()) expect(d.distanceMiles).toBeCloseTo(expected[i]!.miles, 6);
      // Seed dealerships sit within a few miles of their city's centre.
      expect(near[0]!.city).toBe(city.city);
      expect(near[0]!.distanceMiles).toBeLessThan(5);
    }
  });

  it("counts each dealership's salespeople and answers over REST too", async () => {
    const res = await h.request(
      "GET",
      "/api/site/dealerships-nearby?latitude=30.2672&longitude=-97.7431&limit=3",
    );
    expect(res.status).toBe(200);
    expect(res.json).toHaveLength(3);
    const [row] = await h.sql<{ n: number }[]>`
      select count(*)::int as n from salespeople where dealership_id = ${res.json[0].id}`;
    expect(res.json[0].salespeople).toBe(row!.n);
    expect(res.json[0].city).toBe("Austin");
  });

  it("answers 400 for positions off the globe", async () => {
    for (const q of [
      "latitude=91&longitude=0",
      "latitude=0&longitude=-181",
      "latitude=abc&longitude=1",
      "latitude=1",
    ]) {
      const res = await h.request("GET", `/api/site/dealerships-nearby?${q}`);
      expect(res.status, q).toBe(400);
    }
  });
});

beforeAll(() => {
  expect(h.env.TRUST_PROXY).toBe(1);
});

describe("site.testimonials", () => {
  it("quotes three real five-star reviews with comments, about three different salespeople", async () => {
    const quotes = await h.caller().site.testimonials();
    expect(quotes).toHaveLength(3);
    expect(new Set(quotes.map((q) => q.salespersonId)).size).toBe(3);
    for (const quote of quotes) {
      const [row] = await h.sql<{ overall_rating: number; comment: string; salesperson_id: number }[]>`
        select overall_rating, comment, salesperson_id from ratings where id = ${quote.id}`;
      expect(row).toEqual({ overall_rating: 5, comment: quote.comment, salesperson_id: quote.salespersonId });
      expect(quote.author).toMatch(/^\S+( \S\.)?$|^Verified customer$/);
    }
  });
});
