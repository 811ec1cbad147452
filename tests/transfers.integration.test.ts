// Transfer requests end to end: a salesperson asks, the receiving manager accepts or declines, an administrator
// approves or denies. Approval moves the salesperson with their reviews in one transaction, exactly once under
// concurrent approvals; every manager and admin decision leaves exactly one audit row.
import { describe, expect, it } from "vitest";
import { createHarness } from "./support/harness";

const h = await createHarness({ RATE_LIMIT_DISABLED: "true" });
await h.seed(0.05);

type Dealership = { id: number; name: string; city: string; state: string; time_zone: string; email: string };
const dealerships = await h.sql<Dealership[]>`
  select d.id, d.name, d.city::text as city, d.state, d.time_zone, u.email
    from dealerships d join dealership_members dm on dm.dealership_id = d.id and dm.role = 'owner' join users u on u.id = dm.user_id order by d.id limit 4`;
const [A, B, C, D] = dealerships as unknown as [Dealership, Dealership, Dealership, Dealership];

const managerA = await h.signIn(A.email, "manager");
const managerB = await h.signIn(B.email, "manager");
const managerC = await h.signIn(C.email, "manager");
const customer = await h.signIn("transfers.customer@example.org");
const admin = await h.signIn("transfers.admin@example.org", "admin");
const secondAdmin = await h.signIn("transfers.admin.two@example.org", "admin");

let serial = 0;
/** A new salesperson of a dealership (or independent), signed in. */
async function salesperson(dealership: Dealership | null) {
  serial++;
  const home = dealership ?? A;
  const email = `mover.${serial}@sales.example.org`;
  const [row] = await h.sql<{ id: number }[]>`
    insert into salespeople (name, email, dealership_id, city, state, time_zone, verified_at, payment_model)
    values (${`Mover ${serial}`}, ${email}, ${dealership?.id ?? null}, ${home.city}, ${home.state},
            ${home.time_zone}, now(), ${dealership ? "dealership" : "individual"})
    returning id`;
  const session = await h.signIn(email, "salesperson");
  return { id: row!.id, email, cookie: session.cookie };
}

async function auditCount(action: string, transferId: number) {
  const [row] = await h.sql<{ n: number }[]>`
    select count(*)::int as n from audit_log where action = ${action} and entity_id = ${String(transferId)}`;
  return row!.n;
}

async function auditTotal(transferId: number) {
  const [row] = await h.sql<{ n: number }[]>`
    select count(*)::int as n from audit_log where entity_type = 'transfer' and entity_id = ${String(transferId)}`;
  return row!.n;
}

function ask(cookie: string, toDealershipId: number | null, note?: string) {
  return h.request("POST", "/api/transfer-requests", { cookie, body: { toDealershipId, note } });
}

function managerDecision(cookie: string, id: number, decision: "accept" | "decline", reason?: string) {
  return h.request("POST", `/api/transfer-requests/${id}/manager-decision`, {
    cookie,
    body: { decision, reason },
  });
}

function adminDecision(cookie: string, id: number, decision: "approve" | "deny", reason?: string) {
  return h.request("POST", `/api/transfer-requests/${id}/decision`, { cookie, body: { decision, reason } });
}

