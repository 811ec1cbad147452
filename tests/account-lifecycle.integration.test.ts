// Accounts in administrators' hands (docs/product/admin.md#account-lifecycle): a user of each role created,
// roles changed, promotions that need a second administrator, the last administrator kept, suspension that
// stops cookie, bearer session and API key at once and takes a profile out of browse, its page and booking,
// reactivation, and an erased account that stays erased.
import { describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS, DEMO_ADMIN_PASSWORD } from "../src/server/seed/demo";
import { createHarness, sessionCookieFrom } from "./support/harness";
import { managerOf } from "./support/members";
import { openDay } from "./support/openHours";

const h = await createHarness({ RATE_LIMIT_DISABLED: "true", ADMIN_CODE: "life-code" });
await h.seed(0.02);

const admin1 = await h.signIn("life.admin1@example.org", "admin");
const admin2 = await h.signIn("life.admin2@example.org", "admin");
type Signed = Awaited<ReturnType<typeof h.signIn>>;
const api = (s: Signed) =>
  h.caller({
    user: s.user,
    session: { id: "s", userId: s.userId, expiresAt: new Date(), authenticatedAt: new Date() },
  });

async function lastAudit() {
  const [row] = await h.sql<{ action: string; reason: string | null; before: unknown; after: unknown }[]>`
    select action, reason, before, after from audit_log order by id desc limit 1`;
  return row!;
}

async function freeDealership(name: string) {
  const [row] = await h.sql<{ id: number }[]>`
    insert into dealerships (name, address, city, state, zip_code, time_zone, latitude, longitude)
    values (${name}, '1 Main St', 'Austin', 'TX', '78701', 'America/Chicago', 30.27, -97.74) returning id`;
  return row!.id;
}

const [managed] = await h.sql<{ id: number; managerId: string; name: string }[]>`
  select d.id, m.user_id as "managerId", d.name
    from dealerships d join dealership_members m on m.dealership_id = d.id and m.role = 'owner'
   order by d.id limit 1`;

describe("creating users", () => {
  it("creates a customer, a salesperson with a profile, and a manager of a free dealership, none with a password", async () => {
    const customer = await api(admin1).admin.createUser({
      email: "life.customer@example.org",
      firstName: "Cleo",
      target: { role: "customer" },
    });
    expect(customer).toMatchObject({ role: "customer", salespersonId: null, managedDealershipId: null });
    expect(await lastAudit()).toMatchObject({ action: "user.create" });

    const dealershipId = await freeDealership("Lifecycle Motors");
    const seller = await api(admin1).admin.createUser({
      email: "life.seller@example.org",
      firstName: "Sol",
      lastName: "Vega",
      target: { role: "salesperson", dealershipId },
    });
    expect(seller.role).toBe("salesperson");
    const [profile] = await h.sql<{ user_id: string; dealership_id: number; name: string }[]>`
      select user_id, dealership_id, name from salespeople where id = ${seller.salespersonId}`;
    expect(profile).toEqual({ user_id: seller.id, dealership_id: dealershipId, name: "Sol Vega" });

    const manager = await api(admin1).admin.createUser({
      email: "life.manager@example.org",
      target: { role: "manager", dealershipId },
    });
    expect(manager).toMatchObject({ role: "manager", managedDealershipId: dealershipId });

    const hashes = await h.sql<{ password_hash: string | null }[]>`
      select password_hash from users where id in ${h.sql([customer.id, seller.id, manager.id])}`;
    expect(hashes.map((r) => r.password_hash)).toEqual([null, null, null]);
  });

  it("refuses a dealership that has a manager unless told to replace them, and audits the hand-over", async () => {
    const refused = await api(admin1)
      .admin.createUser({
        email: "life.mgr2@example.org",
        target: { role: "manager", dealershipId: managed!.id },
      })
      .catch((e: { code: string; message: string }) => e);
    expect(refused).toMatchObject({ code: "CONFLICT", message: expect.stringContaining(managed!.name) });
    const [nobody] = await h.sql`select 1 from users where email = 'life.mgr2@example.org'`;
    expect(nobody).toBeUndefined();

    const next = await api(admin1).admin.createUser({
      email: "life.mgr2@example.org",
      target: { role: "manager", dealershipId: managed!.id, replaceManager: true },
    });
    expect(next.managedDealershipId).toBe(managed!.id);
    const [previous] = await h.sql<
      { role: string }[]
    >`select role from users where id = ${managed!.managerId}`;
    expect(previous!.role).toBe("customer");
    const [handOver] = await h.sql<{ before: unknown; after: unknown }[]>`
      select before, after from audit_log where action = 'dealership.manager' and entity_id = ${String(managed!.id)}`;
    expect(handOver).toEqual({ before: { managerId: managed!.managerId }, after: { managerId: next.id } });
  });

  it("creates an administrator as a request a second administrator decides", async () => {
    const asked = await api(admin1).admin.createUser({
      email: "life.future.admin@example.org",
      target: { role: "admin", reason: "Runs support" },
    });
    expect(asked.role).toBe("customer");
    expect(asked.promotionRequestId).toEqual(expect.any(Number));
    const open = await api(admin2).admin.promotions();
    expect(open.map((p) => p.email)).toContain("life.future.admin@example.org");
  });
});

