// The database goes away under load and comes back (docs/operations/outages.md): the server, as `npm start` runs
// it, on a PostgreSQL of the test's own (as an external one), serves a paced mix of reads and bookings while that
// PostgreSQL is stopped for real and started again on the same port. Every request answers by its deadline (plus
// the moment a cancellation may take), none with a 500; every 503 says when to retry; readiness answers
// not-ready promptly during the outage and ready within 5 s of the database's return; every acknowledged booking
// is there afterwards with its confirmation sent (the job queue recovers too), no booking answered 503 was carried
// out, and bookings retried with their Idempotency-Key until acknowledged each made exactly one appointment.
import { rmSync } from "node:fs";
import path from "node:path";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type EmbeddedDatabase,
  removeOutsideCluster,
  startEmbeddedPostgres,
} from "../src/server/operations/embedded";
import { PROJECT_ROOT } from "../src/server/paths";
import { addDays } from "../src/shared/time";
import { type BuiltServer, bundleServer, launchBuilt, stopBuilt, untilReady } from "./support/built-server";
import { freePort } from "./support/server-process";
import { startSmtpSink } from "./support/smtp-sink";
import { until } from "./support/until";

const DEADLINE_MS = 1500;
/** The most a request may take: its deadline, the moment a cancellation may take (CANCEL_GRACE_MS), slack. */
const ANSWER_BOUND_MS = DEADLINE_MS + 500 + 400;
const OUTAGE_MS = 8000;
/** Requests a second, all kinds together (the issue's measurement used 40). */
const RATE = 40;

const dataDir = path.join(PROJECT_ROOT, ".data", `db-restart-${process.pid}-${Date.now()}`);
let bundle: ReturnType<typeof bundleServer>;
let pg: EmbeddedDatabase;
let pgPort: number;
let server: BuiltServer;
const smtp = await startSmtpSink(0);

function startDatabase() {
  return startEmbeddedPostgres({ dataDir: path.join(dataDir, "pg"), port: pgPort, database: "knowbefore" });
}

beforeAll(async () => {
  bundle = bundleServer();
  pgPort = await freePort();
  pg = await startDatabase();
  server = await launchBuilt(bundle.entry, {
    DATA_DIR: path.join(dataDir, "app"),
    DATABASE_URL: pg.url,
    SMTP_URL: smtp.url,
    RATE_LIMIT_DISABLED: "true",
    SEED_ON_START: "true",
    SEED_SCALE: "0.02",
    REQUEST_TIMEOUT_MS: String(DEADLINE_MS),
    // A confirmation whose attempt met the outage is tried again after this, not production's 30 s (doubling
    // from there): the test waits 30 s for every confirmation, and a retry due later than that was a failure of
    // the test's patience, not of the queue's recovery.
    MAIL_RETRY_DELAY_SECONDS: "2",
  });
  await untilReady(server);
}, 120_000);

afterAll(async () => {
  if (server) await stopBuilt(server, "SIGKILL", true);
  await pg?.stop().catch(() => {});
  removeOutsideCluster(path.join(dataDir, "pg"));
  rmSync(dataDir, { recursive: true, force: true });
  bundle?.remove();
  await smtp.close();
}, 60_000);

type Answer = { kind: string; sentAt: number; ms: number; status: number; retryAfter: string | null };

async function call(
  method: string,
  url: string,
  options: { body?: unknown; token?: string; key?: string } = {},
): Promise<{ status: number; ms: number; retryAfter: string | null; json: Record<string, unknown> | null }> {
  const sent = performance.now();
  const res = await fetch(`http://127.0.0.1:${server.port}${url}`, {
    method,
    headers: {
      origin: `http://localhost:${server.port}`,
      ...(options.body === undefined ? {} : { "content-type": "application/json" }),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.key ? { "idempotency-key": options.key } : {}),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    // Far past the bound: a request still unanswered then is one the server never answered.
    signal: AbortSignal.timeout(ANSWER_BOUND_MS * 4),
  }).catch(() => null);
  if (!res) return { status: 0, ms: performance.now() - sent, retryAfter: null, json: null };
  const text = await res.text();
  let json: Record<string, unknown> | null = null;
  try {
    json = text ? (JSON.parse(text) as Record<string, unknown>) : null;
  } catch {
    json = null;
  }
  return {
    status: res.status,
    ms: performance.now() - sent,
    retryAfter: res.headers.get("retry-after"),
    json,
  };
}

async function signIn(email: string): Promise<string> {
  const asked = await call("POST", "/api/auth/request-login", { body: { email } });
  expect(asked.status).toBe(200);
  const token = new URL(String(asked.json?.magicLink)).searchParams.get("token");
  const res = await fetch(`http://127.0.0.1:${server.port}/api/auth/redeem`, {
    method: "POST",
    headers: { origin: `http://localhost:${server.port}`, "content-type": "application/json" },
    body: JSON.stringify({ token }),
  });
  expect(res.status).toBe(200);
  return res.headers.get("set-cookie")!.match(/kb_session=([^;]+)/)![1]!;
}