describe("request, accept, approve", () => {
  it("moves the salesperson with their reviews, notifies everyone and audits each decision once", async () => {
    // A seeded salesperson with reviews and no transfer request yet, moving to a dealership with room.
    const [mover] = await h.sql<
      { id: number; email: string; dealership_id: number; total_reviews: number; average_rating: string }[]
    >`
      select s.id, s.email::text as email, s.dealership_id, s.total_reviews, s.average_rating::text as average_rating
        from salespeople s join dealerships d on d.id = s.dealership_id
       where s.total_reviews > 0 and exists (select 1 from dealership_members dm where dm.dealership_id = d.id and dm.role = 'owner') and s.dealership_id not in (${B.id}, ${C.id})
         and not exists (select 1 from transfer_requests t where t.salesperson_id = s.id)
       order by s.id limit 1`;
    expect(mover).toBeDefined();
    const [from] = await h.sql<{ id: number; name: string; manager_email: string }[]>`
      select d.id, d.name, u.email::text as manager_email from dealerships d join dealership_members dm on dm.dealership_id = d.id and dm.role = 'owner' join users u on u.id = dm.user_id
       where d.id = ${mover!.dealership_id}`;
    const self = await h.signIn(mover!.email, "salesperson");
    const [ratingsBefore] = await h.sql<{ n: number; ids: number[] }[]>`
      select count(*)::int as n, coalesce(array_agg(id order by id), '{}') as ids
        from ratings where salesperson_id = ${mover!.id}`;

    const asked = await ask(self.cookie, B.id, "My family is moving to your city.");
    expect(asked.status).toBe(201);
    expect(asked.json).toMatchObject({
      salespersonId: mover!.id,
      status: "awaiting_manager",
      fromDealership: { id: from!.id, name: from!.name },
      toDealership: { id: B.id, name: B.name },
      note: "My family is moving to your city.",
    });
    const id: number = asked.json.id;

    const mine = await h.request("GET", "/api/transfer-requests/mine", { cookie: self.cookie });
    expect(mine.status).toBe(200);
    expect(mine.json[0]).toMatchObject({ id, status: "awaiting_manager" });

    // The receiving manager sees it; another dealership's manager neither sees nor decides it.
    const incoming = await h.request("GET", "/api/transfer-requests/incoming", { cookie: managerB.cookie });
    expect(incoming.json.map((t: { id: number }) => t.id)).toContain(id);
    expect(incoming.json.find((t: { id: number }) => t.id === id)).toMatchObject({
      salespersonName: expect.any(String),
      totalReviews: mover!.total_reviews,
    });
    const incomingC = await h.request("GET", "/api/transfer-requests/incoming", { cookie: managerC.cookie });
    expect(incomingC.json.map((t: { id: number }) => t.id)).not.toContain(id);
    // Another dealership's request answers exactly as a missing one: the answer never tells which ids exist.
    const intruder = await managerDecision(managerC.cookie, id, "accept");
    const missing = await managerDecision(managerC.cookie, 2_000_000_000, "accept");
    expect(intruder.status).toBe(404);
    expect(missing.status).toBe(404);
    expect(intruder.json).toEqual(missing.json);
    // An administrator cannot approve before the manager accepted.
    expect((await adminDecision(admin.cookie, id, "approve")).status).toBe(409);
    expect(await auditTotal(id)).toBe(0);

    const accepted = await managerDecision(managerB.cookie, id, "accept");
    expect(accepted.status).toBe(200);
    expect(accepted.json).toMatchObject({ id, status: "awaiting_admin" });
    expect(await auditCount("transfer.accept", id)).toBe(1);
    expect((await managerDecision(managerB.cookie, id, "accept")).status).toBe(409);
    expect(await auditCount("transfer.accept", id)).toBe(1);

    // The administrators' list names everyone and counts what waits for them.
    const list = await h.request(
      "GET",
      `/api/transfer-requests?status=awaiting_admin&search=${encodeURIComponent(B.name)}`,
      {
        cookie: admin.cookie,
      },
    );
    expect(list.status).toBe(200);
    expect(Number(list.headers.get("x-pending-count"))).toBeGreaterThanOrEqual(1);
    expect(list.json.find((t: { id: number }) => t.id === id)).toMatchObject({
      salespersonEmail: mover!.email,
      fromDealership: { name: from!.name },
      toDealership: { name: B.name },
      status: "awaiting_admin",
    });

    const approved = await adminDecision(admin.cookie, id, "approve", "Both managers agreed.");
    expect(approved.status).toBe(200);
    expect(approved.json).toMatchObject({ id, status: "approved", decisionReason: "Both managers agreed." });
    expect(await auditCount("transfer.approve", id)).toBe(1);
    expect(await auditTotal(id)).toBe(2);

    const [moved] = await h.sql<
      {
        dealership_id: number;
        verified_at: Date | null;
        payment_model: string;
        city: string;
        total_reviews: number;
        average_rating: string;
      }[]
    >`
      select dealership_id, verified_at, payment_model, city::text as city, total_reviews,
             average_rating::text as average_rating
        from salespeople where id = ${mover!.id}`;
    expect(moved).toMatchObject({
      dealership_id: B.id,
      verified_at: null,
      payment_model: "dealership",
      city: B.city,
      total_reviews: mover!.total_reviews,
      average_rating: mover!.average_rating,
    });
    const [ratingsAfter] = await h.sql<{ n: number; ids: number[] }[]>`
      select count(*)::int as n, coalesce(array_agg(id order by id), '{}') as ids
        from ratings where salesperson_id = ${mover!.id}`;
    expect(ratingsAfter).toEqual(ratingsBefore);

    // Listed with the new dealership once its manager confirms them, with their reviews; the old one no longer
    // lists them.
    const unconfirmed = await h.request("GET", `/api/salespeople?dealership=${B.id}&limit=100`);
    expect(unconfirmed.json.map((s: { id: number }) => s.id)).not.toContain(mover!.id);
    const confirmed = await h.request("POST", "/api/manager/verify-salesperson", {
      cookie: managerB.cookie,
      body: { salespersonId: mover!.id },
    });
    expect(confirmed.status).toBe(200);
    const browseNew = await h.request("GET", `/api/salespeople?dealership=${B.id}&limit=100`);
    const card = browseNew.json.find((s: { id: number }) => s.id === mover!.id);
    expect(card).toMatchObject({ dealership: B.name, totalReviews: mover!.total_reviews });
    const browseOld = await h.request("GET", `/api/salespeople?dealership=${from!.id}&limit=100`);
    expect(browseOld.json.map((s: { id: number }) => s.id)).not.toContain(mover!.id);

    // In-app notices for the salesperson and both managers; e-mails to all three.
    const [own] = await h.sql<{ n: number }[]>`
      select count(*)::int as n from notifications where salesperson_id = ${mover!.id} and type = 'transfer_approved'`;
    expect(own!.n).toBe(1);
    const managers = await h.sql<{ email: string }[]>`
      select u.email::text as email from notifications n join users u on u.id = n.user_id
       where n.type = 'transfer_approved' and n.body like ${`${await nameOf(mover!.id)} moved%`}`;
    expect(managers.map((m) => m.email).sort()).toEqual([B.email, from!.manager_email].sort());
    await h.waitForMail((m) => m.to.includes(mover!.email) && m.subject === "Your transfer was approved");
    await h.waitForMail((m) => m.to.includes(B.email) && m.subject.includes("is joining"));
    await h.waitForMail((m) => m.to.includes(from!.manager_email) && m.subject.includes("is leaving"));

    // Decided once: a second decision is a conflict and writes nothing.
    expect((await adminDecision(admin.cookie, id, "deny", "Too late")).status).toBe(409);
    expect(await auditTotal(id)).toBe(2);
  });

  it("lets an independent request skip the manager and makes the salesperson independent on approval", async () => {
    const mover = await salesperson(C);
    const asked = await ask(mover.cookie, null, "Going independent.");
    expect(asked.status).toBe(201);
    expect(asked.json).toMatchObject({
      status: "awaiting_admin",
      toDealership: null,
      fromDealership: { id: C.id },
    });
    const id: number = asked.json.id;
    // No manager decides it: not in anyone's incoming list, and a manager's decision is refused.
    const incoming = await h.request("GET", "/api/transfer-requests/incoming", { cookie: managerC.cookie });
    expect(incoming.json.map((t: { id: number }) => t.id)).not.toContain(id);
    expect((await managerDecision(managerC.cookie, id, "accept")).status).toBe(404);

    const approved = await adminDecision(admin.cookie, id, "approve");
    expect(approved.status).toBe(200);
    const [row] = await h.sql<
      { dealership_id: number | null; payment_model: string; verified_at: Date | null }[]
    >`
      select dealership_id, payment_model, verified_at from salespeople where id = ${mover.id}`;
    expect(row).toEqual({ dealership_id: null, payment_model: "individual", verified_at: null });
    expect(await auditCount("transfer.approve", id)).toBe(1);
    expect(await auditTotal(id)).toBe(1);
    // Already independent: asking to go independent again is refused.
    const again = await ask(mover.cookie, null);
    expect(again.status).toBe(400);
    expect(again.json.code).toBe("SAME_DEALERSHIP");
  });
});