describe("changing roles", () => {
  it("moves an account from customer to manager and back, and from customer to salesperson, each change audited", async () => {
    const person = await h.signIn("life.mover@example.org");
    const dealershipId = await freeDealership("Mover Motors");
    const manager = await api(admin1).admin.changeRole({
      id: person.userId,
      target: { role: "manager", dealershipId },
    });
    expect(manager).toMatchObject({ role: "manager", managedDealershipId: dealershipId });
    expect(await lastAudit()).toMatchObject({
      action: "user.role",
      before: { role: "customer", managedDealershipId: null },
      after: { role: "manager", managedDealershipId: dealershipId },
    });
    const back = await api(admin1).admin.changeRole({ id: person.userId, target: { role: "customer" } });
    expect(back).toMatchObject({ role: "customer", managedDealershipId: null });
    expect(await managerOf(h.sql, dealershipId)).toBeNull();
    const seller = await api(admin1).admin.changeRole({
      id: person.userId,
      target: { role: "salesperson", dealershipId },
    });
    expect(seller).toMatchObject({ role: "salesperson", salespersonId: expect.any(Number) });
  });

  it("keeps an account with a salesperson profile a salesperson: manager, customer and administrator are refused", async () => {
    const person = await h.signIn("life.seller.stays@example.org");
    const dealershipId = await freeDealership("Stay Motors");
    const seller = await api(admin1).admin.changeRole({
      id: person.userId,
      target: { role: "salesperson", dealershipId },
    });
    const refusal = (e: { code: string; message: string }) => e;
    const targets = [
      { role: "manager" as const, dealershipId, replaceManager: true },
      { role: "customer" as const },
      { role: "admin" as const, reason: "Helps with support" },
    ];
    for (const target of targets) {
      const refused = await api(admin1).admin.changeRole({ id: person.userId, target }).catch(refusal);
      expect(refused, target.role).toMatchObject({
        code: "CONFLICT",
        message: expect.stringContaining("This account has a salesperson profile"),
      });
    }
    // Nothing changed: still a salesperson with the profile, managing nothing, no promotion request.
    expect(
      await api(admin1).admin.changeRole({
        id: person.userId,
        target: { role: "salesperson", dealershipId },
      }),
    ).toMatchObject({
      role: "salesperson",
      salespersonId: seller.salespersonId,
      managedDealershipId: null,
      promotionRequestId: null,
    });
    expect(await managerOf(h.sql, dealershipId)).toBeNull();

    // REST answers the same refusals as 409 with their code.
    const role = await h.request("PUT", `/api/admin/user/${person.userId}/role`, {
      cookie: admin1.cookie,
      body: { target: { role: "customer" } },
    });
    expect([role.status, role.json.code]).toEqual([409, "HAS_SALESPERSON_PROFILE"]);
    const promotion = await h.request("POST", "/api/admin/promotions", {
      cookie: admin1.cookie,
      body: { userId: person.userId, reason: "Helps with support" },
    });
    expect([promotion.status, promotion.json.code]).toEqual([409, "HAS_SALESPERSON_PROFILE"]);
  });

  it("refuses a new manager at the address of a salesperson profile, and a promotion once a profile is linked", async () => {
    await h.sql`
      insert into salespeople (name, email, city, state, time_zone, payment_model)
      values ('Unlinked Seller', 'life.unlinked@example.org', 'Austin', 'TX', 'America/Chicago', 'individual')`;
    const dealershipId = await freeDealership("Unlinked Motors");
    const refused = await api(admin1)
      .admin.createUser({ email: "life.unlinked@example.org", target: { role: "manager", dealershipId } })
      .catch((e: { code: string; message: string }) => e);
    expect(refused).toMatchObject({
      code: "CONFLICT",
      message: expect.stringContaining("salesperson profile"),
    });
    const [nobody] = await h.sql`select 1 from users where email = 'life.unlinked@example.org'`;
    expect(nobody).toBeUndefined();

    // A request filed before the account held a profile is not approved after it came to hold one.
    const person = await h.signIn("life.later.seller@example.org");
    const request = await api(admin1).admin.requestPromotion({
      userId: person.userId,
      reason: "Night shift",
    });
    await h.sql`
      insert into salespeople (name, email, city, state, time_zone, payment_model, user_id)
      values ('Later Seller', 'life.later.seller@example.org', 'Austin', 'TX', 'America/Chicago', 'individual',
              ${person.userId})`;
    const approval = await api(admin2)
      .admin.decidePromotion({ id: request.id, decision: "approve" })
      .catch((e: { code: string; message: string }) => e);
    expect(approval).toMatchObject({
      code: "CONFLICT",
      message: expect.stringContaining("salesperson profile"),
    });
    const [row] = await h.sql<{ role: string }[]>`select role from users where id = ${person.userId}`;
    expect(row!.role).toBe("customer");
  });
});

