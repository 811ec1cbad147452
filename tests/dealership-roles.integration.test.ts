// A dealership's own team in three roles: an owner, a second manager and a staff member of one dealership, each
// invited and accepted through the invitation mechanism, see and do exactly what their role allows (billing and
// the lead roles the owner's; the team, reviews and reports the manager's too; bookings the staff's) and nothing
// of another dealership; a dealership keeps its last owner; every change is audited.
import { describe, expect, it } from "vitest";
import { DEALERSHIP_BOOKINGS_SHOWN } from "../src/shared/constants";
import { freeVisitStart } from "./support/freeVisitStart";
import { createHarness } from "./support/harness";

const h = await createHarness({ RATE_LIMIT_DISABLED: "true" });
await h.seed(0.05);

// Two dealerships with a salesperson each; the first's owner is the seeded manager.
const [one, two] = await h.sql<{ id: number; salespersonId: number; ownerEmail: string }[]>`
  select distinct on (d.id) d.id, s.id as "salespersonId", u.email::text as "ownerEmail"
    from dealerships d join salespeople s on s.dealership_id = d.id
    join dealership_members m on m.dealership_id = d.id and m.role = 'owner' join users u on u.id = m.user_id
   order by d.id, s.id limit 2`;
let owner = await h.signIn(one!.ownerEmail, "manager");
const otherOwner = await h.signIn(two!.ownerEmail, "manager");

type Session = Awaited<ReturnType<typeof h.signIn>>;

function call(method: string, path: string, who: Session, body?: unknown) {
  return h.request(method, path, { cookie: who.cookie, ...(body === undefined ? {} : { body }) });
}

/** Invites `email` to dealership one's team as `role` (by `by`), and accepts it signed in as that address. */
async function join(by: Session, email: string, role: "owner" | "manager" | "staff"): Promise<Session> {
  const before = h.smtp.messages.length;
  const invited = await call("POST", "/api/manager/members/invitations", by, { email, role });
  expect(invited.status, JSON.stringify(invited.json)).toBe(201);
  const mail = await h.waitForMail(
    (m) =>
      h.smtp.messages.indexOf(m) >= before && m.to.includes(email) && m.text.includes("/invitations/accept"),
  );
  expect(mail.text).toContain(`as ${role}`);
  const token = mail.text.match(/\/invitations\/accept\?token=([a-z2-7]+)/)![1]!;
  const invitee = await h.signIn(email);
  const described = await h.request("POST", "/api/invitations/describe", {
    cookie: invitee.cookie,
    body: { token },
  });
  expect(described.json).toMatchObject({ role: "manager", teamRole: role, groupRole: null });
  const accepted = await h.request("POST", "/api/invitations/accept", {
    cookie: invitee.cookie,
    body: { token },
  });
  expect(accepted.status, JSON.stringify(accepted.json)).toBe(200);
  // Staff go to the dealership's bookings; leads to the manager dashboard.
  expect(accepted.json.redirectTo).toBe(role === "staff" ? "/bookings" : "/manager-dashboard");
  return h.signIn(email, "manager");
}

const manager = await join(owner, "roles.manager@example.org", "manager");
const staff = await join(manager, "roles.staff@example.org", "staff");

/** A visit `daysAgo` days and an hour before now (ahead when negative), or the first free hour after. */
async function visitOf(salespersonId: number, daysAgo: number) {
  const at = await freeVisitStart(
    h.sql,
    salespersonId,
    new Date(Date.now() - (daysAgo * 24 + 1) * 3_600_000),
  );
  const [row] = await h.sql<{ id: number }[]>`
    insert into appointments (salesperson_id, customer_id, appointment_type, starts_at, customer_name, customer_phone)
    values (${salespersonId}, null, 'Test Drive', ${at}, 'Role Buyer', '5125550100') returning id`;
  return row!.id;
}