async function nameOf(id: number) {
  const [row] = await h.sql<{ name: string }[]>`select name from salespeople where id = ${id}`;
  return row!.name;
}

describe("declines and denials", () => {
  it("a manager declines with a reason; the salesperson sees it and may ask again", async () => {
    const mover = await salesperson(A);
    const { json } = await ask(mover.cookie, C.id);
    const noReason = await managerDecision(managerC.cookie, json.id, "decline");
    expect(noReason.status).toBe(400);
    expect(noReason.json.message).toMatch(/why you are declining/);
    const declined = await managerDecision(
      managerC.cookie,
      json.id,
      "decline",
      "Our team is full this season.",
    );
    expect(declined.status).toBe(200);
    expect(declined.json).toMatchObject({
      status: "declined",
      decisionReason: "Our team is full this season.",
    });
    expect(await auditCount("transfer.decline", json.id)).toBe(1);
    expect(await auditTotal(json.id)).toBe(1);

    const mine = await h.request("GET", "/api/transfer-requests/mine", { cookie: mover.cookie });
    expect(mine.json[0]).toMatchObject({
      id: json.id,
      status: "declined",
      decisionReason: "Our team is full this season.",
    });
    const [notice] = await h.sql<{ title: string; body: string }[]>`
      select title, body from notifications where salesperson_id = ${mover.id} order by id desc limit 1`;
    expect(notice).toMatchObject({ title: "Transfer request declined" });
    expect(notice!.body).toContain("Our team is full this season.");
    await h.waitForMail((m) => m.to.includes(mover.email) && m.subject.includes("declined"));

    const [still] = await h.sql<
      { dealership_id: number }[]
    >`select dealership_id from salespeople where id = ${mover.id}`;
    expect(still!.dealership_id).toBe(A.id);
    expect((await ask(mover.cookie, C.id)).status).toBe(201);
  });

  it("an administrator denies with a required reason; nothing moves", async () => {
    const mover = await salesperson(A);
    const { json } = await ask(mover.cookie, D.id);
    const managerD = await h.signIn(D.email, "manager");
    expect((await managerDecision(managerD.cookie, json.id, "accept")).status).toBe(200);
    const noReason = await adminDecision(admin.cookie, json.id, "deny");
    expect(noReason.status).toBe(400);
    expect(noReason.json.message).toBe("Please provide a reason for denying this transfer");
    const blank = await adminDecision(admin.cookie, json.id, "deny", "   ");
    expect(blank.status).toBe(400);
    expect(await auditCount("transfer.deny", json.id)).toBe(0);

    const denied = await adminDecision(admin.cookie, json.id, "deny", "Open misconduct case pending.");
    expect(denied.status).toBe(200);
    expect(denied.json).toMatchObject({ status: "denied", decisionReason: "Open misconduct case pending." });
    expect(await auditCount("transfer.deny", json.id)).toBe(1);
    expect(await auditTotal(json.id)).toBe(2);
    const [row] = await h.sql<{ dealership_id: number; verified_at: Date | null }[]>`
      select dealership_id, verified_at from salespeople where id = ${mover.id}`;
    expect(row!.dealership_id).toBe(A.id);
    expect(row!.verified_at).not.toBeNull();
    await h.waitForMail(
      (m) => m.to.includes(mover.email) && m.subject === "Your transfer request was denied",
    );
  });
});

