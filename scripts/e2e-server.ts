// Runs the built app for browser tests: a fresh embedded PostgreSQL with demo data, mail through a real SMTP
// sink, payments through the real Stripe SDK against a local stand-in of Stripe's API, and a small HTTP mailbox
// on 127.0.0.1 so tests can read the e-mails the app really sent.
//
// The mailbox also answers `POST /session` with `{ email, role }`: it signs that account in the way a redeemed
// sign-in link does (same user record on first sign-in, same salesperson link, a real session from the app's
// own createSession) and answers `{ token, expiresAt }`, so journeys that are not about sign-in can start
// signed in. Sign-in itself stays covered end to end by the journeys that use the mailed link.
//
// `POST /admins` with `{ email, password }` makes an administrator of its own (as `npm run admin:create` does),
// for journeys that change an administrator's sign-in (a passkey) without touching the demo administrator every
// other journey signs in as. `POST /sessions/age` with `{ email }` makes that account's sessions look signed
// in ten minutes ago, as a console left open would be, for the journeys of re-authentication.
//
// `GET /data-dir` answers `{ dataDir }`, the app's DATA_DIR, for a journey that runs a command beside the app as
// an operator would (`npm run admin:create` with DATA_DIR alone).
//
// `POST /jobs/visit-closing` queues the scheduled visit-closing job at once (the app runs it every five minutes),
// so a journey can watch a visit close itself without waiting for the next tick.
//
// `POST /stripe/outage` with a StandInFault (tests/support/stripe-standin.ts) makes the payment stand-in fail the
// matching requests; `DELETE /stripe/outage` ends every outage.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { PgBoss } from "pg-boss";
import postgres from "postgres";
import { E2E_SUPPORT_PHONE } from "../e2e/support/supportPhone";
import { hashPassword } from "../src/server/credentials/password";
import { createSession } from "../src/server/credentials/session";
import { accountForLink } from "../src/server/domains/auth/linkRedemption";
import { QUEUES } from "../src/server/jobs/queue";
import { SERVER_NODE_FLAGS } from "../src/server/nodeFlags";
import { removeOutsideCluster } from "../src/server/operations/embedded";
import { emailSchema } from "../src/shared/schemas/auth";
import { startSmtpSink } from "../tests/support/smtp-sink";
import { type StandInFault, startStripeStandIn } from "../tests/support/stripe-standin";

/**
 * E2E_EMPTY=1: the app as an operator first runs it — production mode, no demo data, OWASP's password cost, its
 * own secrets — for the journey that onboards the first dealership from an empty database.
 */
const empty = process.env.E2E_EMPTY === "1";
const appPort = Number(process.env.E2E_PORT ?? 4173);
const mailboxPort = Number(process.env.E2E_MAILBOX_PORT ?? 4399);
const databasePort = appPort + 1;
const dataDir = mkdtempSync(path.join(tmpdir(), "kb-e2e-"));

type Role = "customer" | "salesperson" | "manager";
const ROLES: readonly Role[] = ["customer", "salesperson", "manager"];

class SessionRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

let database: postgres.Sql | null = null;
let databaseReady: Promise<postgres.Sql> | null = null;
let jobs: PgBoss | null = null;

/** The app's database (src/server/operations/embedded.ts), once the app answers /api/health: migrated and seeded. */
function appDatabase(): Promise<postgres.Sql> {
  databaseReady ??= (async () => {
    const deadline = Date.now() + 120_000;
    for (;;) {
      const healthy = await fetch(`http://127.0.0.1:${appPort}/api/health`).then(
        (res) => res.ok,
        () => false,
      );
      if (healthy) break;
      if (Date.now() > deadline) throw new Error("the app did not answer /api/health");
      await new Promise((r) => setTimeout(r, 250));
    }
    database = postgres(`postgres://postgres:postgres@127.0.0.1:${databasePort}/knowbefore`, {
      max: 2,
      onnotice: () => {},
    });
    return database;
  })();
  databaseReady.catch(() => {
    databaseReady = null;
  });
  return databaseReady;
}

/**
 * The account a redeemed link signs in (src/server/domains/auth/linkRedemption.ts, accountForLink: customers are
 * created on first sign-in, a salesperson profile gets its user), refused where the app refuses a link and
 * when the account's role is not the one asked for.
 */
