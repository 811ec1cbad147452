// Figures that sum seeded demo rows say so (demoData), with how many and which; with none seeded, they don't.
import { describe, expect, it } from "vitest";
import { createHarness } from "./support/harness";

const h = await createHarness();
await h.seed(0.02);

const admin = await h.signIn("demo.admin@example.org", "admin");
const [own] = await h.sql<{ id: number; email: string }[]>`
  select d.id, u.email from dealerships d join dealership_members dm on dm.dealership_id = d.id and dm.role = 'owner' join users u on u.id = dm.user_id
   where exists (select 1 from salespeople s where s.dealership_id = d.id) order by d.id limit 1`;
const manager = await h.signIn(own!.email, "manager");

const DAY = 86_400_000;
const today = Date.parse(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`);
const start = new Date(today - 29 * DAY);
const end = new Date(today + DAY);
const n = (v: number) => v.toLocaleString("en-US");

async function get(path: string, who: { cookie: string } = admin) {
  const res = await h.request("GET", path, { cookie: who.cookie });
  expect(res.status).toBe(200);
  return res.json;
}

describe("demo data in summed figures", () => {
  it("the landing page's live counts say how many of their rows are seeded", async () => {
    const [seeded] = await h.sql<{ verified: number; ratings: number; dealerships: number }[]>`
      select (select count(*) from salespeople where demo and verified_at is not null)::int as verified,
             (select count(*) from ratings where demo and moderation_status = 'published' and removed_at is null)::int as ratings,
             (select count(*) from dealerships where demo)::int as dealerships`;
    expect(seeded!.verified).toBeGreaterThan(0);
    const body = await get("/api/site/stats");
    expect(body.demoData).toEqual({
      rows: seeded!.verified + seeded!.ratings + seeded!.dealerships,
      note: `Demo data: includes ${n(seeded!.verified)} verified salespeople, ${n(seeded!.ratings)} ratings and ${n(seeded!.dealerships)} dealerships written by the demo seed, not by real use.`,
    });
  });

  it("business intelligence's executive summary and revenue say so, for the platform and for a dealership", async () => {
    const [platform] = await h.sql<{ appointments: number; ratings: number; payments: number }[]>`
      select (select count(*) from appointments where demo and starts_at >= ${start} and starts_at < ${end})::int as appointments,
             (select count(*) from ratings where demo and created_at >= ${start} and created_at < ${end}
                and moderation_status = 'published' and removed_at is null)::int as ratings,
             (select count(*) from payments where demo and status = 'paid' and paid_at >= ${start} and paid_at < ${end})::int as payments`;
    expect(platform!.appointments).toBeGreaterThan(0);
    const summary = await get("/api/analytics/executive-summary?period=30d");
    expect(summary.demoData.rows).toBeGreaterThanOrEqual(
      platform!.appointments + platform!.ratings + platform!.payments,
    );
    expect(summary.demoData.note).toContain(`${n(platform!.appointments)} bookings`);
    expect(summary.demoData.note).toContain(`${n(platform!.payments)} payments`);

    const [team] = await h.sql<{ salespeople: number; appointments: number }[]>`
      select (select count(*) from salespeople where demo and dealership_id = ${own!.id})::int as salespeople,
             (select count(*) from appointments a join salespeople s on s.id = a.salesperson_id
               where a.demo and s.dealership_id = ${own!.id} and a.starts_at >= ${start} and a.starts_at < ${end})::int as appointments`;
    const mine = await get("/api/analytics/executive-summary?period=30d", manager);
    expect(mine.demoData.note).toContain(
      `${n(team!.salespeople)} ${team!.salespeople === 1 ? "salesperson" : "salespeople"}`,
    );
    expect(mine.demoData.note).toContain(`${n(team!.appointments)} booking`);
    expect(mine.demoData.note).not.toMatch(/payments|dealerships/);

    const revenue = await get("/api/analytics/revenue?period=30d");
    expect(revenue.demoData.note).toMatch(
      /^Demo data: includes [\d,]+ payments( and [\d,]+ paying subscriptions?)? written/,
    );
  });

  it("with no seeded rows (a production deployment) no answer carries the label, and the figures stay", async () => {
    const before = await get("/api/analytics/executive-summary?period=30d");
    for (const table of [
      "appointments",
      "ratings",
      "payments",
      "subscriptions",
      "salespeople",
      "dealerships",
    ])
      await h.sql`update ${h.sql(table)} set demo = false where demo`;
    const stats = await h.caller().site.stats();
    expect(stats.demoData).toBeNull();
    expect(stats.verifiedSalespeople).toBeGreaterThan(0);
    const summary = await get("/api/analytics/executive-summary?period=30d");
    expect(summary.demoData).toBeNull();
    expect(summary.keyMetrics).toEqual(before.keyMetrics);
    expect((await get("/api/analytics/executive-summary?period=30d", manager)).demoData).toBeNull();
    expect((await get("/api/analytics/revenue?period=30d")).demoData).toBeNull();
  });
});