describe("the rules of asking", () => {
  it("refuses the current dealership (400), an unknown one (404) and a second open request (409)", async () => {
    const mover = await salesperson(A);
    const same = await ask(mover.cookie, A.id);
    expect(same.status).toBe(400);
    expect(same.json.code).toBe("SAME_DEALERSHIP");
    expect((await ask(mover.cookie, 2_000_000_000)).status).toBe(404);
    expect((await ask(mover.cookie, B.id)).status).toBe(201);
    const second = await ask(mover.cookie, C.id);
    expect(second.status).toBe(409);
    expect(second.json.code).toBe("TRANSFER_ALREADY_OPEN");
    // Two at the same moment: still one open request.
    const other = await salesperson(A);
    const raced = await Promise.all([
      ask(other.cookie, B.id),
      ask(other.cookie, C.id),
      ask(other.cookie, null),
    ]);
    expect(raced.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    const [open] = await h.sql<{ n: number }[]>`
      select count(*)::int as n from transfer_requests
       where salesperson_id = ${other.id} and status in ('awaiting_manager', 'awaiting_admin')`;
    expect(open!.n).toBe(1);
  });

  it("withdraws only one's own open request", async () => {
    const mover = await salesperson(A);
    const other = await salesperson(A);
    const { json } = await ask(mover.cookie, B.id);
    const notMine = await h.request("POST", `/api/transfer-requests/${json.id}/withdraw`, {
      cookie: other.cookie,
    });
    expect(notMine.status).toBe(404);
    const withdrawn = await h.request("POST", `/api/transfer-requests/${json.id}/withdraw`, {
      cookie: mover.cookie,
    });
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.json).toMatchObject({ id: json.id, status: "withdrawn" });
    const again = await h.request("POST", `/api/transfer-requests/${json.id}/withdraw`, {
      cookie: mover.cookie,
    });
    expect(again.status).toBe(409);
    expect((await managerDecision(managerB.cookie, json.id, "accept")).status).toBe(409);
    expect(
      (await h.request("POST", "/api/transfer-requests/2000000000/withdraw", { cookie: mover.cookie }))
        .status,
    ).toBe(404);
  });

  it("takes input only in its own shape", async () => {
    const mover = await salesperson(A);
    const extra = await h.request("POST", "/api/transfer-requests", {
      cookie: mover.cookie,
      body: { toDealershipId: B.id, salespersonId: 1 },
    });
    expect(extra.status).toBe(400);
    expect(
      (await h.request("POST", "/api/transfer-requests", { cookie: mover.cookie, body: {} })).status,
    ).toBe(400);
    const badDecision = await adminDecision(admin.cookie, 1, "maybe" as "approve");
    expect(badDecision.status).toBe(400);
  });
});

