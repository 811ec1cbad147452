// The support inbox (docs/product/support.md) and the administrators' monitor (docs/product/admin.md#monitor):
// a reply is stored with its case, e-mailed with a link back to the form and marks the case answered; status
// and assignee change with an audit row; a follow-up names its case. The monitor's counts follow real rows.
import { describe, expect, it } from "vitest";
import { QUEUES } from "../src/server/jobs/queue";
import { createHarness } from "./support/harness";

const h = await createHarness({ RATE_LIMIT_DISABLED: "true" });
await h.seed(0.02);

const admin = await h.signIn("inbox.admin@example.org", "admin");
const colleague = await h.signIn("inbox.colleague@example.org", "admin");
const customer = await h.signIn("inbox.customer@example.org");

async function fileCase(email: string, message: string, extra: Record<string, unknown> = {}) {
  const res = await h.request("POST", "/api/contact", {
    body: { name: "Robin Sender", email, subject: "support", message, ...extra },
  });
  expect(res.status).toBe(201);
  return res.json.id as number;
}

async function lastAudit() {
  const [row] = await h.sql<{ action: string; entity_id: string; before: unknown; after: unknown }[]>`
    select action, entity_id, before, after from audit_log order by id desc limit 1`;
  return row!;
}

describe("support cases", () => {
  it("stores a reply with the case, e-mails it with a link to answer, and marks the case answered", async () => {
    const id = await fileCase("robin.sender@example.org", "My booking page shows the wrong time.");
    const before = await h.request("GET", `/api/admin/support/${id}`, { cookie: admin.cookie });
    expect(before.json).toMatchObject({ status: "new", assigneeId: null, thread: [] });

    const res = await h.request("POST", `/api/admin/support/${id}/replies`, {
      cookie: admin.cookie,
      body: { body: "Thanks, Robin: we fixed the time zone of your dealership." },
    });
    expect(res.status).toBe(201);
    expect(res.json.deliveryStatus).toBe("sent");

    const mail = await h.waitForMail((m) => m.to.includes("robin.sender@example.org"));
    expect(mail.subject).toContain(`case #${id}`);
    expect(mail.text).toContain("we fixed the time zone");
    expect(mail.text).toContain(`http://localhost:3000/contact?case=${id}`);

    const after = await h.request("GET", `/api/admin/support/${id}`, { cookie: admin.cookie });
    expect(after.json).toMatchObject({ status: "answered", assigneeId: admin.userId, replies: 1 });
    expect(after.json.thread).toEqual([
      expect.objectContaining({
        body: "Thanks, Robin: we fixed the time zone of your dealership.",
        authorEmail: "inbox.admin@example.org",
      }),
    ]);
    expect(await lastAudit()).toMatchObject({ action: "contact.reply", entity_id: String(id) });
  });

  it("changes status and assignee with an audit row, refusing an assignee who is not an administrator", async () => {
    const id = await fileCase("sam.sender@example.org", "Can I move my review?");
    const assigned = await h.request("PATCH", `/api/admin/support/${id}`, {
      cookie: admin.cookie,
      body: { status: "in_progress", assigneeId: colleague.userId },
    });
    expect(assigned.status).toBe(200);
    expect(assigned.json).toMatchObject({ status: "in_progress", assigneeId: colleague.userId });
    expect(await lastAudit()).toMatchObject({
      action: "contact.update",
      before: { status: "new", assigneeId: null },
      after: { status: "in_progress", assigneeId: colleague.userId },
    });
    const refused = await h.request("PATCH", `/api/admin/support/${id}`, {
      cookie: admin.cookie,
      body: { assigneeId: customer.userId },
    });
    expect(refused.status).toBe(400);
    expect(refused.json.code).toBe("NOT_AN_ADMIN");

    const mine = await h.request(
      "GET",
      `/api/admin/support?assignee=${colleague.userId}&status=in_progress`,
      {
        cookie: admin.cookie,
      },
    );
    expect(mine.json.map((c: { id: number }) => c.id)).toEqual([id]);
    const unassigned = await h.request("GET", "/api/admin/support?assignee=none&limit=100", {
      cookie: admin.cookie,
    });
    expect(unassigned.json.map((c: { id: number }) => c.id)).not.toContain(id);

    const closed = await h.request("PATCH", `/api/admin/support/${id}`, {
      cookie: admin.cookie,
      body: { status: "closed", assigneeId: null },
    });
    expect(closed.json).toMatchObject({ status: "closed", assigneeId: null });
  });

  it("files a follow-up from the reply's link as a new case that starts with the case it answers", async () => {
    const first = await fileCase("kim.sender@example.org", "Where is my invoice?");
    const next = await fileCase("kim.sender@example.org", "I still cannot find it.", { caseNumber: first });
    const [row] = await h.sql<{ message: string }[]>`select message from contact_messages where id = ${next}`;
    expect(row!.message).toBe(`Re: case #${first}\n\nI still cannot find it.`);
  });

  it("is for administrators only", async () => {
    const id = await fileCase("lee.sender@example.org", "Hello");
    expect((await h.request("GET", `/api/admin/support/${id}`, { cookie: customer.cookie })).status).toBe(
      403,
    );
    expect(
      (
        await h.request("POST", `/api/admin/support/${id}/replies`, {
          cookie: customer.cookie,
          body: { body: "x" },
        })
      ).status,
    ).toBe(403);
  });
});

