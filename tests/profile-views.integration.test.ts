// Profile views: a buyer's open of a profile counts once a day; the salesperson's own and automated agents'
// do not; nobody is stored, only a keyed hash of the day.
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createHarness } from "./support/harness";

const h = await createHarness();
await h.seed(0.01);

const [sp] = await h.sql<{ id: number; email: string }[]>`
  select id, email from salespeople where dealership_id is not null order by id limit 1`;
const owner = await h.signIn(sp!.email, "salesperson");
const buyer = await h.signIn("views.buyer@example.org");
const ownerApi = h.caller({
  user: owner.user,
  session: { id: "s", userId: owner.userId, expiresAt: new Date(), authenticatedAt: new Date() },
});

const BROWSER =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const view = (options: { cookie?: string; userAgent?: string; remoteAddress?: string } = {}) =>
  h.request("POST", `/api/salespeople/${sp!.id}/views`, {
    cookie: options.cookie,
    headers: options.userAgent === undefined ? {} : { "user-agent": options.userAgent },
    remoteAddress: options.remoteAddress,
  });

async function figures() {
  const overview = await ownerApi.portal.overview({ period: "30d" });
  const [row] = await h.sql<{ n: number }[]>`
    select count(*)::int as n from profile_views where salesperson_id = ${sp!.id}`;
  return {
    tile: overview.totals.profileViews,
    chart: overview.profileViewsOverTime.reduce((n, b) => n + b.views, 0),
    rows: row!.n,
  };
}

describe("profile views", () => {
  it("a buyer's open counts once a day, in the tile and the chart; a second open the same day does not", async () => {
    const before = await figures();
    expect((await view({ cookie: buyer.cookie, userAgent: BROWSER })).json).toEqual({ recorded: true });
    expect((await view({ cookie: buyer.cookie, userAgent: BROWSER })).json).toEqual({ recorded: false });
    // The same account on another browser and address is the same visitor.
    expect(
      (await view({ cookie: buyer.cookie, userAgent: `${BROWSER} Edg/131.0`, remoteAddress: "198.51.100.7" }))
        .json,
    ).toEqual({ recorded: false });
    const after = await figures();
    expect(after).toEqual({ tile: before.tile + 1, chart: before.chart + 1, rows: before.rows + 1 });
  });

  it("signed out, a visitor is their address and browser: once a day each", async () => {
    const before = await figures();
    const first = { userAgent: BROWSER, remoteAddress: "203.0.113.10" };
    expect((await view(first)).json).toEqual({ recorded: true });
    expect((await view(first)).json).toEqual({ recorded: false });
    expect((await view({ userAgent: BROWSER, remoteAddress: "203.0.113.11" })).json).toEqual({
      recorded: true,
    });
    expect((await figures()).tile).toBe(before.tile + 2);
  });

  it("the salesperson's own visit does not count", async () => {
    const before = await figures();
    expect((await view({ cookie: owner.cookie, userAgent: BROWSER })).json).toEqual({ recorded: false });
    expect(await figures()).toEqual(before);
  });

  it("crawlers, headless browsers and agent-less requests do not count", async () => {
    const before = await figures();
    for (const userAgent of [
      "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36",
      "facebookexternalhit/1.1",
      "curl/8.5.0",
      "",
    ]) {
      expect((await view({ userAgent, remoteAddress: "192.0.2.44" })).json, userAgent).toEqual({
        recorded: false,
      });
    }
    expect((await view({ remoteAddress: "192.0.2.45" })).json).toEqual({ recorded: false });
    expect(await figures()).toEqual(before);
  });

  it("keeps no address, browser or account: only a hash under the day's key, and keys of past days go", async () => {
    // A new day's key is made on its first view, and keys of days over everywhere are deleted then.
    await h.sql`delete from profile_view_keys`;
    await h.sql`insert into profile_view_keys (day, secret) values (current_date - 5, '\\x00')`;
    const buyer2 = await h.signIn("views.buyer2@example.org");
    expect(
      (await view({ cookie: buyer2.cookie, userAgent: BROWSER, remoteAddress: "203.0.113.99" })).json,
    ).toEqual({ recorded: true });
    const [latest] = await h.sql<{ viewer_key: string; day: string }[]>`
      select viewer_key, to_char(day, 'YYYY-MM-DD') as day from profile_views
       where salesperson_id = ${sp!.id} order by id desc limit 1`;
    const unkeyed = (s: string) => createHash("sha256").update(s).digest("hex");
    for (const plain of [
      buyer2.userId,
      `account:${buyer2.userId}`,
      "203.0.113.99",
      `203.0.113.99|${BROWSER}`,
    ])
      expect(latest!.viewer_key).not.toBe(unkeyed(plain));
    const keys = await h.sql<
      { day: string }[]
    >`select to_char(day, 'YYYY-MM-DD') as day from profile_view_keys`;
    expect(keys.map((k) => k.day)).toContain(latest!.day);
    const [stale] = await h.sql<{ n: number }[]>`
      select count(*)::int as n from profile_view_keys where day < current_date - 2`;
    expect(stale!.n).toBe(0);
  });
});