describe("concurrent approvals", () => {
  it("approve twice at once: exactly one succeeds, one 409, one audit row, one move", async () => {
    const mover = await salesperson(A);
    const { json } = await ask(mover.cookie, null);
    const results = await Promise.all([
      adminDecision(admin.cookie, json.id, "approve"),
      adminDecision(secondAdmin.cookie, json.id, "approve"),
      adminDecision(admin.cookie, json.id, "deny", "Changed my mind"),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect(await auditTotal(json.id)).toBe(1);
    const [notices] = await h.sql<{ n: number }[]>`
      select count(*)::int as n from notifications where salesperson_id = ${mover.id} and type like 'transfer_%'`;
    expect(notices!.n).toBe(1);
  });
});

describe("who may do what", () => {
  it("keeps the list and the final decision to administrators", async () => {
    const mover = await salesperson(A);
    const { json } = await ask(mover.cookie, null);
    expect((await h.request("GET", "/api/transfer-requests")).status).toBe(401);
    for (const who of [customer, managerA, mover]) {
      expect((await h.request("GET", "/api/transfer-requests", { cookie: who.cookie })).status).toBe(403);
      expect((await adminDecision(who.cookie, json.id, "approve")).status).toBe(403);
    }
    // Only salespeople ask; only managers answer as the receiving dealership.
    expect((await ask(customer.cookie, B.id)).status).toBe(403);
    expect((await ask(admin.cookie, B.id)).status).toBe(403);
    expect((await h.request("GET", "/api/transfer-requests/incoming", { cookie: mover.cookie })).status).toBe(
      403,
    );
    expect((await managerDecision(admin.cookie, json.id, "accept")).status).toBe(403);
    expect(await auditTotal(json.id)).toBe(0);
    const [row] = await h.sql<
      { status: string }[]
    >`select status from transfer_requests where id = ${json.id}`;
    expect(row!.status).toBe("awaiting_admin");
  });
});
