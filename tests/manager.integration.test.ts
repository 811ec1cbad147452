// The dealership manager's side: scoped to the manager's own dealership, the plan limit under concurrent
// adds, removal that keeps ratings, one audit row per change, the invite e-mail, the monthly report.
import { describe, expect, it } from "vitest";
import { PLANS } from "../src/shared/plans";
import { createHarness } from "./support/harness";

const h = await createHarness({ RATE_LIMIT_DISABLED: "true" });
await h.seed(0.05);

type Dealership = { id: number; name: string; city: string; state: string; time_zone: string; email: string };
const dealerships = await h.sql<Dealership[]>`
  select d.id, d.name, d.city, d.state, d.time_zone, u.email
    from dealerships d join dealership_members dm on dm.dealership_id = d.id and dm.role = 'owner' join users u on u.id = dm.user_id order by d.id limit 3`;
const [A, B, C] = [dealerships[0]!, dealerships[1]!, dealerships[2]!];

let serial = 0;
/** A salesperson of a dealership (verified unless asked otherwise), or independent with dealership null. */
async function member(dealership: Dealership | null, options: { verified?: boolean } = {}) {
  serial++;
  const home = dealership ?? A;
  const [row] = await h.sql<{ id: number; email: string }[]>`
    insert into salespeople (name, email, dealership_id, city, state, time_zone, verified_at, payment_model)
    values (${`Member ${serial}`}, ${`member.${serial}@sales.example.org`}, ${dealership?.id ?? null},
            ${home.city}, ${home.state}, ${home.time_zone},
            ${options.verified === false ? null : new Date()}, ${dealership ? "dealership" : "individual"})
    returning id, email`;
  return row!;
}

async function teamSize(dealership: Dealership) {
  const [row] = await h.sql<{ n: number }[]>`
    select count(*)::int as n from salespeople where dealership_id = ${dealership.id}`;
  return row!.n;
}

async function auditRows(action: string, entityId: number | string) {
  return h.sql<{ actor_role: string; dealership_id: number | null; before: unknown; after: unknown }[]>`
    select actor_role, dealership_id, before, after from audit_log
     where action = ${action} and entity_id = ${String(entityId)}`;
}

const managerA = await h.signIn(A.email, "manager");
const managerB = await h.signIn(B.email, "manager");
const managerC = await h.signIn(C.email, "manager");
const customer = await h.signIn("manager.test.customer@example.org");
const admin = await h.signIn("manager.test.admin@example.org", "admin");
const [someSalesperson] = await h.sql<{ email: string }[]>`
  select email from salespeople where dealership_id = ${B.id} order by id limit 1`;
const salesperson = await h.signIn(someSalesperson!.email, "salesperson");

function addBody(email: string, extra: Record<string, unknown> = {}) {
  return {
    name: "Jordan Blake",
    email,
    phoneNumber: "(512) 555-0142",
    yearsOfExperience: 4,
    bio: "Trucks and towing questions welcome.",
    paymentModel: "dealership",
    managerId: "6f1c2a4e-0000-4000-8000-000000000001",
    dealershipName: "Ignored Motors",
    ...extra,
  };
}

describe("who may use the manager area", () => {
  it("answers 401 signed out and 403 to customers, salespeople and administrators", async () => {
    const target = await member(A);
    const paths: [string, string, unknown?][] = [
      ["POST", "/api/manager/add-salesperson", addBody("nobody.1@example.org")],
      ["POST", "/api/manager/remove-salesperson", { salespersonId: target.id }],
      ["GET", "/api/manager/overview"],
      ["GET", "/api/manager/team"],
      ["GET", "/api/manager/performance"],
      ["GET", "/api/manager/report?month=2026-01&format=csv"],
    ];
    const teamBefore = await teamSize(A);
    for (const [method, path, body] of paths) {
      expect((await h.request(method, path, { body })).status, path).toBe(401);
      for (const who of [customer, salesperson, admin]) {
        const res = await h.request(method, path, { body, cookie: who.cookie });
        expect(res.status, `${path} as ${who.user.role}`).toBe(403);
      }
    }
    // Refused calls changed nothing: no team lost or gained a member.
    expect(await teamSize(A)).toBe(teamBefore);
    const [stays] = await h.sql<{ dealership_id: number | null }[]>`
      select dealership_id from salespeople where id = ${target.id}`;
    expect(stays).toEqual({ dealership_id: A.id });
    const [added] = await h.sql`select 1 from salespeople where email = 'nobody.1@example.org'`;
    expect(added).toBeUndefined();
  });

  it("knows a manager by the dealership's managerId, not by role or e-mail", async () => {
    const overview = await h.request("GET", "/api/manager/overview", { cookie: managerA.cookie });
    expect(overview.status).toBe(200);
    expect(overview.json.dealership).toMatchObject({ id: A.id, name: A.name, city: A.city, state: A.state });
    // A manager-role account that manages no dealership is not a manager.
    const orphan = await h.signIn("manager.without.dealership@example.org", "manager");
    expect((await h.request("GET", "/api/manager/overview", { cookie: orphan.cookie })).status).toBe(403);
  });
});