describe("the team and its roles", () => {
  it("lists the team to its leads: the owner, the manager who joined and the staff member the manager invited", async () => {
    for (const lead of [owner, manager]) {
      const team = await call("GET", "/api/manager/members", lead);
      expect(team.status).toBe(200);
      const roles = Object.fromEntries(
        (team.json.members as { email: string; role: string }[]).map((m) => [m.email, m.role]),
      );
      expect(roles).toEqual({
        [one!.ownerEmail]: "owner",
        "roles.manager@example.org": "manager",
        "roles.staff@example.org": "staff",
      });
    }
    expect(owner.user).toMatchObject({ dealershipRole: "owner", managedDealershipId: one!.id });
    expect(manager.user).toMatchObject({ dealershipRole: "manager", managedDealershipId: one!.id });
    expect(staff.user).toMatchObject({
      dealershipRole: "staff",
      dealershipId: one!.id,
      managedDealershipId: null,
    });
  });

  it("gives billing to the owner only, and the lead roles are the owner's to give", async () => {
    const plan = { planType: "dealer-basic" };
    expect((await call("POST", "/api/create-subscription", manager, plan)).status).toBe(403);
    expect((await call("POST", "/api/create-subscription", staff, plan)).status).toBe(403);
    const billing = await call("GET", "/api/subscriptions/mine", manager);
    expect(billing.status).toBe(200);
    expect(billing.json.dealership).toBeNull();
    expect((await call("GET", "/api/subscriptions/mine", owner)).json.dealership).toMatchObject({
      dealershipId: one!.id,
    });

    const asManager = await call("POST", "/api/manager/members/invitations", manager, {
      email: "roles.would-be-manager@example.org",
      role: "manager",
    });
    expect(asManager.status).toBe(403);
    expect(asManager.json.code).toBe("ROLE_NOT_YOURS_TO_GIVE");
    const promote = await call("PATCH", `/api/manager/members/${staff.userId}`, manager, { role: "manager" });
    expect(promote.json.code).toBe("ROLE_NOT_YOURS_TO_GIVE");
    const removeOwner = await call("DELETE", `/api/manager/members/${owner.userId}`, manager);
    expect(removeOwner.json.code).toBe("ROLE_NOT_YOURS_TO_GIVE");
  });

  it("leaves the invitations to the lead roles to the owners: a manager resends and revokes staff's only", async () => {
    const invite = async (email: string, role: "manager" | "staff") => {
      const invited = await call("POST", "/api/manager/members/invitations", owner, { email, role });
      expect(invited.status, JSON.stringify(invited.json)).toBe(201);
      return invited.json.id as string;
    };
    const toManager = await invite("roles.invited-manager@example.org", "manager");
    const toStaff = await invite("roles.invited-staff@example.org", "staff");
    for (const path of [
      `/api/invitations/${toManager}/resend`,
      `/api/invitations/${toManager}/revoke`,
      `/api/manager/invitations/${toManager}/revoke`,
    ]) {
      const refused = await call("POST", path, manager);
      expect(refused.status, path).toBe(403);
      expect(refused.json.code).toBe("ROLE_NOT_YOURS_TO_GIVE");
    }
    const [still] = await h.sql<{ revoked_at: Date | null }[]>`
      select revoked_at from invitations where id = ${toManager}`;
    expect(still!.revoked_at).toBeNull();
    expect((await call("POST", `/api/invitations/${toStaff}/resend`, manager)).status).toBe(200);
    expect((await call("POST", `/api/manager/invitations/${toStaff}/revoke`, manager)).status).toBe(200);
    expect((await call("POST", `/api/invitations/${toManager}/revoke`, owner)).status).toBe(200);
  });

  it("lets staff handle the dealership's bookings and nothing else of it, and nothing of another dealership", async () => {
    // Not the dashboard, the team or the reports.
    for (const path of ["/api/manager/overview", "/api/manager/members", "/api/manager/team"])
      expect((await call("GET", path, staff)).status, path).toBe(403);
    // Their dealership's visits: who booked, and an outcome recorded.
    const ours = await visitOf(one!.salespersonId, 1);
    const listed = await h
      .caller({
        user: staff.user,
        session: { id: "s", userId: staff.userId, expiresAt: new Date(), authenticatedAt: new Date() },
      })
      .appointments.forSalesperson({ id: one!.salespersonId });
    expect(listed.find((a) => a.id === ours)).toMatchObject({ customerName: "Role Buyer" });
    const done = await call("PATCH", `/api/appointments/${ours}`, staff, { status: "completed" });
    expect(done.status, JSON.stringify(done.json)).toBe(200);
    // Another dealership's visit is not theirs: it answers as a missing one.
    const theirs = await visitOf(two!.salespersonId, 1);
    const refused = await call("PATCH", `/api/appointments/${theirs}`, staff, { status: "completed" });
    expect(refused.status).toBe(404);
    // Nor the other dealership's team, to its leads.
    const foreign = await call("DELETE", `/api/manager/members/${staff.userId}`, otherOwner);
    expect(foreign.status).toBe(404);
    expect(foreign.json.code).toBe("MEMBER_NOT_FOUND");
  });

  it("lists the dealership's bookings across its salespeople to staff and leads, and none of another dealership", async () => {
    const ours = await visitOf(one!.salespersonId, -2);
    const theirs = await visitOf(two!.salespersonId, -2);
    const old = await visitOf(one!.salespersonId, 40);
    for (const member of [staff, owner]) {
      const bookings = await call("GET", "/api/manager/bookings", member);
      expect(bookings.status, JSON.stringify(bookings.json)).toBe(200);
      const list = bookings.json as { id: number; salespersonId: number; customerName: string }[];
      expect(list.find((a) => a.id === ours)).toMatchObject({
        salespersonId: one!.salespersonId,
        customerName: "Role Buyer",
      });
      expect(list.map((a) => a.id)).not.toContain(theirs);
      expect(list.map((a) => a.id)).not.toContain(old);
    }
    const other = (await call("GET", "/api/manager/bookings", otherOwner)).json as { id: number }[];
    expect(other.map((a) => a.id)).toContain(theirs);
    expect(other.map((a) => a.id)).not.toContain(ours);
    // A customer works for no dealership: refused by the tier.
    const customer = await h.signIn("roles.bookings-customer@example.org");
    expect((await call("GET", "/api/manager/bookings", customer)).status).toBe(403);
  });

  it("keeps today's bookings when more visits fall in the window than the list holds: the farthest ahead go", async () => {
    // A salesperson of the dealership's own, with no visits of the seed's in the way.
    const [busy] = await h.sql<{ id: number }[]>`
      insert into salespeople (name, email, dealership_id, city, state, time_zone)
      values ('Busy Seller', 'roles.busy.seller@example.org', ${one!.id}, 'Austin', 'TX', 'America/Chicago')
      returning id`;
    const today = await visitOf(busy!.id, 0);
    // More visits ahead than the list holds, every one later than today's, two hours apart.
    const ahead = await h.sql<{ id: number }[]>`
      insert into appointments (salesperson_id, customer_id, appointment_type, starts_at, customer_name, customer_phone)
      select ${busy!.id}, null, 'Test Drive', now() + interval '3 days' + make_interval(hours => 2 * n),
             'Far Buyer', '5125550100'
        from generate_series(1, ${DEALERSHIP_BOOKINGS_SHOWN}) n
      returning id`;
    const list = (await call("GET", "/api/manager/bookings", owner)).json as {
      id: number;
      startsAt: string;
    }[];
    expect(list).toHaveLength(DEALERSHIP_BOOKINGS_SHOWN);
    expect(list.map((a) => a.id)).toContain(today);
    // The farthest ahead is the one left out; the list still reads latest first.
    expect(list.map((a) => a.id)).not.toContain(ahead.at(-1)!.id);
    const times = list.map((a) => new Date(a.startsAt).getTime());
    expect(times).toEqual([...times].sort((x, y) => y - x));
    await h.sql`delete from appointments where salesperson_id = ${busy!.id}`;
    await h.sql`delete from salespeople where id = ${busy!.id}`;
  });

  it("keeps the last owner, lets an owner hand the role on and leave, and audits each change", async () => {
    const demote = await call("PATCH", `/api/manager/members/${owner.userId}`, owner, { role: "manager" });
    expect(demote.status).toBe(409);
    expect(demote.json.code).toBe("LAST_OWNER");
    const leave = await call("DELETE", `/api/manager/members/${owner.userId}`, owner);
    expect(leave.json.code).toBe("LAST_OWNER");

    const promoted = await call("PATCH", `/api/manager/members/${manager.userId}`, owner, { role: "owner" });
    expect(promoted.status).toBe(200);
    expect(promoted.json).toMatchObject({ userId: manager.userId, role: "owner" });
    const left = await call("DELETE", `/api/manager/members/${owner.userId}`, owner);
    expect(left.status).toBe(200);
    owner = await h.signIn(one!.ownerEmail);
    expect(owner.user).toMatchObject({ role: "customer", dealershipId: null, managedDealershipId: null });

    const removed = await call("DELETE", `/api/manager/members/${staff.userId}`, manager);
    expect(removed.status).toBe(200);
    const after = await h.signIn("roles.staff@example.org");
    expect(after.user).toMatchObject({ role: "customer", dealershipId: null });

    const audited = await h.sql<{ action: string }[]>`
      select action from audit_log where dealership_id = ${one!.id} and action like 'dealership.member_%'
       order by id`;
    expect(audited.map((a) => a.action)).toEqual([
      "dealership.member_add",
      "dealership.member_add",
      "dealership.member_role",
      "dealership.member_remove",
      "dealership.member_remove",
    ]);
  });
});
