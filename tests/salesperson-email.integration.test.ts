// A salesperson's work e-mail is public only where they chose to show it: never on browse cards, on the
// profile only with "Show my work e-mail on my profile" on (off by default), always to the salesperson and staff.
import { describe, expect, it } from "vitest";
import { createHarness } from "./support/harness";

const h = await createHarness();
await h.seed(0.05);

const [sp] = await h.sql<{ id: number; email: string; dealership_id: number }[]>`
  select id, email, dealership_id from salespeople where dealership_id is not null order by id limit 1`;
const [managerRow] = await h.sql<{ email: string }[]>`
  select u.email from dealerships d join dealership_members dm on dm.dealership_id = d.id and dm.role = 'owner' join users u on u.id = dm.user_id where d.id = ${sp!.dealership_id}`;
const owner = await h.signIn(sp!.email, "salesperson");
const manager = await h.signIn(managerRow!.email, "manager");
const admin = await h.signIn("email.admin@example.org", "admin");
const customer = await h.signIn("email.customer@example.org");

const session = (who: typeof owner) => ({
  user: who.user,
  session: { id: "s", userId: who.userId, expiresAt: new Date(), authenticatedAt: new Date() },
});

describe("salespeople's work e-mail", () => {
  it("is hidden by default: a new profile's setting is off", async () => {
    const [row] = await h.sql<{ show_email: boolean }[]>`
      insert into salespeople (name, email, city, state, time_zone)
      values ('Fresh Hire', 'fresh.hire@sales.example.org', 'Austin', 'TX', 'America/Chicago')
      returning show_email`;
    expect(row!.show_email).toBe(false);
  });

  it("is on no browse card, over REST or tRPC, even for a salesperson who shows it on their profile", async () => {
    await h.sql`update salespeople set show_email = true`;
    const rest = await h.request("GET", "/api/salespeople?limit=50");
    expect(rest.status).toBe(200);
    expect(rest.text).not.toContain("@");
    const page = await h.caller({}).salespeople.list({});
    expect(page.items.length).toBeGreaterThan(0);
    expect(JSON.stringify(page.items)).not.toContain("@");
    for (const card of page.items) expect(card).not.toHaveProperty("email");
  });

  it("is on the public profile only while the salesperson chooses to show it", async () => {
    const off = await h.request("PATCH", `/api/salespeople/${sp!.id}`, {
      cookie: owner.cookie,
      body: { showEmail: false },
    });
    expect(off.status).toBe(200);
    expect(off.json).toMatchObject({ showEmail: false, email: sp!.email });

    const hidden = await h.request("GET", `/api/salespeople/${sp!.id}`, { cookie: customer.cookie });
    expect(hidden.status).toBe(200);
    expect(hidden.json).toMatchObject({ id: sp!.id, email: null, showEmail: false });
    expect(hidden.text).not.toContain(sp!.email);
    const hiddenTrpc = await h.caller(session(customer)).salespeople.byId({ id: sp!.id });
    expect(hiddenTrpc.email).toBeNull();
    const signedOut = await h.request("GET", `/api/salespeople/${sp!.id}`);
    expect(signedOut.text).not.toContain(sp!.email);

    const on = await h.caller(session(owner)).portal.update({ id: sp!.id, showEmail: true });
    expect(on).toMatchObject({ showEmail: true, email: sp!.email });
    const shown = await h.request("GET", `/api/salespeople/${sp!.id}`);
    expect(shown.json).toMatchObject({ email: sp!.email, showEmail: true });
    expect((await h.caller({}).salespeople.byId({ id: sp!.id })).email).toBe(sp!.email);
    // Still never on the browse card.
    const search = await h.request("GET", `/api/salespeople?search=${encodeURIComponent("a")}&limit=50`);
    expect(search.text).not.toContain(sp!.email);
  });

  it("is chosen by the salesperson alone, and the setting round-trips through their own profile", async () => {
    const byManager = await h.request("PATCH", `/api/salespeople/${sp!.id}`, {
      cookie: manager.cookie,
      body: { showEmail: false },
    });
    expect(byManager.status).toBe(403);
    expect(byManager.json).toMatchObject({ code: "NOT_OWNER" });
    const api = h.caller(session(owner));
    await api.portal.update({ id: sp!.id, showEmail: false });
    expect(await api.portal.me()).toMatchObject({ showEmail: false, email: sp!.email });
    await api.portal.update({ id: sp!.id, showEmail: true });
    expect(await api.portal.me()).toMatchObject({ showEmail: true, email: sp!.email });
    await api.portal.update({ id: sp!.id, showEmail: false });
    expect((await h.caller({}).salespeople.byId({ id: sp!.id })).email).toBeNull();
  });

  it("stays visible to staff: the manager's team and the administrators' console", async () => {
    await h.sql`update salespeople set show_email = false where id = ${sp!.id}`;
    const team = await h.request("GET", "/api/manager/team?limit=100", { cookie: manager.cookie });
    expect(team.status).toBe(200);
    expect(team.text).toContain(sp!.email);
    const listed = await h.request("GET", `/api/admin/salespeople?search=${encodeURIComponent(sp!.email)}`, {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(listed.status).toBe(200);
    expect(listed.text).toContain(sp!.email);
  });
});
