// Which dealership a dealer group's member works on, and as what: the group's first by name until they choose
// another of the group's in their session (PUT /api/group/acting-dealership); there they hold the dealership role
// their group role reaches; their own dealership's membership holds at their own dealership; a dealership that
// leaves the group is out of their reach at once.
import { describe, expect, it } from "vitest";
import { makeGroup, signInToGroup } from "./support/groups";
import { createHarness } from "./support/harness";

const h = await createHarness({ RATE_LIMIT_DISABLED: "true" });
await h.seed(0.05);

// Three dealerships by name: the group holds the first two; the third stays outside.
const [first, second, outside] = await h.sql<{ id: number; name: string }[]>`
  select id, name from dealerships order by name, id limit 3`;
const group = await makeGroup(h, "Session Auto Group", [first!.id, second!.id]);

type Session = { cookie: string };
const get = (path: string, who: Session) => h.request("GET", path, { cookie: who.cookie });
const actAs = (who: Session, dealershipId: number) =>
  h.request("PUT", "/api/group/acting-dealership", { cookie: who.cookie, body: { dealershipId } });
const me = async (who: Session) => (await get("/api/auth/user", who)).json;

describe("a dealer group member's dealership", () => {
  it("is the group's first by name until they choose another of the group's, as the role their group role reaches", async () => {
    const manager = await signInToGroup(h, "sessions.group.manager@example.org", group, "group_manager");
    expect(await me(manager)).toMatchObject({
      groupId: group,
      groupRole: "group_manager",
      dealershipId: first!.id,
      dealershipRole: "manager",
      managedDealershipId: first!.id,
    });
    const moved = await actAs(manager, second!.id);
    expect(moved.status, moved.text).toBe(200);
    expect(moved.json).toEqual({ dealershipId: second!.id, name: second!.name });
    expect((await get("/api/manager/overview", manager)).json.dealership.id).toBe(second!.id);
    const mine = await get("/api/group", manager);
    expect(mine.json.actingDealershipId).toBe(second!.id);
    expect(mine.json.dealerships.map((d: { id: number }) => d.id).sort()).toEqual(
      [first!.id, second!.id].sort(),
    );
    // A dealership outside the group answers as a missing one, and nothing changes.
    const refused = await actAs(manager, outside!.id);
    expect(refused.status).toBe(404);
    expect((await me(manager)).dealershipId).toBe(second!.id);
  });

  it("gives group staff the dealership's bookings, not its lead's dashboard", async () => {
    const staff = await signInToGroup(h, "sessions.group.staff@example.org", group, "group_staff");
    expect(await me(staff)).toMatchObject({
      dealershipId: first!.id,
      dealershipRole: "staff",
      managedDealershipId: null,
    });
    expect((await get("/api/manager/bookings", staff)).status).toBe(200);
    expect((await get("/api/manager/overview", staff)).status).toBe(403);
  });

  it("keeps an account's own dealership role at its own dealership, and the group's elsewhere", async () => {
    // The owner of the second dealership is also the group's manager.
    const [owner] = await h.sql<{ email: string }[]>`
      select u.email::text as email from dealership_members m join users u on u.id = m.user_id
       where m.dealership_id = ${second!.id} and m.role = 'owner' limit 1`;
    const both = await signInToGroup(h, owner!.email, group, "group_manager");
    expect(await me(both)).toMatchObject({ dealershipId: second!.id, dealershipRole: "owner" });
    await actAs(both, first!.id);
    expect(await me(both)).toMatchObject({ dealershipId: first!.id, dealershipRole: "manager" });
    await actAs(both, second!.id);
    expect(await me(both)).toMatchObject({ dealershipId: second!.id, dealershipRole: "owner" });
  });

  it("loses a dealership that leaves the group at once, in every session", async () => {
    const owner = await signInToGroup(
      h,
      "sessions.group.owner@example.org",
      group,
      "group_owner",
      second!.id,
    );
    expect((await me(owner)).dealershipId).toBe(second!.id);
    await h.sql`update dealerships set group_id = null where id = ${second!.id}`;
    expect(await me(owner)).toMatchObject({ dealershipId: first!.id, dealershipRole: "owner" });
    expect((await actAs(owner, second!.id)).status).toBe(404);
    await h.sql`update dealerships set group_id = ${group} where id = ${second!.id}`;
  });

  it("lets a group manager's API key act for the dealership it was made on, while the group holds it", async () => {
    const manager = await signInToGroup(
      h,
      "sessions.group.keys@example.org",
      group,
      "group_manager",
      second!.id,
    );
    const made = await h.request("POST", "/api/api-keys", {
      cookie: manager.cookie,
      body: { name: "Group key", scopes: ["analytics:read"] },
    });
    expect(made.status, made.text).toBe(201);
    const bearer = { headers: { authorization: `Bearer ${made.json.key}` } };
    // Whatever the session that made it works on next, the key stays with its dealership.
    await actAs(manager, first!.id);
    const overview = await h.request("GET", "/api/manager/overview", bearer);
    expect(overview.status, overview.text).toBe(200);
    expect(overview.json.dealership.id).toBe(second!.id);
    await h.sql`update dealerships set group_id = null where id = ${second!.id}`;
    expect((await h.request("GET", "/api/manager/overview", bearer)).status).toBe(401);
    await h.sql`update dealerships set group_id = ${group} where id = ${second!.id}`;
  });

  it("leaves someone of no group out of the group's procedures", async () => {
    const customer = await h.signIn("sessions.customer@example.org");
    expect((await get("/api/group", customer)).status).toBe(403);
  });
});
