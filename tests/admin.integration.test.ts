// The administrator console's server side: sign-in (one generic 401, throttled), verify, the admin tier on
// every admin path, and users, salespeople and dealerships: lists with search and paging, add, edit,
// photo and logo, deletion with a reason; every change leaves exactly one audit row.
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS, DEMO_ADMIN_PASSWORD } from "../src/server/seed/demo";
import { IMAGE_UPLOAD_MAX_BYTES } from "../src/shared/constants";
import { createHarness } from "./support/harness";

const h = await createHarness({ ADMIN_CODE: "test-admin-code" });
await h.seed(0.02);
const good = { email: DEMO_ACCOUNTS.admin, password: DEMO_ADMIN_PASSWORD, adminCode: "test-admin-code" };

const admin = await h.signIn("console.admin@example.org", "admin");
const customer = await h.signIn("console.customer@example.org");
const [mgr] = await h.sql<{ email: string }[]>`select email from users where role = 'manager' limit 1`;
const manager = await h.signIn(mgr!.email, "manager");
const bearer = { authorization: `Bearer ${admin.token}` };

async function auditRows() {
  const [row] = await h.sql<{ n: number }[]>`select count(*)::int as n from audit_log`;
  return row!.n;
}

/** Runs a change and checks it left exactly one audit row with this action. */
async function oneAuditRow<T>(action: string, change: () => Promise<T>): Promise<T> {
  const before = await auditRows();
  const result = await change();
  expect(await auditRows()).toBe(before + 1);
  const [last] = await h.sql<{ action: string }[]>`select action from audit_log order by id desc limit 1`;
  expect(last!.action).toBe(action);
  return result;
}

const pngDataUrl = async () =>
  `data:image/png;base64,${(
    await sharp({ create: { width: 40, height: 30, channels: 3, background: "#3366cc" } })
      .png()
      .toBuffer()
  ).toString("base64")}`;

describe("administrator sign-in", () => {
  it("answers the same 401 'Login failed' for a wrong e-mail, password or code, then 429", async () => {
    const wrong = [
      { ...good, email: "nobody@example.org" },
      { ...good, email: DEMO_ACCOUNTS.customer },
      { ...good, password: "wrong-password" },
      { ...good, password: "short" },
      { ...good, adminCode: "wrong-code" },
    ];
    for (const [i, body] of wrong.entries()) {
      const res = await h.request("POST", "/api/admin/login", { body, remoteAddress: `10.9.0.${i + 1}` });
      expect(res.status).toBe(401);
      expect(res.json).toEqual({ message: "Login failed", code: "LOGIN_FAILED" });
    }
    // From one address, each kind of wrong part counts: a few failures in a row, then the next ones wait.
    for (const part of ["email", "password", "adminCode"] as const) {
      const address = `10.9.1.${part.length}`;
      const body = { ...good, [part]: part === "email" ? "ghost@example.org" : "not-the-right-one" };
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++)
        statuses.push((await h.request("POST", "/api/admin/login", { body, remoteAddress: address })).status);
      // (An account failing from many places is under attack: its delays start sooner.)
      expect(statuses.slice(0, 3)).toEqual([401, 401, 401]);
      expect(statuses.slice(4)).toEqual([429, 429]);
    }
    // Even the right credentials wait at a throttled address; another address signs in.
    expect(
      (await h.request("POST", "/api/admin/login", { body: good, remoteAddress: "10.9.1.8" })).status,
    ).toBe(429);
    expect(
      (await h.request("POST", "/api/admin/login", { body: good, remoteAddress: "10.9.2.1" })).status,
    ).toBe(200);
  }, 120_000); // two dozen scrypt checks at full strength, on a shared machine

  it("verify answers the user for a good token, 401 for a bad one; logout ends the session", async () => {
    const login = await h.request("POST", "/api/admin/login", { body: good, remoteAddress: "10.9.3.1" });
    expect(login.status).toBe(200);
    const headers = { authorization: `Bearer ${login.json.token}` };
    const ok = await h.request("GET", "/api/admin/verify", { headers });
    expect(ok.status).toBe(200);
    expect(ok.json.user).toMatchObject({ email: DEMO_ACCOUNTS.admin, role: "admin" });
    const bad = await h.request("GET", "/api/admin/verify", {
      headers: { authorization: `Bearer ${"a".repeat(32)}` },
    });
    expect(bad.status).toBe(401);
    expect((await h.request("POST", "/api/admin/logout", { headers })).status).toBe(200);
    expect((await h.request("GET", "/api/admin/verify", { headers })).status).toBe(401);
  });
});