async function signInAccount(sql: postgres.Sql, email: string, role: Role): Promise<string> {
  return sql.begin(async (tx) => {
    const userId = await accountForLink(tx, email, role === "customer" ? "customer" : "salesperson");
    if (!userId) throw new SessionRequestError(403, `no link signs ${email} in as a ${role}`);
    const [user] = await tx<{ role: string }[]>`select role from users where id = ${userId}`;
    if (user?.role !== role) throw new SessionRequestError(409, `${email} is a ${user?.role}, not a ${role}`);
    return userId;
  });
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString("utf8"));
  } catch {
    throw new SessionRequestError(400, "the body is not JSON");
  }
}

/** The e-mail address of a JSON request's body, or a 400. */
async function emailOf(req: IncomingMessage): Promise<{ email: string; body: Record<string, unknown> }> {
  // JSON only: a page in the test browser cannot send this without a CORS preflight, which is never answered.
  if (!req.headers["content-type"]?.startsWith("application/json")) {
    throw new SessionRequestError(415, "send application/json");
  }
  const body = ((await readJson(req)) ?? {}) as Record<string, unknown>;
  const parsed = emailSchema.safeParse(body.email);
  if (!parsed.success) throw new SessionRequestError(400, "email is not a valid address");
  return { email: parsed.data, body };
}

async function answerSession(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const { email, body } = await emailOf(req);
  const role = (body.role ?? "customer") as Role;
  if (!ROLES.includes(role)) throw new SessionRequestError(400, `role is one of ${ROLES.join(", ")}`);
  const sql = await appDatabase();
  const userId = await signInAccount(sql, email, role);
  const { token, session } = await createSession(sql, userId, {
    userAgent: "e2e session fixture",
    ipAddress: "127.0.0.1",
  });
  res.writeHead(200, { "content-type": "application/json" });
  res.end(JSON.stringify({ token, expiresAt: session.expiresAt.toISOString() }));
}

async function answerAdmin(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const { email, body } = await emailOf(req);
  if (typeof body.password !== "string" || body.password.length < 12)
    throw new SessionRequestError(400, "password is a string of at least 12 characters");
  const sql = await appDatabase();
  const [created] = await sql<{ id: string }[]>`
    insert into users (email, role, first_name, last_name, password_hash)
    values (${email}, 'admin', 'Second', 'Administrator', ${await hashPassword(body.password)})
    on conflict (email) do nothing
    returning id`;
  if (!created) throw new SessionRequestError(409, `${email} already has an account`);
  res.writeHead(201, { "content-type": "application/json" });
  res.end(JSON.stringify(created));
}

async function answerAgeSessions(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const { email } = await emailOf(req);
  const sql = await appDatabase();
  const aged = await sql`
    update sessions set created_at = now() - interval '10 minutes', authenticated_at = null
     where user_id = (select id from users where email = ${email})
    returning 1 as ok`;
  res.writeHead(200, { "content-type": "application/json" });
  res.end(JSON.stringify({ aged: aged.length }));
}

/** Answers a JSON request with `answer`; a refusal is its status and message, anything else a 500. */
function json(req: IncomingMessage, res: ServerResponse, answer: typeof answerSession): void {
  answer(req, res).catch((error: unknown) => {
    const status = error instanceof SessionRequestError ? error.status : 500;
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify({ error: error instanceof Error ? error.message : String(error) }));
  });
}

/**
 * Queues one run of the visit-closing job on the app's own queue (src/server/jobs/queue.ts), which one of the
 * app's workers then takes as it takes the scheduled runs. This client only sends: the app keeps the queue's
 * schema, schedules and maintenance.
 */
async function answerVisitClosing(res: ServerResponse): Promise<void> {
  await appDatabase();
  if (!jobs) {
    jobs = new PgBoss({
      connectionString: `postgres://postgres:postgres@127.0.0.1:${databasePort}/knowbefore`,
      schema: "pgboss",
      max: 1,
      migrate: false,
      supervise: false,
      schedule: false,
    });
    await jobs.start();
  }
  const id = await jobs.send(QUEUES.visitClosing, {});
  res.writeHead(202, { "content-type": "application/json" });
  res.end(JSON.stringify({ id }));
}

