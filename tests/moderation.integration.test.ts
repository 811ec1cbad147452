// The admin console's moderation queues and the audit trail: flagged reviews, misconduct cases, contact
// messages, document edits, and browsing / exporting the append-only audit_log.
import { beforeAll, describe, expect, it } from "vitest";
import { seedDocuments } from "../src/server/domains/documents/seed";
import { createHarness } from "./support/harness";

const h = await createHarness({ RATE_LIMIT_DISABLED: "true" });
await h.seed(0.05);
await seedDocuments(h.sql);

type Session = Awaited<ReturnType<typeof h.signIn>>;

// Two dealerships, each with a manager; a salesperson of the first; a customer; an administrator.
const [a, b] = await h.sql<{ id: number; dealership_id: number; email: string; manager_email: string }[]>`
  select distinct on (s.dealership_id) s.id, s.dealership_id, s.email, u.email as manager_email
    from salespeople s join dealerships d on d.id = s.dealership_id join dealership_members dm on dm.dealership_id = d.id and dm.role = 'owner' join users u on u.id = dm.user_id
   order by s.dealership_id, s.id limit 2`;
let admin: Session;
let managerA: Session;
let managerB: Session;
let salesperson: Session;
let customer: Session;

beforeAll(async () => {
  admin = await h.signIn("moderation.admin@example.org", "admin");
  managerA = await h.signIn(a!.manager_email, "manager");
  managerB = await h.signIn(b!.manager_email, "manager");
  salesperson = await h.signIn(a!.email, "salesperson");
  customer = await h.signIn("moderation.customer@example.org");
});

function api(who: Session) {
  return h.caller({
    user: who.user,
    session: { id: "s", userId: who.userId, expiresAt: new Date(), authenticatedAt: new Date() },
    ip: "203.0.113.7",
  });
}

async function auditCount(): Promise<number> {
  const [row] = await h.sql<{ n: number }[]>`select count(*)::int as n from audit_log`;
  return row!.n;
}

/** A fresh open flag on a published review of the given salesperson. */
async function openFlag(salespersonId: number, flaggedBy: string) {
  const [rating] = await h.sql<{ id: number }[]>`
    select r.id from ratings r
     where r.salesperson_id = ${salespersonId} and r.removed_at is null and r.moderation_status = 'published'
       and not exists (select 1 from rating_flags f where f.rating_id = r.id)
     order by r.id limit 1`;
  const [flag] = await h.sql<{ id: number }[]>`
    insert into rating_flags (rating_id, flagged_by, reason)
    values (${rating!.id}, ${flaggedBy}, 'Reviewer never visited the dealership') returning id`;
  return { flagId: flag!.id, ratingId: rating!.id };
}

async function misconductCase(salespersonId: number) {
  const res = await h.request("POST", "/api/misconduct-reports", {
    body: {
      salespersonId,
      category: "misleading",
      description: "The advertised price was not honoured at all.",
    },
  });
  expect(res.status).toBe(201);
  const [row] = await h.sql<{ id: number }[]>`select id from misconduct_reports order by id desc limit 1`;
  return row!.id;
}

describe("only administrators reach the moderation queues", () => {
  const adminQueries = ["reviews.openFlags", "misconduct.allCases", "site.contactMessages", "documents.list"];
  const adminMutations: [string, unknown][] = [
    ["reviews.resolveFlag", { flagId: 1, decision: "uphold" }],
    ["documents.update", { slug: "about-us", content: "# About" }],
  ];

  it("answers 403 to customers, salespeople and managers on every admin procedure, 401 signed out", async () => {
    for (const who of [customer, salesperson, managerA]) {
      for (const path of adminQueries)
        expect((await h.request("GET", `/trpc/${path}`, { cookie: who.cookie })).status, path).toBe(403);
      for (const [path, input] of adminMutations) {
        const res = await h.request("POST", `/trpc/${path}`, { cookie: who.cookie, body: { json: input } });
        expect(res.status, path).toBe(403);
      }
    }
    for (const path of adminQueries) expect((await h.request("GET", `/trpc/${path}`)).status).toBe(401);
  });

  it("answers 403 on the REST paths to non-administrators (the audit log also admits managers)", async () => {
    for (const who of [customer, salesperson, managerA]) {
      const put = await h.request("PUT", "/api/documents/about-us", {
        cookie: who.cookie,
        body: { content: "# Taken over" },
      });
      expect(put.status).toBe(403);
    }
    for (const who of [customer, salesperson]) {
      expect((await h.request("GET", "/api/admin/audit-log", { cookie: who.cookie })).status).toBe(403);
      expect((await h.request("GET", "/api/admin/audit-log?format=csv", { cookie: who.cookie })).status).toBe(
        403,
      );
      expect((await h.request("GET", "/trpc/auditTrail.list", { cookie: who.cookie })).status).toBe(403);
    }
    expect((await h.request("GET", "/api/admin/audit-log")).status).toBe(401);
  });
});