describe("admin paths", () => {
  const paths: [string, string, unknown?][] = [
    ["GET", "/api/admin/verify"],
    ["GET", "/api/admin/overview"],
    ["GET", "/api/public/users"],
    ["PATCH", `/api/admin/user/${customer.userId}`, { firstName: "X" }],
    ["DELETE", `/api/admin/user/${customer.userId}`, { reason: "r" }],
    ["GET", "/api/admin/salespeople"],
    ["POST", "/api/salespeople", { name: "N", email: "n@example.org", dealershipId: 1 }],
    ["PUT", "/api/salespeople/1", { name: "N", email: "n@example.org", dealershipId: 1 }],
    ["DELETE", "/api/admin/salesperson/1", { reason: "r" }],
    ["POST", "/api/admin/salesperson/1/upload-photo", { profileImageUrl: "data:image/png;base64,AA==" }],
    [
      "POST",
      "/api/dealerships",
      { name: "N", address: "1 Main St", city: "Austin", state: "TX", zipCode: "78701" },
    ],
    [
      "PUT",
      "/api/dealerships/1",
      { name: "N", address: "1 Main St", city: "Austin", state: "TX", zipCode: "78701" },
    ],
    ["DELETE", "/api/admin/dealership/1", { reason: "r" }],
    ["POST", "/api/admin/dealership/1/upload-logo", { logoUrl: "data:image/png;base64,AA==" }],
  ];

  it("answers 403 to customers and managers and 401 to visitors on every admin path", async () => {
    const before = await auditRows();
    for (const [method, path, body] of paths) {
      for (const who of [customer, manager]) {
        const res = await h.request(method, path, { body, cookie: who.cookie });
        expect(res.status, `${method} ${path}`).toBe(403);
      }
      expect((await h.request(method, path, { body })).status, `${method} ${path}`).toBe(401);
    }
    expect(await auditRows()).toBe(before);
  });

  it("gives everyone the public dealership fields and administrators the rest", async () => {
    const visitor = await h.request("GET", "/api/dealerships?pageSize=5");
    expect(visitor.status).toBe(200);
    expect(Number(visitor.headers.get("x-total-count"))).toBeGreaterThan(5);
    expect(Object.keys(visitor.json[0]).sort()).toEqual(
      ["id", "name", "address", "city", "state", "zipCode", "phoneNumber", "website", "logoUrl"].sort(),
    );
    const asAdmin = await h.request("GET", "/api/dealerships?pageSize=5", { headers: bearer });
    expect(asAdmin.json[0]).toHaveProperty("managerEmail");
    expect(asAdmin.json[0]).toHaveProperty("ownerId");
    expect(asAdmin.json[0]).toHaveProperty("salespeopleCount");
  });
});

