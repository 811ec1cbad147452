// The mail server goes away and comes back, for real (the SMTP sink's port is closed, then listens again), under
// a server process as `npm start` runs it (docs/operations/mail-outages.md): a sign-in link's request answers
// plainly that e-mail is delayed (503 MAIL_DELAYED, quickly, without the SMTP server's words); a booking's
// confirmation waits in its job queue, retried with backoff, and shows on /metrics as the mail backlog; once the
// mail server is back it reaches each recipient exactly once, with the Message-ID its job gives it, and the
// backlog is 0 again. A confirmation whose second recipient the server refused for a while goes to that one
// only, when it takes it. The retry delays start at 1 s here (MAIL_RETRY_DELAY_SECONDS); production's schedule
// is in src/server/jobs/mailRetry.ts and its test.
import { createHash, randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import postgres from "postgres";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { PROJECT_ROOT } from "../src/server/paths";
import { seedDatabase } from "../src/server/seed/demo";
import { MAIL_DELAYED_MESSAGE } from "../src/shared/schemas/auth";
import { openDay } from "./support/openHours";
import { type ServerProcess, startServerProcess } from "./support/server-process";
import { type ReceivedMail, startSmtpSink } from "./support/smtp-sink";

const TOKEN = randomBytes(24).toString("hex");
/** The domain of the server's MAIL_FROM (its default), which its Message-IDs end with. */
const MAIL_DOMAIN = "knowbefore.local";

/** Addresses the mail server refuses for now (451), while the test says so. */
const refused = new Set<string>();
const smtp = await startSmtpSink(0, { refuseRecipient: (address) => refused.has(address) });

const serverUrl = inject("pgServerUrl");
const database = `mailout_${randomBytes(6).toString("hex")}`;
const admin = postgres(`${serverUrl}/postgres`, { max: 1, onnotice: () => {} });
let sql: postgres.Sql;
let server: ServerProcess;
let session: string;

beforeAll(async () => {
  await admin.unsafe(`create database ${database} template template_kb`);
  sql = postgres(`${serverUrl}/${database}`, { max: 2, onnotice: () => {} });
  await seedDatabase(sql, { scale: 0.01, passwordCost: 1024 });
  server = await startServerProcess(
    {
      SMTP_URL: smtp.url,
      METRICS_TOKEN: TOKEN,
      MAIL_RETRY_DELAY_SECONDS: "1",
      ADMIN_PASSWORD_SCRYPT_N: "1024",
    },
    { database },
  );
  // The customer signs in while the mail server is up (the development server also answers the link).
  const asked = await call("/api/auth/request-login", { body: { email: "outage.buyer@example.org" } });
  expect(asked.status, asked.text).toBe(200);
  const token = new URL(asked.json.magicLink).searchParams.get("token");
  const redeemed = await call("/api/auth/redeem", { body: { token } });
  expect(redeemed.status).toBe(200);
  session = redeemed.headers.get("set-cookie")!.match(/kb_session=([^;]+)/)![1]!;
}, 120_000);

afterAll(async () => {
  await server?.dispose();
  await sql?.end();
  await smtp.close();
  await Promise.race([
    admin.unsafe(`drop database if exists ${database} with (force)`).catch(() => {}),
    new Promise((resolve) => setTimeout(resolve, 10_000)),
  ]);
  await admin.end({ timeout: 1 });
}, 60_000);

// A test that failed in the outage leaves the next one a mail server that is up.
afterEach(async () => {
  refused.clear();
  await smtp.restart();
});

async function call(path: string, options: { body?: unknown; headers?: Record<string, string> } = {}) {
  const res = await fetch(`http://127.0.0.1:${server.port}${path}`, {
    method: options.body === undefined ? "GET" : "POST",
    headers: {
      origin: server.origin,
      ...(options.body === undefined ? {} : { "content-type": "application/json" }),
      ...options.headers,
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await res.text();
  let json: ReturnType<typeof JSON.parse> = null;
  try {
    json = JSON.parse(text);
  } catch {}
  return { status: res.status, headers: res.headers, text, json };
}

/** What /metrics answers now. */
async function scrape(): Promise<string> {
  const { status, text } = await call("/metrics", { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(status).toBe(200);
  return text;
}

/** The mail backlog's two series, as /metrics answers them now. */
async function backlog(): Promise<{ jobs: number; oldest: number }> {
  const text = await scrape();
  const value = (series: string) => {
    const line = text.split("\n").find((l) => l.startsWith(`${series} `));
    if (line === undefined) throw new Error(`/metrics has no ${series}`);
    return Number(line.slice(series.length + 1));
  };
  return { jobs: value("mail_backlog_jobs"), oldest: value("mail_backlog_oldest_seconds") };
}

/** Polls `check` until it answers something other than undefined, at most `timeoutMs`. */
async function until<T>(what: string, check: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await check();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

type NoticeJob = {
  id: string;
  state: string;
  retry_count: number;
  retry_limit: number;
  retry_delay: number;
  retry_delay_max: number | null;
  created_on: Date;
};

async function confirmationJob(appointmentId: number): Promise<NoticeJob | undefined> {
  const [job] = await sql<NoticeJob[]>`
    select id, state::text, retry_count, retry_limit, retry_delay, retry_delay_max, created_on from pgboss.job
     where name = 'appointment-notice' and data ->> 'appointmentId' = ${String(appointmentId)}`;
  return job;
}

/** The salesperson the tests book: a dealership's. */
async function salesperson() {
  const [person] = await sql<{ id: number; email: string; time_zone: string }[]>`
    select id, email, time_zone from salespeople where dealership_id is not null order by id limit 1`;
  return person!;
}

/** Books a free slot with the salesperson `weekdaysAhead` weekdays from now; answers the appointment's id. */
async function book(weekdaysAhead: number): Promise<number> {
  const person = await salesperson();
  const date = openDay(person.time_zone, weekdaysAhead);
  const grid = await call(`/api/appointments/salesperson/${person.id}/${date}`);
  const slot = (grid.json.slots as { state: string; time: string }[]).find((s) => s.state === "available");
  const booked = await call("/api/appointments", {
    body: {
      salespersonId: person.id,
      date,
      time: slot!.time,
      appointmentType: "Test Drive",
      customerName: "Outage Buyer",
      customerPhone: "(512) 555-0101",
    },
    headers: { authorization: `Bearer ${session}` },
  });
  expect(booked.status, booked.text).toBe(201);
  return booked.json.id as number;
}

/** The confirmations the mail server received for an appointment (its invitation's UID names it). */
const confirmationsOf = (appointmentId: number): ReceivedMail[] =>
  smtp.messages.filter(
    (m) => /^Confirmed/.test(m.subject) && m.raw.includes(`UID:appointment-${appointmentId}@`),
  );

/** The Message-ID a notice job gives its first mail to `email`: from the job and the recipient, never random. */
function expectedMessageId(jobId: string, email: string): string {
  const recipient = createHash("sha256").update(email).digest("hex").slice(0, 12);
  return `<${jobId}.${recipient}.0@${MAIL_DOMAIN}>`;
}

describe("the mail server down for a while", () => {
  it("says plainly that a sign-in's e-mail is delayed, keeps the confirmation waiting with backoff and counted, and delivers it once to each recipient when the server is back", async () => {
    await smtp.stop();

    // A sign-in link's request: 503 with a plain sentence and a code, quickly, and nothing of SMTP's words.
    const started = performance.now();
    const asked = await call("/api/auth/request-login", { body: { email: "late.link@example.org" } });
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(asked.status).toBe(503);
    expect(asked.json).toEqual({ message: MAIL_DELAYED_MESSAGE, code: "MAIL_DELAYED" });
    // The sign-in pages call it through tRPC, and read the same reason there.
    const viaTrpc = await call("/trpc/auth.requestLogin", {
      body: { json: { email: "late.link@example.org" } },
    });
    expect(viaTrpc.status).toBe(503);
    expect(viaTrpc.json.error.json).toMatchObject({
      message: MAIL_DELAYED_MESSAGE,
      data: { cause: "MAIL_DELAYED", httpStatus: 503 },
    });
    expect(viaTrpc.text).not.toMatch(/ECONNREFUSED|ESOCKET|SMTP|127\.0\.0\.1/);

    // A booking is made all the same; its confirmation fails, and waits to be tried again, and again.
    const salespersonEmail = (await salesperson()).email;
    const appointmentId = await book(3);
    const retried = await until("the confirmation's second failed attempt", async () => {
      const job = await confirmationJob(appointmentId);
      return job?.state === "retry" && job.retry_count >= 1 ? job : undefined;
    });
    // The mail queues' policy, with this server's first delay of 1 s: doubling, up to ten times it.
    expect(retried).toMatchObject({ retry_limit: 10, retry_delay: 1, retry_delay_max: 10 });
    expect(confirmationsOf(appointmentId)).toEqual([]);
    // The backlog counts it, and its age runs from when it fell due (more than a second ago, two attempts
    // back), across the retries.
    const dueFor = Math.floor((Date.now() - retried.created_on.getTime()) / 1000);
    expect(dueFor).toBeGreaterThanOrEqual(1);
    const waiting = await backlog();
    expect(waiting.jobs).toBeGreaterThan(0);
    expect(waiting.oldest).toBeGreaterThanOrEqual(dueFor);
    // The alert rules shipped beside the dashboard read series this server exposes.
    const rules = readFileSync(path.join(PROJECT_ROOT, "docs/grafana/knowbefore-alerts.yaml"), "utf8");
    const read = new Set(
      [...rules.matchAll(/^\s*expr:(.*)$/gm)].flatMap(([, expr]) =>
        [...expr!.matchAll(/\b([a-z_]+)(?=\s*[{)])/g)].map(([, name]) => name!),
      ),
    );
    expect([...read]).toContain("mail_backlog_oldest_seconds");
    const exposed = await scrape();
    for (const name of read) expect(exposed, name).toContain(`# TYPE ${name} `);

    // The mail server is back, on the same port: the confirmation goes out at its next attempt.
    await smtp.restart();
    await until("the confirmation's job to complete", async () =>
      (await confirmationJob(appointmentId))?.state === "completed" ? true : undefined,
    );
    const received = confirmationsOf(appointmentId);
    const customer = "outage.buyer@example.org";
    expect(received.map((m) => m.to).sort()).toEqual([[customer], [salespersonEmail]].sort());
    for (const mail of received)
      expect(mail.messageId, mail.to[0]).toBe(expectedMessageId(retried.id, mail.to[0]!));
    expect(
      await until("the mail backlog to empty", async () => {
        const now = await backlog();
        return now.jobs === 0 ? now : undefined;
      }),
    ).toEqual({ jobs: 0, oldest: 0 });

    // And a sign-in's link goes out again.
    const again = await call("/api/auth/request-login", { body: { email: "late.link@example.org" } });
    expect(again.status, again.text).toBe(200);
    expect(smtp.lastLinkFor("late.link@example.org")).toMatch(/token=/);
  }, 60_000);

  it("sends a confirmation whose second recipient was refused for a while to that one only, when it is taken", async () => {
    const salespersonEmail = (await salesperson()).email;
    refused.add(salespersonEmail);
    const appointmentId = await book(4);
    const customer = "outage.buyer@example.org";
    // The customer's mail was taken at the first attempt; the salesperson's is refused again at the next.
    const retried = await until("the confirmation's second failed attempt", async () => {
      const job = await confirmationJob(appointmentId);
      return job?.state === "retry" && job.retry_count >= 1 ? job : undefined;
    });
    expect(confirmationsOf(appointmentId).map((m) => m.to)).toEqual([[customer]]);

    refused.delete(salespersonEmail);
    await until("the confirmation's job to complete", async () =>
      (await confirmationJob(appointmentId))?.state === "completed" ? true : undefined,
    );
    const received = confirmationsOf(appointmentId);
    expect(received.map((m) => m.to)).toEqual([[customer], [salespersonEmail]]);
    for (const mail of received)
      expect(mail.messageId, mail.to[0]).toBe(expectedMessageId(retried.id, mail.to[0]!));
  }, 60_000);
});