describe("a manager reaches only their own dealership", () => {
  it("gets the same 404 on a salesperson of another dealership as on one that does not exist", async () => {
    const theirs = await member(B);
    const theirsPending = await member(B, { verified: false });
    const cases: [string, unknown][] = [
      ["/api/manager/remove-salesperson", { salespersonId: theirs.id, managerId: managerB.userId }],
      ["/api/manager/verify-salesperson", { salespersonId: theirsPending.id }],
      ["/api/manager/reject-salesperson", { salespersonId: theirsPending.id }],
    ];
    for (const [path, body] of cases) {
      const res = await h.request("POST", path, { body, cookie: managerA.cookie });
      const missing = await h.request("POST", path, {
        body: { salespersonId: 2_000_000_000 },
        cookie: managerA.cookie,
      });
      // Nothing in the answer tells an id that exists elsewhere from one that does not exist.
      expect(res.status, path).toBe(404);
      expect(missing.status, `${path} (missing)`).toBe(404);
      expect(res.json, path).toEqual(missing.json);
    }
    const [after] = await h.sql<{ dealership_id: number; verified_at: Date | null }[]>`
      select dealership_id, verified_at from salespeople where id = ${theirsPending.id}`;
    expect(after).toEqual({ dealership_id: B.id, verified_at: null });
    const [stillThere] = await h.sql<{ dealership_id: number }[]>`
      select dealership_id from salespeople where id = ${theirs.id}`;
    expect(stillThere!.dealership_id).toBe(B.id);
    const [audits] = await h.sql<{ n: number }[]>`
      select count(*)::int as n from audit_log where entity_id in (${String(theirs.id)}, ${String(theirsPending.id)})`;
    expect(audits!.n).toBe(0);
    // The attempt on another dealership's salesperson is still recorded.
    const [denied] = await h.sql<{ n: number }[]>`
      select count(*)::int as n from security_events
       where event_type = 'authorization_denied' and details like ${`%salesperson ${theirsPending.id}%`}`;
    expect(denied!.n).toBe(2);
  });

  it("never shows another dealership's salespeople in team, performance or the report", async () => {
    const theirs = await member(B);
    const api = h.caller({
      user: managerA.user,
      session: { id: "s", userId: managerA.userId, expiresAt: new Date(), authenticatedAt: new Date() },
    });
    const team = await api.manager.team({ page: 1, pageSize: 100 });
    const performance = await api.manager.performance();
    const month = new Date().toISOString().slice(0, 7);
    const report = await api.manager.monthlyReport({ month });
    const ids = [
      ...team.items.map((m) => m.id),
      ...performance.leaderboard.map((m) => m.id),
      ...report.rows.map((r) => r.salespersonId),
    ];
    expect(ids).not.toContain(theirs.id);
    const [teamOfA] = await h.sql<{ ids: number[] }[]>`
      select coalesce(array_agg(id order by id), '{}') as ids from salespeople where dealership_id = ${A.id}`;
    expect(new Set(ids)).toEqual(new Set(teamOfA!.ids));
    // The report names no dealership in its input: asking for another one is refused as bad input.
    const res = await h.request(
      "GET",
      `/api/manager/report?month=${month}&format=json&dealershipId=${B.id}`,
      {
        cookie: managerA.cookie,
      },
    );
    expect(res.status).toBe(400);
  });
});