const smtp = await startSmtpSink();
// Payments: the real Stripe SDK against the local stand-in, which also delivers its webhooks to the app.
const stripe = await startStripeStandIn({ webhookUrl: `http://127.0.0.1:${appPort}/api/stripe/webhook` });
const mailbox = createServer((req, res) => {
  const url = new URL(req.url ?? "/", "http://127.0.0.1");
  if (req.method === "POST" && url.pathname === "/session") return json(req, res, answerSession);
  if (req.method === "POST" && url.pathname === "/admins") return json(req, res, answerAdmin);
  if (req.method === "POST" && url.pathname === "/sessions/age") return json(req, res, answerAgeSessions);
  if (req.method === "POST" && url.pathname === "/jobs/visit-closing") {
    answerVisitClosing(res).catch((error: unknown) => {
      res.writeHead(500, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: error instanceof Error ? error.message : String(error) }));
    });
    return;
  }
  // The mail server going away and coming back on the same port (the journey of a delayed sign-in e-mail).
  if (req.method === "POST" && (url.pathname === "/smtp/stop" || url.pathname === "/smtp/start")) {
    (url.pathname === "/smtp/stop" ? smtp.stop() : smtp.restart()).then(() => {
      res.writeHead(204);
      res.end();
    });
    return;
  }
  if (url.pathname === "/stripe/outage" && (req.method === "POST" || req.method === "DELETE")) {
    const started =
      req.method === "POST"
        ? readJson(req).then((fault) => stripe.fault(fault as StandInFault))
        : stripe.clearFaults();
    Promise.resolve(started).then(
      () => res.writeHead(204).end(),
      (error: unknown) => res.writeHead(400).end(String(error)),
    );
    return;
  }
  if (req.method === "GET" && url.pathname === "/data-dir") {
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ dataDir }));
    return;
  }
  const to = url.searchParams.get("to")?.toLowerCase();
  const messages = smtp.messages.filter((m) => !to || m.to.includes(to));
  res.writeHead(200, { "content-type": "application/json" });
  res.end(JSON.stringify(messages.map((m) => ({ to: m.to, subject: m.subject, text: m.text }))));
});
await new Promise<void>((resolve) => mailbox.listen(mailboxPort, "127.0.0.1", resolve));

// A throwaway cluster in a temporary directory, on 127.0.0.1 only: its superuser password is set here (the app
// takes a kept pg.password instead of making a random one) so that specs that read the database can sign in.
writeFileSync(path.join(dataDir, "pg.password"), "postgres\n", { mode: 0o600 });

const app: ChildProcess = spawn(process.execPath, [...SERVER_NODE_FLAGS, "dist/server/index.js"], {
  stdio: "inherit",
  env: {
    ...process.env,
    NODE_ENV: empty ? "production" : "test",
    PORT: String(appPort),
    HOST: "127.0.0.1",
    APP_URL: `http://localhost:${appPort}`,
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: String(databasePort),
    // The run's database is deleted afterwards: it need not survive a crash, so it skips flushing to disk.
    EMBEDDED_PG_OPTIONS: "fsync=off synchronous_commit=off full_page_writes=off",
    SMTP_URL: smtp.url,
    ...stripe.env,
    LOG_LEVEL: "warn",
    ...(empty
      ? {
          SEED_ON_START: "false",
          ADMIN_CODE: "e2e-empty-admin-code-7f3a9c",
          CRM_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString("base64"),
        }
      : {
          RATE_LIMIT_DISABLED: "true",
          // A configured support line, so the promise journeys see the contact page offer it.
          SUPPORT_PHONE: E2E_SUPPORT_PHONE,
          // The journeys sign administrators in to use the console; OWASP's cost is a unit test's business.
          ADMIN_PASSWORD_SCRYPT_N: "1024",
        }),
  },
});

let stopping = false;
async function stop(code: number) {
  if (stopping) return;
  stopping = true;
  mailbox.close();
  // Close this script's connections before the app stops its PostgreSQL, which waits for clients to leave.
  await jobs?.stop({ graceful: false, timeout: 2000 }).catch(() => {});
  await database?.end({ timeout: 2 }).catch(() => {});
  app.kill("SIGINT");
  await new Promise((r) => (app.exitCode === null ? app.once("exit", r) : r(null)));
  await smtp.close();
  await stripe.close();
  // As root the app's cluster lives outside DATA_DIR (src/server/operations/embedded.ts).
  removeOutsideCluster(dataDir);
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code);
}
app.once("exit", (code) => void stop(code ?? 1));
process.on("SIGINT", () => void stop(0));
process.on("SIGTERM", () => void stop(0));
