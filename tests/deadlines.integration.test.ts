// A request has a deadline, and an Idempotency-Key makes a retry safe (docs/operations/outages.md). Bookings
// held up past the deadline (another connection holds the table they write) answer 503 with Retry-After by their
// deadline, over REST and tRPC, and are not carried out once the table is free again; a booking sent twice with
// one Idempotency-Key makes one appointment and answers the same both times.
import postgres from "postgres";
import { afterAll, describe, expect, it } from "vitest";
import { BUSY_MESSAGE } from "../src/server/appError";
import { createHarness } from "./support/harness";
import { openDay } from "./support/openHours";

const DEADLINE_MS = 700;
// A small pool, so that held-up bookings also leave others queued for a connection (withdrawn, never sent).
const h = await createHarness({ RATE_LIMIT_DISABLED: "true", REQUEST_TIMEOUT_MS: String(DEADLINE_MS) });
await h.seed(0.02);

const [A] = await h.sql<{ id: number; time_zone: string }[]>`
  select s.id, s.time_zone from salespeople s where s.verified_at is not null order by s.id limit 1`;
if (!A) throw new Error("the seed has a verified salesperson");
const day = openDay(A.time_zone, 3);
const buyer = await h.signIn("deadline.buyer@example.org");

const holder = postgres(h.dbUrl, { max: 1, onnotice: () => {} });
afterAll(() => holder.end());

function booking(time: string) {
  return {
    salespersonId: A!.id,
    date: day,
    time,
    appointmentType: "Test Drive",
    customerName: "Dee Line",
    customerPhone: "(512) 555-0144",
  };
}

async function bookedAt(times: string[]): Promise<string[]> {
  const rows = await h.sql<{ time: string }[]>`
    select to_char(starts_at at time zone ${A!.time_zone}, 'HH24:MI') as time from appointments
     where salesperson_id = ${A!.id} and customer_id = ${buyer.userId} and status = 'scheduled'
       and (starts_at at time zone ${A!.time_zone})::date = ${day}::date
       and to_char(starts_at at time zone ${A!.time_zone}, 'HH24:MI') in ${h.sql(times)}`;
  return rows.map((r) => r.time).sort();
}