describe("the monitor", () => {
  const snapshot = async () => {
    const res = await h.request("GET", "/api/admin/monitor", { cookie: admin.cookie });
    expect(res.status).toBe(200);
    return res.json as {
      signIns: number;
      bookings: number;
      errors: number;
      queuedJobs: number;
      database: { ready: boolean };
      jobQueue: { ready: boolean };
    };
  };

  it("counts a sign-in, a booking, a failed request, a job failed for good and a queued job as they happen", async () => {
    const start = await snapshot();
    expect(start.database.ready).toBe(true);
    expect(start.jobQueue.ready).toBe(true);

    await h.sql`insert into security_events (event_type, risk_level) values ('login_success', 'low')`;
    const [s] = await h.sql<{ id: number }[]>`select id from salespeople order by id limit 1`;
    await h.sql`
      insert into appointments (salesperson_id, customer_id, appointment_type, starts_at, customer_name, customer_phone)
      values (${s!.id}, ${customer.userId}, 'Test Drive', now() + interval '30 days', 'Monitor', '5125550100')`;
    await h.deps.jobs.send(
      QUEUES.appointmentReminder,
      { appointmentId: 1 },
      { startAfter: new Date(Date.now() + 3_600_000) },
    );
    const counted = await snapshot();
    expect(counted.signIns).toBe(start.signIns + 1);
    expect(counted.bookings).toBe(start.bookings + 1);
    expect(counted.queuedJobs).toBe(start.queuedJobs + 1);
    expect(counted.errors).toBe(start.errors);

    // A real 500 from the request path: the table the contact form writes is briefly gone.
    await h.sql`alter table contact_messages rename to contact_messages_away`;
    try {
      const failed = await h.request("POST", "/api/contact", {
        body: { name: "Broken", email: "broken@example.org", subject: "support", message: "Hello" },
      });
      expect(failed.status).toBe(500);
    } finally {
      await h.sql`alter table contact_messages_away rename to contact_messages`;
    }
    // A job whose data its handler cannot use, with no retry left: pg-boss fails it for good.
    await h.deps.jobs.send(
      QUEUES.appointmentReminder,
      { appointmentId: "not-a-number" as unknown as number },
      { retry: { limit: 0, delaySeconds: 1 } },
    );
    const deadline = Date.now() + 15_000;
    let rows: { source: string; what: string; status: number | null }[] = [];
    while (Date.now() < deadline && rows.length < 2) {
      rows = await h.sql`select source, what, status from error_events order by id`;
      if (rows.length < 2) await new Promise((r) => setTimeout(r, 100));
    }
    expect(rows).toEqual([
      { source: "request", what: "POST /api/contact", status: 500 },
      { source: "job", what: QUEUES.appointmentReminder, status: null },
    ]);
    expect((await snapshot()).errors).toBe(start.errors + 2);
  });
});
