// Compliance: an access export holds every column (but secrets) of every table tied to the user, derived
// here from the schema; after an erasure no text column of any table holds the user's e-mail, name or phone
// while their reviews stay anonymous; the cleanup removes exactly what is past each period; requests move
// through their states with the right people; reports and the score come from rows.
import { getTableConfig, type PgTable } from "drizzle-orm/pg-core";
import { strFromU8, unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import * as schema from "../src/server/db/schema";
import {
  NOT_PERSONAL,
  SECRET_COLUMNS,
  UNKEYED_USER_COLUMNS,
} from "../src/server/domains/compliance/personalData";
import { DEMO_ACCOUNTS } from "../src/server/seed/demo";
import { RETENTION_DATA_TYPES, RETENTION_DEFAULTS } from "../src/shared/compliance";
import { createHarness } from "./support/harness";

const h = await createHarness({ RATE_LIMIT_DISABLED: "true" });
await h.seed(0.05);
const admin = await h.signIn("compliance.admin@example.org", "admin");

/** Every table of the schema, with the columns pointing at users and at salespeople, read from drizzle. */
function schemaTables() {
  return Object.values(schema)
    .flatMap((value) => {
      try {
        return [getTableConfig(value as PgTable)];
      } catch {
        return [];
      }
    })
    .filter((c) => c.name)
    .map((c) => ({
      name: c.name,
      columns: c.columns.map((col) => col.name),
      userColumns: [
        ...(c.name === "users" ? ["id"] : []),
        ...c.foreignKeys
          .map((fk) => fk.reference())
          .filter((ref) => getTableConfig(ref.foreignTable).name === "users")
          .map((ref) => ref.columns[0]!.name),
        ...(UNKEYED_USER_COLUMNS[c.name] ?? []),
      ],
    }));
}

async function fileAndComplete(cookie: string, requestType: string) {
  const filed = await h.request("POST", "/api/compliance/gdpr-requests", {
    cookie,
    body: { requestType, requestDetails: { description: `Please handle my ${requestType} request` } },
  });
  expect(filed.status).toBe(201);
  const done = await h.request("PATCH", `/api/compliance/gdpr-requests/${filed.json.id}`, {
    cookie: admin.cookie,
    body: { action: "complete", note: "Done" },
  });
  expect(done.status).toBe(200);
  expect(done.json.status).toBe("completed");
  return done.json;
}

describe("the export", () => {
  it("contains every personal-data column of every table tied to the user, derived from the schema", async () => {
    const customer = await h.signIn(DEMO_ACCOUNTS.customer);
    // Rows in tables the seed leaves empty for this user.
    await h.request("POST", "/api/contact", {
      cookie: customer.cookie,
      body: {
        name: "Alex Morgan",
        email: DEMO_ACCOUNTS.customer,
        subject: "other",
        message: "Hello there",
      },
    });
    await h.request("POST", "/api/security/setup-mfa", { cookie: customer.cookie });
    const request = await fileAndComplete(customer.cookie, "access");
    expect(request.exportAvailable).toBe(true);

    const res = await h.request("GET", `/api/compliance/gdpr-requests/${request.id}/export?format=json`, {
      cookie: customer.cookie,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toMatch(/attachment; filename="knowbefore-data-export-/);
    const data = res.json;
    expect(data.subject.email).toBe(DEMO_ACCOUNTS.customer);

    let checkedTables = 0;
    let checkedRows = 0;
    for (const table of schemaTables()) {
      if (table.userColumns.length === 0) continue;
      const expected = table.columns.filter((c) => !(SECRET_COLUMNS[table.name] ?? []).includes(c));
      expect(data.tables[table.name]?.columns, `export of ${table.name}`).toEqual(expected);
      const [count] = await h.sql<{ n: number }[]>`
        select count(*)::int as n from ${h.sql(table.name)}
         where ${h.sql.unsafe(table.userColumns.map((c) => `"${c}" = '${customer.userId}'`).join(" or "))}`;
      // Tables that gain rows by the request itself (its events, the download) are counted at export time.
      if (!["security_events", "gdpr_requests", "sessions"].includes(table.name))
        expect(data.tables[table.name].rows.length, `rows of ${table.name}`).toBeGreaterThanOrEqual(count!.n);
      checkedTables++;
      checkedRows += count!.n;
    }
    expect(checkedTables).toBeGreaterThan(20);
    expect(checkedRows).toBeGreaterThan(5);
    for (const name of ["users", "appointments", "ratings", "sessions", "contact_messages", "user_mfa"])
      expect(data.tables[name].rows.length, name).toBeGreaterThan(0);
    // Secrets never leave: no session hash, no sealed secret.
    expect(JSON.stringify(data)).not.toMatch(/"(secret_sealed|password_hash|code_hash|tracking_code_hash)"/);

    const zip = await h.app.request(`/api/compliance/gdpr-requests/${request.id}/export?format=zip`, {
      headers: { cookie: customer.cookie, origin: "http://localhost:3000" },
    });
    expect(zip.headers.get("content-type")).toBe("application/zip");
    const files = unzipSync(new Uint8Array(await zip.arrayBuffer()));
    expect(Object.keys(files)).toEqual(
      expect.arrayContaining(["export.json", "users.csv", "appointments.csv"]),
    );
    expect(strFromU8(files["users.csv"]!)).toContain(DEMO_ACCOUNTS.customer);
  });

  it("every table of the schema is tied to a person or declared as holding no personal data", () => {
    const tied = new Set(["payments", "messages"]); // reached through their parent rows
    const unaccounted = schemaTables()
      .filter((t) => t.userColumns.length === 0 && !tied.has(t.name))
      .filter((t) => !t.columns.includes("salesperson_id") && !t.columns.some((c) => c.endsWith("email")))
      .filter((t) => !(t.name in NOT_PERSONAL))
      .map((t) => t.name);
    expect(unaccounted).toEqual([]);
  });

  it("a salesperson's export holds their appointments without their customers' contact details", async () => {
    const [person] = await h.sql<{ email: string }[]>`
      select s.email::text as email from salespeople s
       where exists (select 1 from appointments a where a.salesperson_id = s.id) limit 1`;
    const seller = await h.signIn(person!.email, "salesperson");
    const request = await fileAndComplete(seller.cookie, "portability");
    const res = await h.request("GET", `/api/compliance/gdpr-requests/${request.id}/export`, {
      cookie: seller.cookie,
    });
    const appointments = res.json.tables.appointments.rows as Record<string, unknown>[];
    expect(appointments.length).toBeGreaterThan(0);
    for (const row of appointments) {
      expect(row.customer_phone).toBeNull();
      expect(row.customer_name).toBeNull();
    }
    expect(res.json.tables.salespeople.rows).toHaveLength(1);
  });
});

describe("erasure", () => {
  it("leaves no row outside the anonymous reviews holding the user's e-mail, name or phone", async () => {
    const email = "erase.me@example.org";
    const person = await h.signIn(email);
    await h.sql`update users set first_name = 'Quintessa', last_name = 'Vandermolen', phone = '555-013-7788'
                 where id = ${person.userId}`;
    const [sp] = await h.sql<{ id: number }[]>`select id from salespeople order by id limit 1`;
    await h.sql`
      insert into appointments (salesperson_id, customer_id, appointment_type, starts_at, customer_name,
                                customer_phone, customer_email, notes)
      values (${sp!.id}, ${person.userId}, 'Test Drive', now() - interval '40 days', 'Quintessa Vandermolen',
              '555-013-7788', ${email}, 'Call Quintessa Vandermolen on 555-013-7788')`;
    await h.sql`
      insert into ratings (salesperson_id, user_id, overall_rating, helpfulness_rating, pressure_level_rating,
                           communication_rating, comment)
      values (${sp!.id}, ${person.userId}, 5, 5, 5, 5, 'Great visit')`;
    await h.sql`
      insert into audit_log (actor_user_id, actor_role, action, entity_type, entity_id, after)
      values (${admin.userId}, 'admin', 'user.update', 'user', ${person.userId},
              ${h.sql.json({ email, firstName: "Quintessa", lastName: "Vandermolen", phone: "555-013-7788" })})`;
    await h.request("POST", "/api/contact", {
      cookie: person.cookie,
      body: { name: "Quintessa Vandermolen", email, subject: "other", message: "Reach me at 555-013-7788" },
    });
    const access = await fileAndComplete(person.cookie, "access");
    expect(access.exportAvailable).toBe(true);

    const erased = await fileAndComplete(person.cookie, "erasure");
    expect(erased.responseData.anonymised.users).toBe(1);

    // Every text-like column of every table of the app.
    const columns = await h.sql<{ table: string; column: string }[]>`
      select c.table_name as table, c.column_name as column
        from information_schema.columns c
        join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
       where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
         and (c.data_type in ('text', 'character varying', 'jsonb', 'json', 'ARRAY') or c.udt_name = 'citext')`;
    expect(columns.length).toBeGreaterThan(80);
    const hits: string[] = [];
    for (const { table, column } of columns) {
      const rows = await h.sql<{ n: number }[]>`
        select count(*)::int as n from ${h.sql(table)}
         where ${h.sql(column)}::text ilike any (array[${`%${email}%`}, '%Quintessa Vandermolen%', '%555-013-7788%'])`;
      if (rows[0]!.n > 0) hits.push(`${table}.${column}: ${rows[0]!.n}`);
    }
    expect(hits).toEqual([]);

    // The review stays, anonymous; the session is gone.
    const [rating] = await h.sql<{ n: number }[]>`
      select count(*)::int as n from ratings where user_id = ${person.userId}`;
    expect(rating!.n).toBe(1);
    const reviews = await h.request("GET", `/api/salespeople/${sp!.id}/reviews?sort=newest`);
    const mine = (reviews.json.items ?? reviews.json).find(
      (r: { comment: string }) => r.comment === "Great visit",
    );
    expect(mine?.customerName).toBe("Verified customer");
    expect((await h.request("GET", "/api/auth/user", { cookie: person.cookie })).status).toBe(401);
  });
});

describe("retention cleanup", () => {
  it("removes exactly what is past each policy's period and reports it per policy", async () => {
    const policies = await h.request("GET", "/api/compliance/retention-policies", { cookie: admin.cookie });
    expect(policies.json.map((p: { dataType: string }) => p.dataType)).toEqual([...RETENTION_DATA_TYPES]);
    const days = (t: keyof typeof RETENTION_DEFAULTS) => RETENTION_DEFAULTS[t].days;
    const old = (t: keyof typeof RETENTION_DEFAULTS) => h.sql`now() - make_interval(days => ${days(t) + 1})`;
    const fresh = (t: keyof typeof RETENTION_DEFAULTS) =>
      h.sql`now() - make_interval(days => ${days(t) - 1})`;
    const user = await h.signIn("retention.subject@example.org");
    const [sp] = await h.sql<{ id: number }[]>`select id from salespeople order by id limit 1`;
    const [conv] = await h.sql<{ id: number }[]>`
      insert into conversations (customer_id, salesperson_id, contact_method)
      values (${user.userId}, ${sp!.id}, 'email') returning id`;

    // Markers: one row just past the period and one just within, for each policy.
    for (const age of [old, fresh]) {
      await h.sql`insert into sessions (id, user_id, expires_at, absolute_expires_at, last_activity_at)
                  values (${`marker-${Math.random()}`}, ${user.userId}, now() + interval '1 day',
                          now() + interval '2 days', ${age("sessions")})`;
      await h.sql`insert into login_tokens (id, email, purpose, expires_at)
                  values (${`marker-${Math.random()}`}, 'x@example.org', 'customer', ${age("login_tokens")})`;
      await h.sql`insert into security_events (event_type, created_at) values ('marker', ${age("security_events")})`;
      await h.sql`select set_config('knowbefore.retention', 'off', false)`;
      await h.sql`insert into audit_log (actor_role, action, entity_type, entity_id, created_at)
                  values ('system', 'marker.test', 'user', 'x', ${age("audit_entries")})`;
      await h.sql`insert into messages (conversation_id, sender_role, sender_user_id, body, created_at)
                  values (${conv!.id}, 'customer', ${user.userId}, 'marker', ${age("messages")})`;
      await h.sql`insert into contact_messages (name, email, subject, message, created_at)
                  values ('Marker', 'marker@example.org', 'other', 'marker', ${age("contact_messages")})`;
      await h.sql`insert into appointments (salesperson_id, customer_id, appointment_type, starts_at, status,
                                            cancelled_at, customer_name, customer_phone)
                  values (${sp!.id}, ${user.userId}, 'Test Drive', ${age("cancelled_appointments")}, 'cancelled',
                          ${age("cancelled_appointments")}, 'Marker Person', '555')`;
      await h.sql`insert into error_events (source, what, status, created_at)
                  values ('request', 'GET /marker', 500, ${age("error_events")})`;
    }
    const due = Object.fromEntries(
      (await h.request("GET", "/api/compliance/retention-policies", { cookie: admin.cookie })).json.map(
        (p: { dataType: string; due: number }) => [p.dataType, p.due],
      ),
    );
    for (const t of RETENTION_DATA_TYPES) expect(due[t], t).toBeGreaterThanOrEqual(1);

    const customer = await h.request("POST", "/api/compliance/cleanup-data", { cookie: user.cookie });
    expect(customer.status).toBe(403);
    const run = await h.request("POST", "/api/compliance/cleanup-data", { cookie: admin.cookie });
    expect(run.status).toBe(200);
    expect(run.json.cleanedRecords).toEqual(due);

    const left = await h.sql<{ n: number }[]>`
      select (select count(*) from sessions where user_id = ${user.userId} and id like 'marker-%')
           + (select count(*) from login_tokens where id like 'marker-%')
           + (select count(*) from security_events where event_type = 'marker')
           + (select count(*) from audit_log where action = 'marker.test')
           + (select count(*) from messages where body = 'marker')
           + (select count(*) from contact_messages where message = 'marker')
           + (select count(*) from appointments where customer_name = 'Marker Person')
           + (select count(*) from error_events where what = 'GET /marker') as n`;
    expect(Number(left[0]!.n)).toBe(8);
    const again = await h.request("POST", "/api/compliance/cleanup-data", { cookie: admin.cookie });
    expect(again.json.total).toBe(0);
  });
});

describe("requests, reports and access", () => {
  it("moves requests through their states, with notes where the requester needs them", async () => {
    const customer = await h.signIn("requests.flow@example.org");
    const other = await h.signIn("requests.other@example.org");
    const foreign = await h.request("POST", "/api/compliance/gdpr-requests", {
      cookie: customer.cookie,
      body: { userId: other.userId, requestType: "access" },
    });
    expect(foreign.status).toBe(403);
    const bad = await h.request("POST", "/api/compliance/gdpr-requests", {
      cookie: customer.cookie,
      body: { requestType: "deletion" },
    });
    expect(bad.status).toBe(400);
    const filed = await h.request("POST", "/api/compliance/gdpr-requests", {
      cookie: customer.cookie,
      body: { requestType: "rectification", requestDetails: { description: "My city is wrong" } },
    });
    expect(filed.json).toMatchObject({ status: "pending", overdue: false });
    expect(new Date(filed.json.dueAt).getTime() - new Date(filed.json.createdAt).getTime()).toBe(
      30 * 86_400_000,
    );
    const twice = await h.request("POST", "/api/compliance/gdpr-requests", {
      cookie: customer.cookie,
      body: { requestType: "rectification" },
    });
    expect(twice.status).toBe(409);

    const path = `/api/compliance/gdpr-requests/${filed.json.id}`;
    expect(
      (await h.request("PATCH", path, { cookie: customer.cookie, body: { action: "complete" } })).status,
    ).toBe(403);
    const processing = await h.request("PATCH", path, { cookie: admin.cookie, body: { action: "process" } });
    expect(processing.json.status).toBe("processing");
    const noNote = await h.request("PATCH", path, { cookie: admin.cookie, body: { action: "complete" } });
    expect(noNote.status).toBe(400);
    const done = await h.request("PATCH", path, {
      cookie: admin.cookie,
      body: { action: "complete", note: "City corrected to Austin" },
    });
    expect(done.json).toMatchObject({ status: "completed", responseNote: "City corrected to Austin" });
    expect(
      (await h.request("PATCH", path, { cookie: admin.cookie, body: { action: "reject" } })).status,
    ).toBe(409);

    // Own requests only; the export of someone else's request is not found.
    const mine = await h.request("GET", "/api/compliance/gdpr-requests", { cookie: other.cookie });
    expect(mine.json).toEqual([]);
    expect((await h.request("GET", `${path}/export`, { cookie: other.cookie })).status).toBe(404);
    const all = await h.request("GET", "/api/compliance/gdpr-requests?status=completed", {
      cookie: admin.cookie,
    });
    expect(all.json.some((r: { id: number }) => r.id === filed.json.id)).toBe(true);
  });

  it("generates a report from rows and a score from stated checks", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const report = await h.request("POST", "/api/compliance/generate-report", {
      cookie: admin.cookie,
      body: { startDate: "2026-01-01", endDate: today },
    });
    expect(report.status).toBe(200);
    expect(report.headers.get("content-disposition")).toMatch(/compliance-report-2026-01-01/);
    const body = JSON.parse(report.text);
    const [counts] = await h.sql<{ completed: number; erasures: number }[]>`
      select count(*) filter (where status = 'completed')::int as completed,
             count(*) filter (where status = 'completed' and request_type = 'erasure')::int as erasures
        from gdpr_requests`;
    expect(body.dataRequests.completed).toBe(counts!.completed);
    expect(body.erasures).toBe(counts!.erasures);
    expect(body.checks.length).toBe(5);
    expect(body.score).toBe(
      Math.round(
        (body.checks.filter((c: { passed: boolean }) => c.passed).length / body.checks.length) * 100,
      ),
    );
    const reversed = await h.request("POST", "/api/compliance/generate-report", {
      cookie: admin.cookie,
      body: { startDate: today, endDate: "2026-01-01" },
    });
    expect(reversed.status).toBe(400);
    const customer = await h.signIn("report.reader@example.org");
    expect(
      (
        await h.request("POST", "/api/compliance/generate-report", {
          cookie: customer.cookie,
          body: { startDate: "2026-01-01", endDate: today },
        })
      ).status,
    ).toBe(403);
  });
});