/** Until no statement of the app's is running or waiting in a transaction: what was held up has finished. */
async function untilAppIdle() {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const [row] = await h.sql<{ busy: number }[]>`
      select count(*)::int as busy from pg_stat_activity
       where datname = current_database() and pid <> pg_backend_pid()
         and application_name like 'knowbefore%' and state in ('active', 'idle in transaction')`;
    if (row?.busy === 0) return;
    if (Date.now() > deadline) throw new Error("the app's statements did not finish");
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe("a request's deadline", () => {
  it("answers 503 with Retry-After by the deadline while the database holds it up, and carries nothing out later", async () => {
    const times = ["09:00", "09:30", "10:00", "10:30", "11:00", "11:30"];
    const started = performance.now();
    const answers = await holder.begin(async (tx) => {
      await tx`lock table appointments in exclusive mode`;
      const rest = times.slice(0, 5).map(async (time) => {
        const sent = performance.now();
        const answer = await h.request("POST", "/api/appointments", {
          cookie: buyer.cookie,
          body: booking(time),
        });
        return { ...answer, ms: performance.now() - sent };
      });
      const sent = performance.now();
      const trpc = h.request("POST", "/trpc/appointments.book", {
        cookie: buyer.cookie,
        body: { json: booking(times[5]!) },
      });
      const all = await Promise.all(rest);
      const overTrpc = await trpc;
      return [...all, { ...overTrpc, ms: performance.now() - sent }];
    });
    for (const answer of answers) {
      expect(answer.status, answer.text).toBe(503);
      expect(answer.headers.get("retry-after")).toBe("1");
      expect(answer.ms).toBeGreaterThanOrEqual(DEADLINE_MS - 5);
      expect(answer.ms).toBeLessThan(DEADLINE_MS + 400);
    }
    expect(answers.slice(0, 5).map((a) => a.json)).toEqual(
      Array(5).fill({ message: BUSY_MESSAGE, code: "BUSY" }),
    );
    // tRPC's client reads the error envelope.
    const trpcError = answers[5]!.json as unknown as {
      error: { json: { message: string; data: { code: string; httpStatus: number } } };
    };
    expect(trpcError.error.json.message).toBe(BUSY_MESSAGE);
    expect(trpcError.error.json.data).toMatchObject({ code: "SERVICE_UNAVAILABLE", httpStatus: 503 });
    expect(performance.now() - started).toBeLessThan(DEADLINE_MS + 1000);
    // The lock is gone: whatever was held up runs on to its end, and none of it books.
    await untilAppIdle();
    expect(await bookedAt(times)).toEqual([]);
    // The same bookings, sent again, succeed.
    const again = await h.request("POST", "/api/appointments", {
      cookie: buyer.cookie,
      body: booking("09:00"),
    });
    expect(again.status, again.text).toBe(201);
    expect(await bookedAt(times)).toEqual(["09:00"]);
  });
});

describe("Idempotency-Key", () => {
  it("a booking sent twice with one key books once and answers the same, even when the first was held past its deadline", async () => {
    const key = "booking-7f3c2a";
    const headers = { "Idempotency-Key": key };
    // The first try is held up past its deadline: 503, nothing booked, and the key is free again once it ends.
    const held = await holder.begin(async (tx) => {
      await tx`lock table appointments in exclusive mode`;
      const first = h.request("POST", "/api/appointments", {
        cookie: buyer.cookie,
        body: booking("14:00"),
        headers,
      });
      // While the first is still being handled (it has claimed the key), the same key is refused with a reason
      // to wait.
      for (;;) {
        const [claim] = await h.sql`select 1 from idempotency_claims where key = ${key}`;
        if (claim) break;
        await new Promise((r) => setTimeout(r, 10));
      }
      const meanwhile = await h.request("POST", "/api/appointments", {
        cookie: buyer.cookie,
        body: booking("14:00"),
        headers,
      });
      return { first: await first, meanwhile };
    });
    expect(held.first.status).toBe(503);
    expect(held.meanwhile.status, held.meanwhile.text).toBe(409);
    expect(held.meanwhile.json.code).toBe("IDEMPOTENCY_KEY_IN_USE");
    expect(held.meanwhile.headers.get("retry-after")).toBe("1");
    await untilAppIdle();
    expect(await bookedAt(["14:00"])).toEqual([]);

    const retried = await h.request("POST", "/api/appointments", {
      cookie: buyer.cookie,
      body: booking("14:00"),
      headers,
    });
    expect(retried.status, retried.text).toBe(201);
    expect(retried.headers.get("idempotent-replayed")).toBeNull();
    const replayed = await h.request("POST", "/api/appointments", {
      cookie: buyer.cookie,
      body: booking("14:00"),
      headers,
    });
    expect(replayed.status).toBe(201);
    expect(replayed.headers.get("idempotent-replayed")).toBe("true");
    expect(replayed.text).toBe(retried.text);
    expect(await bookedAt(["14:00"])).toEqual(["14:00"]);

    // The key names that request: another body with it is refused, and books nothing.
    const reused = await h.request("POST", "/api/appointments", {
      cookie: buyer.cookie,
      body: booking("15:00"),
      headers,
    });
    expect(reused.status).toBe(422);
    expect(reused.json.code).toBe("IDEMPOTENCY_KEY_REUSED");
    expect(await bookedAt(["15:00"])).toEqual([]);

    // Another caller's identical key is theirs alone.
    const other = await h.signIn("deadline.other@example.org");
    const theirs = await h.request("POST", "/api/appointments", {
      cookie: other.cookie,
      body: { ...booking("15:00"), customerName: "Oth Er" },
      headers,
    });
    expect(theirs.status, theirs.text).toBe(201);
    expect(theirs.headers.get("idempotent-replayed")).toBeNull();
  });

  it("refuses a malformed key, and a key on a batch of tRPC calls", async () => {
    const bad = await h.request("POST", "/api/appointments", {
      cookie: buyer.cookie,
      body: booking("16:00"),
      headers: { "Idempotency-Key": "has space" },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.code).toBe("INVALID_IDEMPOTENCY_KEY");
    const batch = await h.request("POST", "/trpc/appointments.book,appointments.book?batch=1", {
      cookie: buyer.cookie,
      body: { 0: { json: booking("16:00") }, 1: { json: booking("16:30") } },
      headers: { "Idempotency-Key": "batch-1" },
    });
    expect(batch.status).toBe(400);
    expect(await bookedAt(["16:00", "16:30"])).toEqual([]);
  });
});