describe("users", () => {
  it("lists with search and paging", async () => {
    const page = await h.request("GET", "/api/public/users?pageSize=3&page=2", { headers: bearer });
    expect(page.status).toBe(200);
    expect(page.json).toHaveLength(3);
    const found = await h.request("GET", `/api/public/users?search=${DEMO_ACCOUNTS.customer}`, {
      headers: bearer,
    });
    expect(found.json.map((u: { email: string }) => u.email)).toEqual([DEMO_ACCOUNTS.customer]);
    const admins = await h.request("GET", "/api/public/users?role=admin", { headers: bearer });
    expect(admins.json.every((u: { role: string }) => u.role === "admin")).toBe(true);
  });

  it("edits a user with one audit row", async () => {
    const target = await h.signIn("edit.me@example.org");
    const res = await oneAuditRow("user.update", () =>
      h.request("PATCH", `/api/admin/user/${target.userId}`, {
        body: { firstName: "Edited", lastName: "Person" },
        headers: bearer,
      }),
    );
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ firstName: "Edited", lastName: "Person", email: "edit.me@example.org" });
  });

  it("needs a reason, refuses yourself, and deletes with one audit row", async () => {
    const target = await h.signIn("delete.me@example.org");
    for (const body of [{}, { reason: "" }, { reason: "   " }]) {
      const res = await h.request("DELETE", `/api/admin/user/${target.userId}`, { body, headers: bearer });
      expect(res.status).toBe(400);
      expect(res.json.message).toBe("Please provide a reason for deletion");
    }
    const self = await h.request("DELETE", `/api/admin/user/${admin.userId}`, {
      body: { reason: "testing" },
      headers: bearer,
    });
    expect(self.status).toBe(409);
    const res = await oneAuditRow("user.delete", () =>
      h.request("DELETE", `/api/admin/user/${target.userId}`, {
        body: { reason: "Requested by the account holder" },
        headers: bearer,
      }),
    );
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ deletedUser: "delete.me@example.org" });
    const [audit] = await h.sql<{ reason: string; before: { email: string } }[]>`
      select reason, before from audit_log order by id desc limit 1`;
    expect(audit).toMatchObject({
      reason: "Requested by the account holder",
      before: { email: "delete.me@example.org" },
    });
    expect(await h.sql`select 1 from users where id = ${target.userId}`).toHaveLength(0);
    expect(await h.sql`select 1 from sessions where user_id = ${target.userId}`).toHaveLength(0);
    const again = await h.request("DELETE", `/api/admin/user/${target.userId}`, {
      body: { reason: "again" },
      headers: bearer,
    });
    expect(again.status).toBe(404);
  });
});

describe("salespeople", () => {
  let dealershipId = 0;
  let id = 0;

  it("adds one with name, email and dealership required", async () => {
    const [d] = await h.sql<
      { id: number; city: string }[]
    >`select id, city from dealerships order by id limit 1`;
    dealershipId = d!.id;
    for (const body of [
      { email: "new.sp@example.org", dealershipId },
      { name: "New Person", dealershipId },
      { name: "New Person", email: "new.sp@example.org" },
      { name: "New Person", email: "new.sp@example.org", dealershipId, status: "unavailable" },
      { name: "New Person", email: "new.sp@example.org", dealershipId, yearsOfExperience: 51 },
      { name: "New Person", email: "new.sp@example.org", dealershipId: 999_999 },
    ]) {
      const res = await h.request("POST", "/api/salespeople", { body, headers: bearer });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const res = await oneAuditRow("salesperson.create", () =>
      h.request("POST", "/api/salespeople", {
        body: { name: "New Person", email: "New.SP@example.org", dealershipId, status: "busy" },
        headers: bearer,
      }),
    );
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      name: "New Person",
      email: "new.sp@example.org",
      status: "busy",
      city: d!.city,
    });
    id = res.json.id;
    const dup = await h.request("POST", "/api/salespeople", {
      body: { name: "Again", email: "new.sp@example.org", dealershipId },
      headers: bearer,
    });
    expect(dup.status).toBe(409);
    const listed = await h.request("GET", "/api/admin/salespeople?search=new.sp@", { headers: bearer });
    expect(listed.json.map((s: { id: number }) => s.id)).toEqual([id]);
  });

  it("edits with PUT, one audit row with before and after", async () => {
    const missing = await h.request("PUT", `/api/salespeople/${id}`, {
      body: { name: "", email: "new.sp@example.org", dealershipId },
      headers: bearer,
    });
    expect(missing.status).toBe(400);
    const res = await oneAuditRow("salesperson.update", () =>
      h.request("PUT", `/api/salespeople/${id}`, {
        body: { name: "Renamed Person", email: "new.sp@example.org", dealershipId, status: "offline" },
        headers: bearer,
      }),
    );
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ name: "Renamed Person", status: "offline" });
    const [audit] = await h.sql<{ before: { name: string }; after: { name: string } }[]>`
      select before, after from audit_log order by id desc limit 1`;
    expect(audit!.before.name).toBe("New Person");
    expect(audit!.after.name).toBe("Renamed Person");
    expect(
      (
        await h.request("PUT", "/api/salespeople/999999", {
          body: { name: "A", email: "a@example.org", dealershipId },
          headers: bearer,
        })
      ).status,
    ).toBe(404);
  });

  it("takes a photo through the image pipeline and only our own stored images", async () => {
    const res = await oneAuditRow("salesperson.photo", async () =>
      h.request("POST", `/api/admin/salesperson/${id}/upload-photo`, {
        body: { profileImageUrl: await pngDataUrl() },
        headers: bearer,
      }),
    );
    expect(res.status).toBe(200);
    expect(res.json.profileImageUrl).toMatch(/^\/uploads\/[0-9a-f-]{36}\.webp$/);
    const before = await auditRows();
    for (const profileImageUrl of [
      "https://evil.example/x.png",
      "data:text/html;base64,PGgxPg==",
      "/uploads/../x",
    ]) {
      const bad = await h.request("POST", `/api/admin/salesperson/${id}/upload-photo`, {
        body: { profileImageUrl },
        headers: bearer,
      });
      expect(bad.status, profileImageUrl).toBeGreaterThanOrEqual(400);
      expect(bad.status).toBeLessThan(500);
    }
    expect(await auditRows()).toBe(before);
    const reuse = await h.request("POST", `/api/admin/salesperson/${id}/upload-photo`, {
      body: { profileImageUrl: res.json.profileImageUrl },
      headers: bearer,
    });
    expect(reuse.status).toBe(200);
  });

  it("deletes with a reason and answers deletedSalesperson", async () => {
    const none = await h.request("DELETE", `/api/admin/salesperson/${id}`, {
      body: { reason: "" },
      headers: bearer,
    });
    expect(none.status).toBe(400);
    expect(none.json.message).toBe("Please provide a reason for deletion");
    const res = await oneAuditRow("salesperson.delete", () =>
      h.request("DELETE", `/api/admin/salesperson/${id}`, {
        body: { reason: "Left the company" },
        headers: bearer,
      }),
    );
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ deletedSalesperson: "Renamed Person" });
    expect((await h.request("GET", `/api/salespeople/${id}`)).status).toBe(404);
  });
});