describe("adding salespeople", () => {
  it("invites a new address instead of creating a profile: nothing joins the team until it is accepted", async () => {
    const email = "new.hire@sales.example.org";
    const res = await h.request("POST", "/api/manager/add-salesperson", {
      cookie: managerA.cookie,
      body: addBody(email),
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      outcome: "invited",
      invitation: { email, name: null, role: "salesperson", dealership: { id: A.id } },
    });
    const profiles = await h.sql`select id from salespeople where email = ${email}`;
    expect(profiles).toHaveLength(0);
    expect(await auditRows("salesperson.invite", email)).toHaveLength(1);

    const mail = await h.waitForMail((m) => m.to.includes(email));
    expect(mail.subject).toContain(A.name);
    expect(mail.text).toContain("Hello Jordan Blake");
    expect(h.smtp.lastLinkFor(email)).toMatch(/\/invitations\/accept\?token=/);
  });

  it("invites an independent salesperson with that e-mail instead of taking their profile; refuses one of another dealership with 409", async () => {
    const independent = await member(null);
    await h.sql`insert into appointments (salesperson_id, appointment_type, starts_at, customer_name, customer_phone)
                values (${independent.id}, 'Test Drive', now() + interval '3 days', 'Private Buyer', '5125550111')`;
    const res = await h.request("POST", "/api/manager/add-salesperson", {
      cookie: managerA.cookie,
      body: addBody(independent.email, { paymentModel: "individual" }),
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      outcome: "invited",
      invitation: {
        email: independent.email,
        name: expect.stringMatching(/^Member /),
        paymentModel: "individual",
      },
    });
    expect(res.json.salesperson).toBeUndefined();
    // Nothing about the profile changed: it stays independent and unverified until its owner accepts.
    const [profile] = await h.sql<
      { dealership_id: number | null; verified_at: Date | null; payment_model: string }[]
    >`
      select dealership_id, verified_at, payment_model from salespeople where id = ${independent.id}`;
    expect(profile).toEqual({
      dealership_id: null,
      verified_at: expect.any(Date),
      payment_model: "individual",
    });
    expect(await auditRows("salesperson.attach", independent.id)).toHaveLength(0);
    expect(await auditRows("salesperson.invite", independent.id)).toHaveLength(1);
    const [invitation] = await h.sql<
      {
        dealership_id: number;
        salesperson_id: number;
        days: number;
        invited_by_user_id: string;
        role: string;
      }[]
    >`
      select dealership_id, salesperson_id, invited_by_user_id, role,
             round(extract(epoch from expires_at - created_at) / 86400)::int as days
        from invitations where id = ${res.json.invitation.id}`;
    expect(invitation).toEqual({
      dealership_id: A.id,
      salesperson_id: independent.id,
      invited_by_user_id: managerA.userId,
      role: "salesperson",
      days: 7,
    });
    const mail = await h.waitForMail((m) => m.to.includes(independent.email));
    expect(mail.subject).toContain(`${A.name} invites you`);
    const [notice] = await h.sql<{ type: string }[]>`
      select type from notifications where salesperson_id = ${independent.id}`;
    expect(notice?.type).toBe("team_invitation");

    // The manager is not staff for the invited salesperson: no customer details, no dashboard, no edits.
    const appointments = await h.request("GET", `/api/appointments/salesperson/${independent.id}`, {
      cookie: managerA.cookie,
    });
    expect(appointments.status).toBe(200);
    expect(appointments.json).toHaveLength(1);
    expect(appointments.json[0].customerPhone).toBeUndefined();
    expect(appointments.text).not.toContain("5125550111");
    const edit = await h.request("PATCH", `/api/salespeople/${independent.id}`, {
      cookie: managerA.cookie,
      body: { bio: "Taken over" },
    });
    expect(edit.status).toBe(404);
    const api = h.caller({
      user: managerA.user,
      session: { id: "s", userId: managerA.userId, expiresAt: new Date(), authenticatedAt: new Date() },
    });
    await expect(api.portal.overview({ salespersonId: independent.id })).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    const team = await api.manager.team({ page: 1, pageSize: 100 });
    expect(team.items.map((m) => m.id)).not.toContain(independent.id);
    expect((await api.manager.invitations()).map((i) => i.id)).toContain(res.json.invitation.id);

    const twice = await h.request("POST", "/api/manager/add-salesperson", {
      cookie: managerA.cookie,
      body: addBody(independent.email),
    });
    expect(twice.status).toBe(409);
    expect(twice.json.code).toBe("INVITATION_PENDING");

    const elsewhere = await member(B);
    const refused = await h.request("POST", "/api/manager/add-salesperson", {
      cookie: managerA.cookie,
      body: addBody(elsewhere.email),
    });
    expect(refused.status).toBe(409);
    expect(refused.json).toMatchObject({ code: "SALESPERSON_AT_OTHER_DEALERSHIP" });
    expect(refused.json.message).toMatch(/another dealership/);

    const manager = await h.request("POST", "/api/manager/add-salesperson", {
      cookie: managerA.cookie,
      body: addBody(B.email),
    });
    expect(manager.status).toBe(409);
  });

  it("refuses bad input with 400 and never a 500", async () => {
    for (const body of [
      addBody("x@example.org", { name: "" }),
      addBody("not-an-email"),
      addBody("y@example.org", { yearsOfExperience: 60 }),
      addBody("z@example.org", { paymentModel: "commission" }),
      addBody("w@example.org", { role: "admin" }),
    ]) {
      const res = await h.request("POST", "/api/manager/add-salesperson", { cookie: managerA.cookie, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
  });

  it("holds the plan limit under 5 concurrent adds at 9 members: exactly one succeeds", async () => {
    // Dealer Basic (10 salespeople), as its webhook-written subscription row says.
    await h.sql`
      insert into subscriptions (stripe_subscription_id, salesperson_id, dealership_id, plan, interval, status, seats,
                                 current_period_end)
      values ('sub_manager_test_basic', null, ${C.id}, 'dealer-basic', 'month', 'active', 1, now() + interval '20 days')`;
    const BASIC_LIMIT =
      PLANS["dealer-basic"].allowance?.kind === "fixed" ? PLANS["dealer-basic"].allowance.salespeople : 0;
    expect(BASIC_LIMIT).toBe(10);
    while ((await teamSize(C)) < BASIC_LIMIT - 1) await member(C);
    while ((await teamSize(C)) > BASIC_LIMIT - 1) {
      await h.sql`update salespeople set dealership_id = null
                   where id = (select max(id) from salespeople where dealership_id = ${C.id})`;
    }
    expect(await teamSize(C)).toBe(9);
    // One refused add first, so the five below start warm and overlap inside their transactions.
    const warmUp = await h.request("POST", "/api/manager/add-salesperson", {
      cookie: managerC.cookie,
      body: addBody(B.email),
    });
    expect(warmUp.status).toBe(409);
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        h.request("POST", "/api/manager/add-salesperson", {
          cookie: managerC.cookie,
          body: addBody(`race.${i}@sales.example.org`),
        }),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409]);
    for (const refused of results.filter((r) => r.status === 409)) {
      expect(refused.json.message).toContain("Plan limit reached");
      expect(refused.json.code).toBe("PLAN_LIMIT_REACHED");
    }
    // The one that succeeded is an invitation: it holds the tenth place until it is answered.
    expect(await teamSize(C)).toBe(BASIC_LIMIT - 1);
    const [audits] = await h.sql<{ n: number }[]>`
      select count(*)::int as n from audit_log where action = 'salesperson.invite' and dealership_id = ${C.id}`;
    expect(audits!.n).toBe(1);

    const overview = await h.request("GET", "/api/manager/overview", { cookie: managerC.cookie });
    expect(overview.json.plan).toMatchObject({
      planId: "dealer-basic",
      name: "Dealer Basic",
      status: "active",
      monthlyPriceCents: 69_000,
      salespersonLimit: 10,
      used: 10,
      limitReached: true,
    });
  });
});

describe("invitations to salespeople who already have a profile", () => {
  async function invite(manager: typeof managerA, email: string, extra: Record<string, unknown> = {}) {
    const res = await h.request("POST", "/api/manager/add-salesperson", {
      cookie: manager.cookie,
      body: addBody(email, extra),
    });
    expect(res.status).toBe(201);
    expect(res.json.outcome).toBe("invited");
    return res.json.invitation.id as string;
  }

  it("is accepted by the profile's owner only: one transaction moves, verifies and audits; it works once", async () => {
    const independent = await member(null);
    const id = await invite(managerA, independent.email, { paymentModel: "dealership" });
    const owner = await h.signIn(independent.email, "salesperson");
    const intruder = await h.signIn(someSalesperson!.email, "salesperson");

    const listed = await h.request("GET", "/api/salesperson/invitations", { cookie: owner.cookie });
    expect(listed.status).toBe(200);
    expect(listed.json).toEqual([
      expect.objectContaining({
        id,
        paymentModel: "dealership",
        dealership: expect.objectContaining({ id: A.id, name: A.name }),
      }),
    ]);
    expect(
      (await h.request("GET", "/api/salesperson/invitations", { cookie: intruder.cookie })).json,
    ).toEqual([]);
    // Someone else's invitation, or the inviting manager, cannot answer it.
    for (const who of [intruder, managerA]) {
      const res = await h.request("POST", `/api/salesperson/invitations/${id}/accept`, {
        cookie: who.cookie,
      });
      expect(res.status, who.user.role).toBe(who === managerA ? 403 : 404);
    }

    const accepted = await h.request("POST", `/api/salesperson/invitations/${id}/accept`, {
      cookie: owner.cookie,
    });
    expect(accepted.status).toBe(200);
    expect(accepted.json).toEqual({ id, status: "accepted", dealershipId: A.id });
    const [profile] = await h.sql<
      { dealership_id: number; city: string; payment_model: string; verified_at: Date | null }[]
    >`select dealership_id, city::text as city, payment_model, verified_at from salespeople where id = ${independent.id}`;
    expect(profile).toMatchObject({ dealership_id: A.id, city: A.city, payment_model: "dealership" });
    expect(profile!.verified_at).toBeInstanceOf(Date);
    const joined = await auditRows("salesperson.join", independent.id);
    expect(joined).toHaveLength(1);
    expect(joined[0]).toMatchObject({ actor_role: "salesperson", dealership_id: A.id });
    const [notice] = await h.sql<{ title: string }[]>`
      select title from notifications where user_id = ${managerA.userId} and type = 'team_invitation'
       order by id desc limit 1`;
    expect(notice?.title).toBe("Invitation accepted");

    const again = await h.request("POST", `/api/salesperson/invitations/${id}/accept`, {
      cookie: owner.cookie,
    });
    expect(again.status).toBe(404);
    expect(again.json.code).toBe("INVITATION_NOT_FOUND");
    const added = await h.request("POST", "/api/manager/add-salesperson", {
      cookie: managerA.cookie,
      body: addBody(independent.email),
    });
    expect(added.json.code).toBe("ALREADY_ON_TEAM");
  });

  it("is refused after it expires, after it is revoked and after it is declined; declining changes nothing", async () => {
    const declining = await member(null);
    const declined = await invite(managerB, declining.email);
    const owner = await h.signIn(declining.email, "salesperson");
    const no = await h.request("POST", `/api/salesperson/invitations/${declined}/decline`, {
      cookie: owner.cookie,
    });
    expect(no.status).toBe(200);
    expect(no.json.status).toBe("declined");
    const late = await h.request("POST", `/api/salesperson/invitations/${declined}/accept`, {
      cookie: owner.cookie,
    });
    expect(late.status).toBe(404);
    const [row] = await h.sql<{ dealership_id: number | null }[]>`
      select dealership_id from salespeople where id = ${declining.id}`;
    expect(row!.dealership_id).toBeNull();

    const expiring = await member(null);
    const expired = await invite(managerB, expiring.email);
    await h.sql`update invitations set expires_at = now() - interval '1 minute' where id = ${expired}`;
    const expiringOwner = await h.signIn(expiring.email, "salesperson");
    expect(
      (await h.request("GET", "/api/salesperson/invitations", { cookie: expiringOwner.cookie })).json,
    ).toEqual([]);
    const tooLate = await h.request("POST", `/api/salesperson/invitations/${expired}/accept`, {
      cookie: expiringOwner.cookie,
    });
    expect(tooLate.status).toBe(404);
    // An expired invitation does not block a new one.
    await invite(managerB, expiring.email);

    const revoking = await member(null);
    const revoked = await invite(managerB, revoking.email);
    expect(
      (await h.request("POST", `/api/manager/invitations/${revoked}/revoke`, { cookie: managerA.cookie }))
        .status,
    ).toBe(404);
    const revokedRes = await h.request("POST", `/api/manager/invitations/${revoked}/revoke`, {
      cookie: managerB.cookie,
    });
    expect(revokedRes.status).toBe(200);
    expect(revokedRes.json).toEqual({ id: revoked, revoked: true });
    const revokingOwner = await h.signIn(revoking.email, "salesperson");
    const afterRevoke = await h.request("POST", `/api/salesperson/invitations/${revoked}/accept`, {
      cookie: revokingOwner.cookie,
    });
    expect(afterRevoke.status).toBe(404);
    const pending = await h.request("GET", "/api/manager/invitations", { cookie: managerB.cookie });
    expect(pending.json.map((i: { id: string }) => i.id)).not.toContain(revoked);
    expect(await auditRows("salesperson.invite_revoke", revoking.id)).toHaveLength(1);
  });

  it("counts open invitations toward the plan limit, at the add and at the acceptance", async () => {
    const [D] = await h.sql<Dealership[]>`
      select d.id, d.name, d.city, d.state, d.time_zone, u.email
        from dealerships d join dealership_members dm on dm.dealership_id = d.id and dm.role = 'owner' join users u on u.id = dm.user_id order by d.id offset 3 limit 1`;
    await h.sql`
      insert into subscriptions (stripe_subscription_id, salesperson_id, dealership_id, plan, interval, status, seats,
                                 current_period_end)
      values ('sub_manager_test_invites', null, ${D!.id}, 'dealer-basic', 'month', 'active', 1, now() + interval '20 days')`;
    while ((await teamSize(D!)) < 8) await member(D!);
    while ((await teamSize(D!)) > 8) {
      await h.sql`update salespeople set dealership_id = null
                   where id = (select max(id) from salespeople where dealership_id = ${D!.id})`;
    }
    const managerD = await h.signIn(D!.email, "manager");
    const first = await member(null);
    const second = await member(null);
    await invite(managerD, first.email);
    await invite(managerD, second.email);
    // 8 members + 2 open invitations = the plan's 10.
    const full = await h.request("POST", "/api/manager/add-salesperson", {
      cookie: managerD.cookie,
      body: addBody("one.too.many@sales.example.org"),
    });
    expect(full.status).toBe(409);
    expect(full.json.code).toBe("PLAN_LIMIT_REACHED");
    const overview = await h.request("GET", "/api/manager/overview", { cookie: managerD.cookie });
    expect(overview.json.plan).toMatchObject({ used: 10, limitReached: true });
    // A member added behind the plan's back: accepting would go past the limit, so it is refused.
    await member(D!);
    const owner = await h.signIn(first.email, "salesperson");
    const [open] = (await h.request("GET", "/api/salesperson/invitations", { cookie: owner.cookie })).json;
    const refused = await h.request("POST", `/api/salesperson/invitations/${open.id}/accept`, {
      cookie: owner.cookie,
    });
    expect(refused.status).toBe(409);
    expect(refused.json.code).toBe("PLAN_LIMIT_REACHED");
    const [row] = await h.sql<{ dealership_id: number | null }[]>`
      select dealership_id from salespeople where id = ${first.id}`;
    expect(row!.dealership_id).toBeNull();
  });
});

describe("removing, verifying and rejecting", () => {
  it("makes a removed salesperson independent and keeps their ratings; one audit row", async () => {
    const [rated] = await h.sql<{ id: number; ratings: number; average: number }[]>`
      select s.id, count(r.id)::int as ratings, s.average_rating::float8 as average
        from salespeople s join ratings r on r.salesperson_id = s.id
       where s.dealership_id is not null
       group by s.id order by s.id limit 1`;
    const [home] = await h.sql<{ email: string; dealership_id: number }[]>`
      select u.email, d.id as dealership_id from salespeople s join dealerships d on d.id = s.dealership_id
        join dealership_members dm on dm.dealership_id = d.id and dm.role = 'owner' join users u on u.id = dm.user_id where s.id = ${rated!.id}`;
    const owner = await h.signIn(home!.email, "manager");
    const res = await h.request("POST", "/api/manager/remove-salesperson", {
      cookie: owner.cookie,
      body: { salespersonId: rated!.id, managerId: owner.userId },
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: rated!.id, independent: true });
    const [after] = await h.sql<
      { dealership_id: number | null; payment_model: string; ratings: number; average: number }[]
    >`
      select s.dealership_id, s.payment_model, s.average_rating::float8 as average,
             (select count(*)::int from ratings r where r.salesperson_id = s.id) as ratings
        from salespeople s where s.id = ${rated!.id}`;
    expect(after).toEqual({
      dealership_id: null,
      payment_model: "individual",
      ratings: rated!.ratings,
      average: rated!.average,
    });
    const audits = await auditRows("salesperson.remove", rated!.id);
    expect(audits).toHaveLength(1);
    expect(audits[0]!.before).toMatchObject({ dealershipId: home!.dealership_id });
    // Gone from the team: a second removal is refused, not repeated.
    const again = await h.request("POST", "/api/manager/remove-salesperson", {
      cookie: owner.cookie,
      body: { salespersonId: rated!.id },
    });
    expect(again.status).toBe(404);
    expect(await auditRows("salesperson.remove", rated!.id)).toHaveLength(1);
  });

  it("lists pending verifications; confirm and reject each write one audit row", async () => {
    const pending = await member(A, { verified: false });
    const rejected = await member(A, { verified: false });
    const api = h.caller({
      user: managerA.user,
      session: { id: "s", userId: managerA.userId, expiresAt: new Date(), authenticatedAt: new Date() },
    });
    const waiting = (await api.manager.pendingVerifications()).map((m) => m.id);
    expect(waiting).toEqual(expect.arrayContaining([pending.id, rejected.id]));

    const confirmed = await h.request("POST", "/api/manager/verify-salesperson", {
      cookie: managerA.cookie,
      body: { salespersonId: pending.id },
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.json.verifiedAt).toBeTruthy();
    expect(await auditRows("salesperson.verify", pending.id)).toHaveLength(1);

    const refusedReject = await h.request("POST", "/api/manager/reject-salesperson", {
      cookie: managerA.cookie,
      body: { salespersonId: pending.id },
    });
    expect(refusedReject.status).toBe(409);

    const rejectRes = await h.request("POST", "/api/manager/reject-salesperson", {
      cookie: managerA.cookie,
      body: { salespersonId: rejected.id, reason: "Does not work here" },
    });
    expect(rejectRes.status).toBe(200);
    const [row] = await h.sql<{ dealership_id: number | null; payment_model: string }[]>`
      select dealership_id, payment_model from salespeople where id = ${rejected.id}`;
    expect(row).toEqual({ dealership_id: null, payment_model: "individual" });
    const audits = await auditRows("salesperson.reject", rejected.id);
    expect(audits).toHaveLength(1);
    const remaining = (await api.manager.pendingVerifications()).map((m) => m.id);
    expect(remaining).not.toContain(pending.id);
    expect(remaining).not.toContain(rejected.id);
  });
});

describe("the manager's audit trail", () => {
  it("shows administrators who acted on the dealership as 'Administrator', without their e-mail or IP", async () => {
    await h.sql`
      insert into audit_log (actor_user_id, actor_role, action, entity_type, entity_id, dealership_id, ip_address)
      values (${admin.userId}, 'admin', 'dealership.update', 'dealership', ${String(A.id)}, ${A.id}, '203.0.113.77'),
             (${managerA.userId}, 'manager', 'salesperson.add', 'salesperson', '1', ${A.id}, '198.51.100.5')`;
    const asManager = h.caller({
      user: managerA.user,
      session: { id: "s", userId: managerA.userId, expiresAt: new Date(), authenticatedAt: new Date() },
    });
    const page = await asManager.auditTrail.list({ pageSize: 100 });
    const byAdmin = page.items.find((e) => e.action === "dealership.update");
    expect(byAdmin).toMatchObject({
      actorRole: "admin",
      actorName: "Administrator",
      actorEmail: null,
      actorUserId: null,
      ipAddress: null,
    });
    const own = page.items.find((e) => e.actorRole === "manager" && e.ipAddress === "198.51.100.5");
    expect(own?.actorEmail).toBe(A.email);
    // Searching by the administrator's address finds nothing, and the export carries neither.
    expect((await asManager.auditTrail.list({ actorEmail: "manager.test.admin" })).total).toBe(0);
    const csv = await h.request("GET", "/api/admin/audit-log?format=csv", { cookie: managerA.cookie });
    expect(csv.status).toBe(200);
    expect(csv.text).not.toContain("manager.test.admin@example.org");
    expect(csv.text).not.toContain("203.0.113.77");
    expect(csv.text).toContain("198.51.100.5");
    // Administrators still see who did it.
    const asAdmin = await h.request("GET", "/api/admin/audit-log?format=csv", { cookie: admin.cookie });
    expect(asAdmin.text).toContain("manager.test.admin@example.org");
    expect(asAdmin.text).toContain("203.0.113.77");
  });
});

describe("overview, performance and the monthly report", () => {
  it("computes the overview from the rows", async () => {
    const res = await h.request("GET", "/api/manager/overview", { cookie: managerB.cookie });
    expect(res.status).toBe(200);
    const [expected] = await h.sql<{ average: number | null; total: number; team: number; city: number }[]>`
      select round(avg(r.overall_rating), 1)::float8 as average, count(r.id)::int as total,
             (select count(*)::int from salespeople where dealership_id = ${B.id}) as team,
             (select count(*)::int from salespeople where city = ${B.city} and state = ${B.state}) as city
        from ratings r join salespeople s on s.id = r.salesperson_id
       where s.dealership_id = ${B.id} and r.removed_at is null and r.moderation_status = 'published'`;
    expect(res.json).toMatchObject({
      averageRating: expected!.average,
      totalReviews: expected!.total,
      totalSalespeople: expected!.team,
      salespeopleInCity: expected!.city,
    });
  });

  it("counts performers by the rating bands and ranks the leaderboard by average rating", async () => {
    const top = await member(B);
    await h.sql`update salespeople set average_rating = 4.8, total_reviews = 5 where id = ${top.id}`;
    const [done] = await h.sql<{ id: number }[]>`
      insert into appointments (salesperson_id, appointment_type, starts_at, status, customer_name, customer_phone)
      values (${top.id}, 'Test Drive', now() - interval '3 days', 'completed', 'A', '5125550100'),
             (${top.id}, 'Test Drive', now() - interval '4 days', 'no-show', 'B', '5125550100'),
             (${top.id}, 'Test Drive', now() - interval '5 days', 'completed', 'C', '5125550100'),
             (${top.id}, 'Test Drive', now() - interval '6 days', 'cancelled', 'D', '5125550100')
      returning id`;
    expect(done).toBeDefined();
    const res = await h.request("GET", "/api/manager/performance", { cookie: managerB.cookie });
    expect(res.status).toBe(200);
    const board = res.json.leaderboard as { id: number; averageRating: number; band: string }[];
    const { topPerformers, averagePerformers, needsImprovement, unrated } = res.json;
    expect(topPerformers + averagePerformers + needsImprovement + unrated).toBe(board.length);
    const ratings = board.map((e) => e.averageRating);
    expect(ratings).toEqual([...ratings].sort((x, y) => y - x));
    expect(res.json.leaderboard.find((e: { id: number }) => e.id === top.id)).toMatchObject({
      band: "top",
      closedAppointments: 4,
      completed: 2,
      noShows: 1,
      completionRate: 0.5,
      noShowRate: 0.25,
      openIncidents: 0,
    });
  });

  it("downloads the monthly report as CSV and JSON with Content-Disposition", async () => {
    const [person] = await h.sql<{ id: number; name: string }[]>`
      select id, name from salespeople where dealership_id = ${B.id} order by id limit 1`;
    const [month] = await h.sql<{ month: string; at: Date }[]>`
      select to_char(now() at time zone ${B.time_zone}, 'YYYY-MM') as month,
             date_trunc('month', now() at time zone ${B.time_zone}) at time zone ${B.time_zone} + interval '2 days' as at`;
    const at = month!.at;
    await h.sql`
      insert into appointments (salesperson_id, appointment_type, starts_at, status, customer_name, customer_phone)
      values (${person!.id}, 'Test Drive', ${at}, 'cancelled', 'Report', '5125550100'),
             (${person!.id}, 'Car Viewing', ${new Date(at.getTime() + 3_600_000)}, 'no-show', 'Report', '5125550100')`;
    const [conversation] = await h.sql<{ id: number }[]>`
      insert into conversations (customer_id, salesperson_id, contact_method)
      values (${customer.userId}, ${person!.id}, 'email') returning id`;
    await h.sql`
      insert into messages (conversation_id, sender_role, body, created_at) values
        (${conversation!.id}, 'customer', 'Is it available?', ${at}),
        (${conversation!.id}, 'customer', 'Hello?', ${new Date(at.getTime() + 60_000)}),
        (${conversation!.id}, 'salesperson', 'Yes it is.', ${new Date(at.getTime() + 30 * 60_000)})`;

    const json = await h.request("GET", `/api/manager/report?month=${month!.month}&format=json`, {
      cookie: managerB.cookie,
    });
    expect(json.status).toBe(200);
    expect(json.headers.get("content-type")).toContain("application/json");
    expect(json.headers.get("content-disposition")).toBe(
      `attachment; filename="dealership-${B.id}-report-${month!.month}.json"`,
    );
    const row = json.json.rows.find((r: { salespersonId: number }) => r.salespersonId === person!.id);
    expect(row).toMatchObject({
      cancellations: 1,
      noShows: 1,
      customerMessages: 2,
      repliedMessages: 1,
      averageReplyMinutes: 30,
    });
    expect(row.appointments).toBeGreaterThanOrEqual(2);
    expect(json.json.totals.cancellations).toBeGreaterThanOrEqual(1);

    const csv = await h.request("GET", `/api/manager/report?month=${month!.month}&format=csv`, {
      cookie: managerB.cookie,
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    expect(csv.headers.get("content-disposition")).toContain(".csv");
    const lines = csv.text.trim().split("\r\n");
    expect(lines[0]).toBe(
      "Salesperson ID,Salesperson,Appointments,Completed,Cancellations,No-shows,Reviews,Average rating,Misconduct cases,Customer messages,Replied messages,Average reply (minutes)",
    );
    expect(lines.at(-1)).toMatch(/^,Total,/);
    expect(lines.some((line) => line.startsWith(`${person!.id},${person!.name},`))).toBe(true);

    for (const bad of ["2026-13", "26-01", "2026-1"]) {
      const res = await h.request("GET", `/api/manager/report?month=${bad}`, { cookie: managerB.cookie });
      expect(res.status, bad).toBe(400);
    }
  });
});