describe("flagged reviews", () => {
  it("lists open flags with the review, salesperson, reason and who flagged, searchable and paged", async () => {
    const { flagId } = await openFlag(a!.id, managerA.userId);
    const page = await api(admin).reviews.openFlags({ pageSize: 100 });
    const item = page.items.find((f) => f.id === flagId);
    expect(item).toMatchObject({
      reason: "Reviewer never visited the dealership",
      flaggedByEmail: a!.manager_email,
      salespersonId: a!.id,
    });
    expect(item!.overallRating).toBeGreaterThanOrEqual(1);
    expect(page.total).toBe(page.items.length);
    const one = await api(admin).reviews.openFlags({ pageSize: 1, page: 1 });
    expect(one.items).toHaveLength(1);
    expect(one.total).toBe(page.total);
    const searched = await api(admin).reviews.openFlags({ search: a!.manager_email });
    expect(searched.items.every((f) => f.flaggedByEmail === a!.manager_email)).toBe(true);
    expect(searched.items.map((f) => f.id)).toContain(flagId);
    expect((await api(admin).reviews.openFlags({ search: "no such text anywhere 123" })).total).toBe(0);
  });

  it("upholding keeps the review, closes the flag and writes exactly one audit row", async () => {
    const { flagId, ratingId } = await openFlag(a!.id, managerA.userId);
    const before = await auditCount();
    await api(admin).reviews.resolveFlag({ flagId, decision: "uphold", note: "The visit is on record." });
    expect(await auditCount()).toBe(before + 1);
    const [row] = await h.sql`select * from audit_log order by id desc limit 1`;
    expect(row).toMatchObject({
      action: "rating.uphold",
      entity_type: "rating",
      entity_id: String(ratingId),
      dealership_id: a!.dealership_id,
      reason: "The visit is on record.",
      actor_user_id: admin.userId,
      actor_role: "admin",
      ip_address: "203.0.113.7",
    });
    const [rating] = await h.sql`select removed_at from ratings where id = ${ratingId}`;
    expect(rating!.removed_at).toBeNull();
    const [flag] = await h.sql`select status from rating_flags where id = ${flagId}`;
    expect(flag!.status).toBe("upheld");
    await expect(api(admin).reviews.resolveFlag({ flagId, decision: "remove" })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    expect(await auditCount()).toBe(before + 1);
  });

  it("removing takes the review out of public view and the averages, with exactly one audit row", async () => {
    const { flagId, ratingId } = await openFlag(a!.id, managerA.userId);
    const before = await auditCount();
    const [counted] = await h.sql<{ n: number }[]>`
      select total_reviews as n from salespeople where id = ${a!.id}`;
    const published = counted!.n;
    await api(admin).reviews.resolveFlag({ flagId, decision: "remove", note: "Not a real visit." });
    expect(await auditCount()).toBe(before + 1);
    const [row] = await h.sql`select action, before, after from audit_log order by id desc limit 1`;
    expect(row).toMatchObject({
      action: "rating.remove",
      before: { published: true, flagStatus: "open" },
      after: { published: false, flagStatus: "removed" },
    });
    const [rating] = await h.sql`select removed_at from ratings where id = ${ratingId}`;
    expect(rating!.removed_at).not.toBeNull();
    const [after] = await h.sql<
      { n: number }[]
    >`select total_reviews as n from salespeople where id = ${a!.id}`;
    expect(after!.n).toBe(published - 1);
    const reviews = await h.request("GET", `/api/salespeople/${a!.id}/reviews?limit=50`);
    expect(reviews.json.items.map((r: { id: number }) => r.id)).not.toContain(ratingId);
  });
});

describe("misconduct cases", () => {
  it("lists every dealership's cases for administrators, filtered by status and searched", async () => {
    const caseA = await misconductCase(a!.id);
    const caseB = await misconductCase(b!.id);
    const all = await api(admin).misconduct.allCases({ pageSize: 100 });
    const ids = all.items.map((c) => c.id);
    expect(ids).toEqual(expect.arrayContaining([caseA, caseB]));
    expect(all.items.find((c) => c.id === caseB)!.dealershipId).toBe(b!.dealership_id);
    const open = await api(admin).misconduct.allCases({ status: "open" });
    expect(open.items.every((c) => c.status === "open")).toBe(true);
    const byDealership = await api(admin).misconduct.allCases({ dealershipId: b!.dealership_id });
    expect(byDealership.items.every((c) => c.dealershipId === b!.dealership_id)).toBe(true);
    expect(
      (await api(admin).misconduct.allCases({ status: "dismissed" })).items.map((c) => c.id),
    ).not.toContain(caseA);
  });

  it("moves a case open -> investigating -> resolved with a note, one audit row per move", async () => {
    const reportId = await misconductCase(b!.id);
    const before = await auditCount();
    await api(admin).misconduct.updateCase({
      reportId,
      status: "investigating",
      note: "Called the dealership.",
    });
    expect(await auditCount()).toBe(before + 1);
    const [row] = await h.sql`select * from audit_log order by id desc limit 1`;
    expect(row).toMatchObject({
      action: "misconduct.status",
      entity_type: "misconduct",
      entity_id: String(reportId),
      dealership_id: b!.dealership_id,
      reason: "Called the dealership.",
      before: { status: "open" },
      after: { status: "investigating" },
    });
    const done = await api(admin).misconduct.updateCase({
      reportId,
      status: "resolved",
      resolution: "The price was honoured after review.",
    });
    expect(done.events.map((e) => e.toStatus)).toEqual(["open", "investigating", "resolved"]);
    expect(await auditCount()).toBe(before + 2);
  });

  it("refuses a move backwards to open, and a change of nothing, without an audit row", async () => {
    const reportId = await misconductCase(a!.id);
    await api(managerA).misconduct.updateCase({ reportId, status: "dismissed", note: "Duplicate report." });
    const before = await auditCount();
    await expect(api(admin).misconduct.updateCase({ reportId, status: "open" })).rejects.toMatchObject({
      code: "CONFLICT",
    });
    await expect(api(admin).misconduct.updateCase({ reportId })).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
    // Another dealership's case answers as a missing one does.
    const refusal = (error: { code: string; message: string }) => ({
      code: error.code,
      message: error.message,
    });
    const theirs = await api(managerB)
      .misconduct.updateCase({ reportId, status: "investigating" })
      .catch(refusal);
    expect(theirs).toEqual({ code: "NOT_FOUND", message: "Report not found" });
    expect(
      await api(managerB)
        .misconduct.updateCase({ reportId: 99_999_999, status: "investigating" })
        .catch(refusal),
    ).toEqual(theirs);
    expect(await auditCount()).toBe(before);
  });
});

describe("contact messages", () => {
  it("lists open cases earliest due first and searches sender and text", async () => {
    const sent: [string, string][] = [
      ["Ada Searchable", "Do you support fleet buyers?"],
      ["Grace Other", "Question about pricing for twelve dealerships."],
    ];
    for (const [name, message] of sent) {
      const res = await h.request("POST", "/api/contact", {
        body: { name, email: `${name.split(" ")[0]!.toLowerCase()}@example.org`, subject: "sales", message },
      });
      expect(res.status).toBe(201);
    }
    // Same tier, so the one received first is due first.
    const listed = await api(admin).site.contactMessages({ limit: 100 });
    const names = new Set(sent.map(([name]) => name));
    expect(listed.items.filter((m) => names.has(m.name)).map((m) => m.name)).toEqual([
      "Ada Searchable",
      "Grace Other",
    ]);
    const found = await api(admin).site.contactMessages({ search: "fleet" });
    expect(found.items.map((m) => m.name)).toEqual(["Ada Searchable"]);
    expect(found.total).toBe(1);
  });
});

describe("documents", () => {
  it("an edit writes exactly one audit row with the text before and after", async () => {
    const [doc] = await h.sql<{ content: string }[]>`
      select content from documents where slug = 'customer-faq'`;
    const old = doc!.content;
    const before = await auditCount();
    const content = `${old}\n\n## Can I edit my review?\n\nYes, within seven days.\n`;
    const res = await h.request("PUT", "/api/documents/customer-faq", {
      cookie: admin.cookie,
      body: { content },
    });
    expect(res.status).toBe(200);
    expect(await auditCount()).toBe(before + 1);
    const [row] = await h.sql`select * from audit_log order by id desc limit 1`;
    expect(row).toMatchObject({
      action: "document.update",
      entity_type: "document",
      entity_id: "customer-faq",
      actor_user_id: admin.userId,
      before: { content: old },
      after: { content },
    });
    const missing = await h.request("PUT", "/api/documents/no-such-doc", {
      cookie: admin.cookie,
      body: { content: "x" },
    });
    expect(missing.status).toBe(404);
    expect(await auditCount()).toBe(before + 1);
  });
});

describe("the audit trail", () => {
  it("filters by action, entity type, actor e-mail, dates and dealership, newest first, paged", async () => {
    const all = await api(admin).auditTrail.list({ pageSize: 100 });
    expect(all.total).toBeGreaterThanOrEqual(5);
    const times = all.items.map((r) => new Date(r.createdAt).getTime());
    expect([...times].sort((x, y) => y - x)).toEqual(times);
    expect(all.actions).toEqual(
      expect.arrayContaining(["rating.remove", "document.update", "misconduct.status"]),
    );

    const removes = await api(admin).auditTrail.list({ action: "rating.remove" });
    expect(removes.total).toBeGreaterThanOrEqual(1);
    expect(removes.items.every((r) => r.action === "rating.remove")).toBe(true);
    expect(removes.items[0]).toMatchObject({
      actorEmail: "moderation.admin@example.org",
      ipAddress: "203.0.113.7",
    });

    const docs = await api(admin).auditTrail.list({ entityType: "document" });
    expect(docs.items.every((r) => r.entityType === "document")).toBe(true);

    const byManager = await api(admin).auditTrail.list({ actorEmail: a!.manager_email.slice(0, 8) });
    expect(byManager.items.length).toBeGreaterThan(0);
    expect(byManager.items.every((r) => r.actorEmail?.includes(a!.manager_email.slice(0, 8)))).toBe(true);

    const today = new Date().toISOString().slice(0, 10);
    expect((await api(admin).auditTrail.list({ from: today, to: today })).total).toBe(all.total);
    expect((await api(admin).auditTrail.list({ to: "2020-01-01" })).total).toBe(0);
    await expect(api(admin).auditTrail.list({ from: today, to: "2020-01-01" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });

    const dealershipB = await api(admin).auditTrail.list({ dealershipId: b!.dealership_id });
    expect(dealershipB.items.length).toBeGreaterThan(0);
    expect(dealershipB.items.every((r) => r.dealershipId === b!.dealership_id)).toBe(true);

    const first = await api(admin).auditTrail.list({ pageSize: 2, page: 1 });
    const second = await api(admin).auditTrail.list({ pageSize: 2, page: 2 });
    expect(first.items).toHaveLength(2);
    expect(second.items[0]!.id).not.toBe(first.items[0]!.id);
  });

  it("exports the filtered rows as CSV, and a JSON page over REST", async () => {
    const csv = await h.request("GET", "/api/admin/audit-log?format=csv&entityType=rating", {
      cookie: admin.cookie,
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(csv.headers.get("content-disposition")).toMatch(
      /^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = csv.text.trim().split("\r\n");
    expect(lines[0]).toBe(
      "Time (UTC),Actor e-mail,Actor role,Action,Entity type,Entity ID,Dealership,Reason,IP address,Before,After",
    );
    const ratingRows = await api(admin).auditTrail.list({ entityType: "rating", pageSize: 100 });
    expect(lines).toHaveLength(ratingRows.total + 1);
    expect(lines.slice(1).every((l) => l.includes(",rating,"))).toBe(true);

    const json = await h.request("GET", "/api/admin/audit-log?action=document.update", {
      cookie: admin.cookie,
    });
    expect(json.status).toBe(200);
    expect(Number(json.headers.get("x-total-count"))).toBe(json.json.length);
    expect(json.json.every((r: { action: string }) => r.action === "document.update")).toBe(true);
    expect((await h.request("GET", "/api/admin/audit-log?format=xml", { cookie: admin.cookie })).status).toBe(
      400,
    );
    expect(
      (await h.request("GET", "/api/admin/audit-log?from=yesterday", { cookie: admin.cookie })).status,
    ).toBe(400);
  });

  it("shows a manager only their own dealership's rows, through the same procedure and the CSV", async () => {
    const mine = await api(managerA).auditTrail.list({ pageSize: 100 });
    expect(mine.items.length).toBeGreaterThan(0);
    expect(mine.items.every((r) => r.dealershipId === a!.dealership_id)).toBe(true);
    const asked = await api(managerA).auditTrail.list({ dealershipId: b!.dealership_id });
    expect(asked.total).toBe(0);
    const others = await api(managerB).auditTrail.list({ pageSize: 100 });
    expect(others.items.every((r) => r.dealershipId === b!.dealership_id)).toBe(true);
    expect(others.items.map((r) => r.id)).not.toEqual(expect.arrayContaining(mine.items.map((r) => r.id)));
    const csv = await h.request("GET", "/api/admin/audit-log?format=csv", { cookie: managerA.cookie });
    expect(csv.status).toBe(200);
    expect(csv.text.trim().split("\r\n")).toHaveLength(mine.total + 1);
  });

  it("is append-only: UPDATE and DELETE are refused by the database", async () => {
    const [row] = await h.sql<{ id: number }[]>`select id from audit_log order by id limit 1`;
    await expect(h.sql`update audit_log set reason = 'rewritten' where id = ${row!.id}`).rejects.toThrow();
    await expect(h.sql`delete from audit_log where id = ${row!.id}`).rejects.toThrow();
    const [still] = await h.sql`select reason from audit_log where id = ${row!.id}`;
    expect(still!.reason).not.toBe("rewritten");
  });
});