describe("dealerships", () => {
  const body = {
    name: "Console Motors",
    address: "1 Main St",
    city: "Austin",
    state: "tx",
    zipCode: "78701",
  };
  let id = 0;

  it("adds one with name, address and ZIP required; city, state and time zone from the ZIP code", async () => {
    for (const key of ["name", "address", "zipCode"] as const) {
      const res = await h.request("POST", "/api/dealerships", {
        body: { ...body, [key]: "" },
        headers: bearer,
      });
      expect(res.status, key).toBe(400);
    }
    const unknown = await h.request("POST", "/api/dealerships", {
      body: { ...body, zipCode: "00000" },
      headers: bearer,
    });
    expect(unknown.status).toBe(400);
    expect(unknown.json.code).toBe("UNKNOWN_ZIP");
    const res = await oneAuditRow("dealership.create", () =>
      h.request("POST", "/api/dealerships", { body, headers: bearer }),
    );
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ name: "Console Motors", state: "TX", timeZone: "America/Chicago" });
    id = res.json.id;
    const elsewhere = await h.request("POST", "/api/dealerships", {
      body: { name: "Smallville Autos", address: "1 Main St", zipCode: "66044", timeZone: "America/Chicago" },
      headers: bearer,
    });
    expect(elsewhere.status).toBe(201);
    expect(elsewhere.json).toMatchObject({ state: "KS" });
    const found = await h.request("GET", "/api/dealerships?search=Console%20Motors");
    expect(found.json.map((d: { id: number }) => d.id)).toEqual([id]);
  });

  it("edits with one audit row and takes a logo from the image pipeline", async () => {
    const res = await oneAuditRow("dealership.update", () =>
      h.request("PUT", `/api/dealerships/${id}`, {
        body: { ...body, name: "Console Motors of Austin", website: "https://console.example.com" },
        headers: bearer,
      }),
    );
    expect(res.status).toBe(200);
    expect(res.json.name).toBe("Console Motors of Austin");
    const logo = await oneAuditRow("dealership.logo", async () =>
      h.request("POST", `/api/admin/dealership/${id}/upload-logo`, {
        body: { logoUrl: await pngDataUrl() },
        headers: bearer,
      }),
    );
    expect(logo.status).toBe(200);
    const image = await h.app.request(logo.json.logoUrl);
    expect(image.status).toBe(200);
    const bad = await h.request("POST", `/api/admin/dealership/${id}/upload-logo`, {
      body: { logoUrl: "https://example.com/logo.png" },
      headers: bearer,
    });
    expect(bad.status).toBe(400);
  });

  it("refuses to delete a dealership with salespeople (409), deletes an empty one", async () => {
    const [busy] = await h.sql<{ id: number }[]>`
      select dealership_id as id from salespeople where dealership_id is not null limit 1`;
    const before = await auditRows();
    const refused = await h.request("DELETE", `/api/admin/dealership/${busy!.id}`, {
      body: { reason: "Closing" },
      headers: bearer,
    });
    expect(refused.status).toBe(409);
    expect(refused.json.message).toMatch(/active salespeople/);
    expect(await auditRows()).toBe(before);
    const noReason = await h.request("DELETE", `/api/admin/dealership/${id}`, { body: {}, headers: bearer });
    expect(noReason.status).toBe(400);
    expect(noReason.json.message).toBe("Please provide a reason for deletion");
    const res = await oneAuditRow("dealership.delete", () =>
      h.request("DELETE", `/api/admin/dealership/${id}`, {
        body: { reason: "Duplicate entry" },
        headers: bearer,
      }),
    );
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ deletedDealership: "Console Motors of Austin" });
  });
});