describe("promotions to administrator", () => {
  it("needs a different administrator to approve; the asker may only withdraw", async () => {
    const person = await h.signIn("life.promoted@example.org");
    const request = await api(admin1).admin.requestPromotion({ userId: person.userId, reason: "On call" });
    const own = await api(admin1)
      .admin.decidePromotion({ id: request.id, decision: "approve" })
      .catch((e: { code: string }) => e);
    expect(own).toMatchObject({ code: "FORBIDDEN" });
    const notTheirs = await api(admin2)
      .admin.decidePromotion({ id: request.id, decision: "withdraw" })
      .catch((e: { code: string }) => e);
    expect(notTheirs).toMatchObject({ code: "FORBIDDEN" });
    const [still] = await h.sql<{ role: string }[]>`select role from users where id = ${person.userId}`;
    expect(still!.role).toBe("customer");

    const approved = await api(admin2).admin.decidePromotion({ id: request.id, decision: "approve" });
    expect(approved.outcome).toBe("approved");
    const [now] = await h.sql<{ role: string }[]>`select role from users where id = ${person.userId}`;
    expect(now!.role).toBe("admin");
    expect(await lastAudit()).toMatchObject({ action: "user.promotion_approved" });
    // The promotion ended the account's sessions: the cookie from before is refused.
    expect((await h.request("GET", "/api/auth/user", { cookie: person.cookie })).status).toBe(401);
  });

  it("is declined by another administrator or withdrawn by its asker, leaving the role as it was", async () => {
    const person = await h.signIn("life.declined@example.org");
    const first = await api(admin1).admin.requestPromotion({ userId: person.userId, reason: "Maybe" });
    const twice = await api(admin2)
      .admin.requestPromotion({ userId: person.userId, reason: "Again" })
      .catch((e: { code: string }) => e);
    expect(twice).toMatchObject({ code: "CONFLICT" });
    expect((await api(admin2).admin.decidePromotion({ id: first.id, decision: "decline" })).outcome).toBe(
      "declined",
    );
    const second = await api(admin1).admin.requestPromotion({ userId: person.userId, reason: "Later" });
    expect((await api(admin1).admin.decidePromotion({ id: second.id, decision: "withdraw" })).outcome).toBe(
      "withdrawn",
    );
    const [row] = await h.sql<{ role: string }[]>`select role from users where id = ${person.userId}`;
    expect(row!.role).toBe("customer");
  });

  it("refuses to take the role from the last active administrator", async () => {
    const others = await h.sql<{ id: string }[]>`
      update users set disabled_at = now(), suspension_reason = 'test: only one administrator left'
       where role = 'admin' and disabled_at is null and id <> ${admin1.userId} returning id`;
    try {
      const refused = await api(admin1)
        .admin.changeRole({ id: admin1.userId, target: { role: "customer" } })
        .catch((e: { code: string; message: string }) => e);
      expect(refused).toMatchObject({ code: "CONFLICT", message: expect.stringContaining("last") });
      const [row] = await h.sql<{ role: string }[]>`select role from users where id = ${admin1.userId}`;
      expect(row!.role).toBe("admin");
    } finally {
      await h.sql`
        update users set disabled_at = null, suspension_reason = null
         where id in ${h.sql(others.map((o) => o.id))}`;
    }
  });
});