type Slot = { salespersonId: number; date: string; time: string };

async function freeSlots(wanted: number): Promise<Slot[]> {
  const db = postgres(pg.url, { max: 1, onnotice: () => {} });
  const people = await db<{ id: number }[]>`select id from salespeople order by id limit 8`;
  await db.end();
  const slots: Slot[] = [];
  const today = new Date().toISOString().slice(0, 10);
  for (let ahead = 2; slots.length < wanted && ahead < 20; ahead++) {
    for (const person of people) {
      const date = addDays(today, ahead);
      const grid = await call("GET", `/api/appointments/salesperson/${person.id}/${date}`);
      for (const s of (grid.json?.slots ?? []) as { state: string; time: string }[])
        if (s.state === "available") slots.push({ salespersonId: person.id, date, time: s.time });
    }
  }
  return slots.slice(0, wanted);
}

describe("the database restarted under load", () => {
  it("answers every request by its deadline, never 500, loses no acknowledged booking and carries out none it refused", async () => {
    const tokens = await Promise.all([0, 1, 2, 3].map((i) => signIn(`restart.buyer${i}@example.org`)));
    const slots = await freeSlots(400);
    expect(slots.length).toBe(400);

    const answers: Answer[] = [];
    const acknowledged: number[] = [];
    /** Bookings sent once, without a key, and answered 503: none of them may exist afterwards. */
    const refused: Slot[] = [];
    /** Bookings with a key, retried on 503 until acknowledged: the appointment each finally made. */
    const keyed: { key: string; slot: Slot; ids: Set<number>; tries: number }[] = [];
    const inFlight = new Set<Promise<unknown>>();
    let nextSlot = 0;
    let tick = 0;
    const record = (kind: string, sentAt: number, a: Awaited<ReturnType<typeof call>>) => {
      answers.push({ kind, sentAt, ms: a.ms, status: a.status, retryAfter: a.retryAfter });
    };
    const booking = (slot: Slot, i: number) => ({
      ...slot,
      appointmentType: "Test Drive",
      customerName: `Restart ${i}`,
      customerPhone: "(512) 555-0199",
    });
    async function book(i: number) {
      const slot = slots[nextSlot++];
      if (!slot) return;
      const token = tokens[i % tokens.length]!;
      if (i % 2 === 0) {
        const sentAt = performance.now();
        const a = await call("POST", "/api/appointments", { body: booking(slot, i), token });
        record("booking", sentAt, a);
        if (a.status === 201) acknowledged.push(Number(a.json?.id));
        if (a.status === 503) refused.push(slot);
        return;
      }
      const entry = { key: `restart-${i}`, slot, ids: new Set<number>(), tries: 0 };
      keyed.push(entry);
      for (;;) {
        const sentAt = performance.now();
        entry.tries++;
        const a = await call("POST", "/api/appointments", { body: booking(slot, i), token, key: entry.key });
        record("keyed booking", sentAt, a);
        if (a.status === 201) {
          entry.ids.add(Number(a.json?.id));
          acknowledged.push(Number(a.json?.id));
          return;
        }
        // A 503, or 409 while the first try is still being finished: wait as told, then the same request again.
        if (a.status !== 503 && a.status !== 409) return;
        await new Promise((r) => setTimeout(r, Number(a.retryAfter ?? 1) * 1000));
      }
    }
    const read = async (kind: string, url: string) => {
      const sentAt = performance.now();
      record(kind, sentAt, await call("GET", url));
    };
    // Open loop: a request every 1000/RATE ms whatever the answers do.
    const load = setInterval(() => {
      const n = tick++;
      const work =
        n % 4 === 0
          ? book(n / 4)
          : n % 4 === 1
            ? read("browse", `/api/salespeople?limit=5&offset=${(n * 7) % 40}`)
            : n % 4 === 2
              ? read("profile", `/api/salespeople/${(n % 8) + 1}`)
              : read("slots", `/api/appointments/salesperson/${(n % 8) + 1}/${slots[0]!.date}`);
      inFlight.add(work);
      void work.finally(() => inFlight.delete(work));
    }, 1000 / RATE);

    try {
      // Two seconds of normal service, then the database stops (a fast shutdown, as a restart does).
      await new Promise((r) => setTimeout(r, 2000));
      const stoppedAt = performance.now();
      await pg.stop();
      // Readiness during the outage: not ready, promptly, every time.
      const probes: { status: number; ms: number }[] = [];
      while (performance.now() - stoppedAt < OUTAGE_MS) {
        const probe = await call("GET", "/api/ready");
        probes.push({ status: probe.status, ms: probe.ms });
        await new Promise((r) => setTimeout(r, 250));
      }
      pg = await startDatabase();
      const backAt = performance.now();
      const ready = await until(
        () => call("GET", "/api/ready"),
        (probe) => probe.status === 200,
        5000,
        50,
      );
      expect(ready.status).toBe(200);
      const readyAfterMs = performance.now() - backAt;
      // Service resumes: three more seconds of load.
      await new Promise((r) => setTimeout(r, 3000));
      clearInterval(load);
      while (inFlight.size > 0) await Promise.all([...inFlight]);

      expect(probes.length).toBeGreaterThan(10);
      expect(probes.filter((p) => p.status !== 503)).toEqual([]);
      expect(Math.max(...probes.map((p) => p.ms))).toBeLessThan(1500);
      expect(readyAfterMs).toBeLessThan(5000);

      // Every request answered, by its bound, and none with a 500.
      expect(answers.filter((a) => a.status === 0)).toEqual([]);
      expect(answers.filter((a) => a.status >= 500 && a.status !== 503)).toEqual([]);
      expect(answers.filter((a) => a.ms > ANSWER_BOUND_MS)).toEqual([]);
      expect(answers.filter((a) => a.status === 503 && a.retryAfter !== "1")).toEqual([]);
      const outage = answers.filter((a) => a.status === 503);
      expect(outage.length).toBeGreaterThan(0);

      const db = postgres(pg.url, { max: 1, onnotice: () => {} });
      try {
        // Acknowledged bookings are all there.
        const kept = await db<{ id: number }[]>`select id from appointments where id in ${db(acknowledged)}`;
        expect(kept.length).toBe(acknowledged.length);
        // The job queue came back too: every acknowledged booking's confirmation reaches its customer.
        const confirmed = () =>
          new Set(
            smtp.messages
              .filter((m) => /^Confirmed/.test(m.subject))
              .map((m) => Number(/UID:appointment-(\d+)@/.exec(m.raw)?.[1])),
          );
        const unconfirmed = await until(
          async () => acknowledged.filter((id) => !confirmed().has(id)),
          (left) => left.length === 0,
          30_000,
        );
        expect(unconfirmed).toEqual([]);
        // Refused ones were not carried out, then or later.
        const made = await db<{ n: number }[]>`
          select count(*)::int as n from appointments a join salespeople s on s.id = a.salesperson_id
            join (select * from unnest(${refused.map((s) => s.salespersonId)}::int[],
                                       ${refused.map((s) => `${s.date} ${s.time}`)}::text[])) as r(sp, at)
              on a.salesperson_id = r.sp and to_char(a.starts_at at time zone s.time_zone, 'YYYY-MM-DD HH24:MI') = r.at
           where a.customer_name like 'Restart %'`;
        expect(made[0]?.n).toBe(0);
        // Each keyed booking made exactly one appointment, the one its answer named.
        for (const entry of keyed.filter((k) => k.ids.size > 0)) {
          const rows = await db<{ id: number }[]>`
            select a.id from appointments a join salespeople s on s.id = a.salesperson_id
             where a.salesperson_id = ${entry.slot.salespersonId}
               and to_char(a.starts_at at time zone s.time_zone, 'YYYY-MM-DD HH24:MI') = ${`${entry.slot.date} ${entry.slot.time}`}
               and a.status = 'scheduled'`;
          expect(rows.map((r) => r.id)).toEqual([...entry.ids]);
        }
        expect(keyed.filter((k) => k.ids.size === 0)).toEqual([]);
        // Some were retried through the outage: their retries made no second appointment.
        expect(keyed.filter((k) => k.tries > 1).length).toBeGreaterThan(0);
      } finally {
        await db.end();
      }
      const byKind = new Map<string, number[]>();
      for (const a of answers)
        byKind.set(`${a.kind} ${a.status}`, [...(byKind.get(`${a.kind} ${a.status}`) ?? []), a.ms]);
      console.log(
        `db restart: ${answers.length} requests, ${outage.length} answered 503; slowest ${Math.round(Math.max(...answers.map((a) => a.ms)))} ms; readiness ${probes.length} probes, slowest ${Math.round(Math.max(...probes.map((p) => p.ms)))} ms, ready ${Math.round(readyAfterMs)} ms after the return; ${acknowledged.length} bookings acknowledged (${keyed.length} with a key, ${keyed.filter((k) => k.tries > 1).length} of them retried), ${refused.length} refused; ${[...byKind].map(([k, v]) => `${k}: ${v.length}`).join(", ")}`,
      );
    } finally {
      clearInterval(load);
    }
  }, 120_000);
});