describe("deleting what is paid for", () => {
  async function counts(table: "dealerships" | "salespeople", id: number) {
    const [row] = await h.sql<{ owner: number; subscriptions: number }[]>`
      select (select count(*)::int from ${h.sql(table)} where id = ${id}) as owner,
             (select count(*)::int from subscriptions
               where ${table === "dealerships" ? h.sql`dealership_id` : h.sql`salesperson_id`} = ${id}) as subscriptions`;
    return row!;
  }

  it("refuses to delete a dealership or a salesperson while a subscription gives access, and deletes nothing", async () => {
    const made = await h.request("POST", "/api/dealerships", {
      body: { name: "Paying Motors", address: "2 Main St", city: "Austin", state: "TX", zipCode: "78701" },
      headers: bearer,
    });
    expect(made.status).toBe(201);
    const dealershipId = made.json.id as number;
    await h.sql`
      insert into subscriptions (stripe_subscription_id, dealership_id, plan, interval, status, seats)
      values ('sub_paying_dealer', ${dealershipId}, 'dealer-basic', 'month', 'active', 1)`;
    const [seller] = await h.sql<{ id: number; name: string }[]>`
      select id, name from salespeople order by id desc limit 1`;
    await h.sql`
      insert into subscriptions (stripe_subscription_id, salesperson_id, plan, interval, status, seats)
      values ('sub_paying_seller', ${seller!.id}, 'salesperson', 'month', 'trialing', 1)`;
    const before = await auditRows();

    const dealership = await h.request("DELETE", `/api/admin/dealership/${dealershipId}`, {
      body: { reason: "Closing" },
      headers: bearer,
    });
    expect(dealership.status).toBe(409);
    expect(dealership.json).toEqual({
      message:
        "Cancel the subscription first: Paying Motors has the Dealer Basic plan, which is still being charged.",
      code: "SUBSCRIPTION_ACTIVE",
    });
    const salesperson = await h.request("DELETE", `/api/admin/salesperson/${seller!.id}`, {
      body: { reason: "Left" },
      headers: bearer,
    });
    expect(salesperson.status).toBe(409);
    expect(salesperson.json.code).toBe("SUBSCRIPTION_ACTIVE");
    expect(salesperson.json.message).toMatch(/^Cancel the subscription first/);
    expect(await counts("dealerships", dealershipId)).toEqual({ owner: 1, subscriptions: 1 });
    expect(await counts("salespeople", seller!.id)).toEqual({ owner: 1, subscriptions: 1 });
    expect(await auditRows()).toBe(before);

    // Set to end at the period's close: still refused until it has ended, then deleted.
    await h.sql`update subscriptions set cancel_at_period_end = true, current_period_end = '2031-05-01T00:00:00Z'
                 where stripe_subscription_id = 'sub_paying_dealer'`;
    const ending = await h.request("DELETE", `/api/admin/dealership/${dealershipId}`, {
      body: { reason: "Closing" },
      headers: bearer,
    });
    expect(ending.status).toBe(409);
    expect(ending.json.message).toContain("until May 1, 2031");
    await h.sql`update subscriptions set status = 'canceled' where stripe_subscription_id = 'sub_paying_dealer'`;
    const ended = await h.request("DELETE", `/api/admin/dealership/${dealershipId}`, {
      body: { reason: "Closing" },
      headers: bearer,
    });
    expect(ended.status, ended.text).toBe(200);
    expect(await counts("dealerships", dealershipId)).toEqual({ owner: 0, subscriptions: 0 });
  });
});