describe("suspension", () => {
  const reason = "Repeated abusive messages";
  const suspend = (id: string) =>
    h.request("POST", `/api/admin/user/${id}/suspend`, { cookie: admin1.cookie, body: { reason } });
  const reactivate = (id: string) =>
    h.request("POST", `/api/admin/user/${id}/reactivate`, {
      cookie: admin1.cookie,
      body: { reason: "Apologised" },
    });

  it("stops the cookie, the bearer session and the API key at once; sign-in says the account is suspended", async () => {
    const [m] = await h.sql<{ email: string }[]>`
      select u.email from users u join dealership_members dm on dm.user_id = u.id and dm.role = 'owner' join dealerships d on d.id = dm.dealership_id
       where u.disabled_at is null and u.id <> ${managed!.managerId} order by d.id limit 1`;
    const manager = await h.signIn(m!.email, "manager");
    const bearer = await h.signIn(m!.email, "manager");
    const key = await h.request("POST", "/api/api-keys", {
      cookie: manager.cookie,
      body: { name: "Lifecycle", scopes: ["salespeople:read"] },
    });
    expect(key.status).toBe(201);
    const calls = () =>
      Promise.all([
        h.request("GET", "/api/auth/user", { cookie: manager.cookie }),
        h.request("GET", "/api/auth/user", { headers: { authorization: `Bearer ${bearer.token}` } }),
        h.request("GET", "/api/salespeople?limit=1", {
          headers: { authorization: `Bearer ${key.json.key}` },
        }),
      ]).then((answers) => answers.map((a) => a.status));
    expect(await calls()).toEqual([200, 200, 200]);

    const suspended = await suspend(manager.userId);
    expect(suspended.status).toBe(200);
    expect(suspended.json).toMatchObject({ suspensionReason: reason, disabledAt: expect.any(String) });
    expect(await lastAudit()).toMatchObject({ action: "user.suspend", reason });
    expect(await calls()).toEqual([401, 401, 401]);

    const mailsBefore = h.smtp.messages.length;
    const asked = await h.request("POST", "/api/salesperson/auth/login", { body: { email: m!.email } });
    expect(asked.status).toBe(403);
    expect(asked.json).toEqual({
      code: "ACCOUNT_SUSPENDED",
      message: expect.stringContaining("This account is suspended"),
    });
    expect(h.smtp.messages.length).toBe(mailsBefore);

    expect((await reactivate(manager.userId)).status).toBe(200);
    expect(await lastAudit()).toMatchObject({ action: "user.reactivate", reason: "Apologised" });
    const [row] = await h.sql`
      select disabled_at, suspension_reason, suspended_by from users where id = ${manager.userId}`;
    expect(row).toEqual({ disabled_at: null, suspension_reason: null, suspended_by: null });
    // The sessions ended with the suspension; the API key works again, and so does a new sign-in.
    expect(await calls()).toEqual([401, 401, 200]);
    const again = await h.signIn(m!.email, "manager");
    expect((await h.request("GET", "/api/auth/user", { cookie: again.cookie })).status).toBe(200);
  });

  it("refuses a link asked for before the suspension, and the customer's link form, with the same sentence", async () => {
    const email = "life.linked@example.org";
    expect((await h.request("POST", "/api/auth/request-login", { body: { email } })).status).toBe(200);
    const token = new URL(h.smtp.lastLinkFor(email)!).searchParams.get("token")!;
    const first = await h.request("POST", "/api/auth/redeem", { body: { token } });
    const userId = first.json.user.id as string;
    expect(sessionCookieFrom(first.headers)).toEqual(expect.any(String));
    expect((await h.request("POST", "/api/auth/request-login", { body: { email } })).status).toBe(200);
    const pending = new URL(h.smtp.lastLinkFor(email)!).searchParams.get("token")!;

    expect((await suspend(userId)).status).toBe(200);
    const redeemed = await h.request("POST", "/api/auth/redeem", { body: { token: pending } });
    expect(redeemed.status).toBe(403);
    expect(redeemed.json.code).toBe("ACCOUNT_SUSPENDED");
    const mailsBefore = h.smtp.messages.length;
    const asked = await h.request("POST", "/api/auth/request-login", { body: { email } });
    expect(asked.status).toBe(403);
    expect(asked.json.code).toBe("ACCOUNT_SUSPENDED");
    expect(h.smtp.messages.length).toBe(mailsBefore);
  });

  it("refuses the administrator console to a suspended administrator with the right password", async () => {
    const [demo] = await h.sql<{ id: string }[]>`select id from users where email = ${DEMO_ACCOUNTS.admin}`;
    const body = { email: DEMO_ACCOUNTS.admin, password: DEMO_ADMIN_PASSWORD, adminCode: "life-code" };
    expect((await suspend(demo!.id)).status).toBe(200);
    const login = await h.request("POST", "/api/admin/login", { body, remoteAddress: "10.7.0.1" });
    expect(login.status).toBe(403);
    expect(login.json.code).toBe("ACCOUNT_SUSPENDED");
    // A wrong password learns nothing about the account.
    const wrong = await h.request("POST", "/api/admin/login", {
      body: { ...body, password: "not-the-password" },
      remoteAddress: "10.7.0.2",
    });
    expect(wrong.json.code).toBe("LOGIN_FAILED");
    expect((await reactivate(demo!.id)).status).toBe(200);
    expect((await h.request("POST", "/api/admin/login", { body, remoteAddress: "10.7.0.3" })).status).toBe(
      200,
    );
  });

  it("takes a salesperson's profile out of browse, its page and booking until reactivated", async () => {
    const [s] = await h.sql<{ id: number; email: string; name: string; city: string }[]>`
      select id, email, name, city from salespeople
       where dealership_id is not null and verified_at is not null order by id limit 1`;
    const seller = await h.signIn(s!.email, "salesperson");
    const customer = await h.signIn("life.booker@example.org");
    const searched = async () =>
      (await h.request("GET", `/api/salespeople?search=${encodeURIComponent(s!.name)}&limit=50`)).json.map(
        (c: { id: number }) => c.id,
      ) as number[];
    const inCity = async () =>
      (await h.request("GET", `/api/salespeople?city=${encodeURIComponent(s!.city)}&limit=100`)).json.map(
        (c: { id: number }) => c.id,
      ) as number[];
    const date = openDay("UTC", 7);
    const book = () =>
      h.request("POST", "/api/appointments", {
        cookie: customer.cookie,
        body: {
          salespersonId: s!.id,
          date,
          time: "11:00",
          appointmentType: "Test Drive",
          customerName: "Lee Booker",
          customerPhone: "512-555-0199",
        },
      });
    expect(await searched()).toContain(s!.id);
    expect(await inCity()).toContain(s!.id);
    expect((await h.request("GET", `/api/salespeople/${s!.id}`)).status).toBe(200);

    expect((await suspend(seller.userId)).status).toBe(200);
    expect(await searched()).not.toContain(s!.id);
    expect(await inCity()).not.toContain(s!.id);
    expect((await h.request("GET", `/api/salespeople/${s!.id}`)).status).toBe(404);
    expect((await book()).status).toBe(404);

    expect((await reactivate(seller.userId)).status).toBe(200);
    expect(await searched()).toContain(s!.id);
    expect((await h.request("GET", `/api/salespeople/${s!.id}`)).status).toBe(200);
    expect((await book()).status).toBe(201);
  });

  it("never reactivates an erased account, and refuses suspending oneself", async () => {
    const erased = await h.signIn("life.erased@example.org");
    await h.sql`update users set disabled_at = now() where id = ${erased.userId}`;
    const answer = await reactivate(erased.userId);
    expect(answer.status).toBe(409);
    expect(answer.json.code).toBe("ACCOUNT_ERASED");
    const self = await suspend(admin1.userId);
    expect(self.status).toBe(409);
    const blank = await h.request("POST", `/api/admin/user/${erased.userId}/suspend`, {
      cookie: admin1.cookie,
      body: { reason: " " },
    });
    expect(blank.status).toBe(400);
  });
});