describe("console uploads", () => {
  it("takes a 2 MiB photo and logo (the 5 MB limit, not the 1 MiB default) and answers 413 above 5 MB", async () => {
    // Noise does not compress: a PNG of about 2 MiB.
    const width = 840;
    const height = 840;
    const noise = Buffer.alloc(width * height * 3);
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 2_654_435_761) >>> 24;
    const png = await sharp(noise, { raw: { width, height, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(png.length).toBeGreaterThan(2 * 1024 * 1024);
    expect(png.length).toBeLessThan(IMAGE_UPLOAD_MAX_BYTES);
    const dataUrl = `data:image/png;base64,${png.toString("base64")}`;
    const [seller] = await h.sql<{ id: number }[]>`select id from salespeople order by id limit 1`;
    const [dealership] = await h.sql<{ id: number }[]>`select id from dealerships order by id limit 1`;
    const photo = await h.request("POST", `/api/admin/salesperson/${seller!.id}/upload-photo`, {
      body: { profileImageUrl: dataUrl },
      headers: bearer,
    });
    expect(photo.status, photo.text).toBe(200);
    const logo = await h.request("POST", `/api/admin/dealership/${dealership!.id}/upload-logo`, {
      body: { logoUrl: dataUrl },
      headers: bearer,
    });
    expect(logo.status, logo.text).toBe(200);

    const big = Buffer.alloc(IMAGE_UPLOAD_MAX_BYTES + 1, 0);
    png.copy(big, 0, 0, 64);
    const tooBig = await h.request("POST", `/api/admin/dealership/${dealership!.id}/upload-logo`, {
      body: { logoUrl: `data:image/png;base64,${big.toString("base64")}` },
      headers: bearer,
    });
    expect(tooBig.status).toBe(413);
    expect(tooBig.json.code).toBe("FILE_TOO_LARGE");
    // Anything else keeps the default limit.
    const other = await h.request("PUT", `/api/dealerships/${dealership!.id}`, {
      body: { name: "x".repeat(1024 * 1024 + 10) },
      headers: bearer,
    });
    expect(other.status).toBe(413);
  });
});

describe("overview", () => {
  it("counts from the tables and lists recent activity", async () => {
    const res = await h.request("GET", "/api/admin/overview", { headers: bearer });
    expect(res.status).toBe(200);
    const [counts] = await h.sql<{ salespeople: number; admins: number }[]>`
      select (select count(*)::int from salespeople) as salespeople,
             (select count(*)::int from users where role = 'admin') as admins`;
    expect(res.json.salespeople).toBe(counts!.salespeople);
    expect(res.json.usersByRole.admin).toBe(counts!.admins);
    expect(res.json.recentActivity.length).toBeGreaterThan(0);
    expect(res.json.recentActivity[0].kind).toBe("audit");
  });
});
