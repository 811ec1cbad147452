// Runs the built app for browser tests: a fresh embedded PostgreSQL with demo data, mail through a real SMTP
// sink, and a small HTTP mailbox on 127.0.0.1 so tests can read the e-mails the app really sent.
//
// The mailbox also answers `POST /session` with `{ email, role }`: it signs that account in the way a redeemed
// sign-in link does (same user record on first sign-in, same salesperson link, a real session from the app's
// own createSession) and answers `{ token, expiresAt }`, so journeys that are not about sign-in can start
// signed in. Sign-in itself stays covered end to end by the journeys that use the mailed link.
import { type ChildProcess, spawn } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import postgres from "postgres";
import { createSession } from "../src/server/auth/session";
import { emailSchema } from "../src/shared/schemas/auth";
import { startSmtpSink } from "../tests/support/smtp-sink";

const appPort = Number(process.env.E2E_PORT ?? 4173);
const mailboxPort = Number(process.env.E2E_MAILBOX_PORT ?? 4399);
const databasePort = appPort + 1;
const dataDir = mkdtempSync(path.join(tmpdir(), "kb-e2e-"));
chmodSync(dataDir, 0o755);

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

/** The app's database (src/server/db/embedded.ts), once the app answers /api/health: migrated and seeded. */
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

type Account = { id: string; role: string; disabled_at: Date | null };
type Profile = { id: number; user_id: string | null; name: string; phone_number: string | null };

/**
 * The account a redeemed link signs in (src/server/domains/auth/service.ts, redeemLoginLink): a customer link
 * creates a customer on first sign-in; a portal link (salespeople and managers) creates the user of a known
 * salesperson profile and links that profile to it. Refused where the app refuses (admins, disabled accounts,
 * portal addresses it does not know) and when the account's role is not the one asked for.
 */
async function signInAccount(sql: postgres.Sql, email: string, role: Role): Promise<string> {
  return sql.begin(async (tx) => {
    let [user] = await tx<Account[]>`select id, role, disabled_at from users where email = ${email} limit 1`;
    if (user?.disabled_at || user?.role === "admin") {
      throw new SessionRequestError(403, `${email} cannot sign in by link`);
    }
    if (role === "customer") {
      if (!user) {
        [user] = await tx<Account[]>`
          insert into users (email, role) values (${email}, 'customer') returning id, role, disabled_at`;
      }
    } else {
      const [person] = await tx<Profile[]>`
        select id, user_id, name, phone_number from salespeople where email = ${email} limit 1`;
      if (!user && person) {
        const [first, ...rest] = person.name.split(" ");
        [user] = await tx<Account[]>`
          insert into users (email, role, first_name, last_name, phone)
          values (${email}, 'salesperson', ${first ?? null}, ${rest.join(" ") || null}, ${person.phone_number})
          returning id, role, disabled_at`;
      }
      if (!user) throw new SessionRequestError(404, `no salesperson or manager account for ${email}`);
      if (person && person.user_id !== user.id) {
        await tx`update salespeople set user_id = ${user.id} where id = ${person.id}`;
      }
    }
    if (!user) throw new SessionRequestError(500, `no account for ${email}`);
    if (user.role !== role) throw new SessionRequestError(409, `${email} is a ${user.role}, not a ${role}`);
    return user.id;
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

async function answerSession(req: IncomingMessage, res: ServerResponse): Promise<void> {
  // JSON only: a page in the test browser cannot send this without a CORS preflight, which is never answered.
  if (!req.headers["content-type"]?.startsWith("application/json")) {
    throw new SessionRequestError(415, "send application/json");
  }
  const body = (await readJson(req)) as { email?: unknown; role?: unknown } | null;
  const parsed = emailSchema.safeParse(body?.email);
  if (!parsed.success) throw new SessionRequestError(400, "email is not a valid address");
  const email = parsed.data;
  const role = (body?.role ?? "customer") as Role;
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

const smtp = await startSmtpSink();
const mailbox = createServer((req, res) => {
  const url = new URL(req.url ?? "/", "http://127.0.0.1");
  if (req.method === "POST" && url.pathname === "/session") {
    answerSession(req, res).catch((error: unknown) => {
      const status = error instanceof SessionRequestError ? error.status : 500;
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: error instanceof Error ? error.message : String(error) }));
    });
    return;
  }
  const to = url.searchParams.get("to")?.toLowerCase();
  const messages = smtp.messages.filter((m) => !to || m.to.includes(to));
  res.writeHead(200, { "content-type": "application/json" });
  res.end(JSON.stringify(messages.map((m) => ({ to: m.to, subject: m.subject, text: m.text }))));
});
await new Promise<void>((resolve) => mailbox.listen(mailboxPort, "127.0.0.1", resolve));

const app: ChildProcess = spawn(process.execPath, ["--enable-source-maps", "dist/server/index.js"], {
  stdio: "inherit",
  env: {
    ...process.env,
    NODE_ENV: "test",
    PORT: String(appPort),
    HOST: "127.0.0.1",
    APP_URL: `http://localhost:${appPort}`,
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: String(databasePort),
    SMTP_URL: smtp.url,
    LOG_LEVEL: "warn",
    RATE_LIMIT_DISABLED: "true",
  },
});

let stopping = false;
async function stop(code: number) {
  if (stopping) return;
  stopping = true;
  mailbox.close();
  // Close this script's connections before the app stops its PostgreSQL, which waits for clients to leave.
  await database?.end({ timeout: 2 }).catch(() => {});
  app.kill("SIGINT");
  await new Promise((r) => (app.exitCode === null ? app.once("exit", r) : r(null)));
  await smtp.close();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code);
}
app.once("exit", (code) => void stop(code ?? 1));
process.on("SIGINT", () => void stop(0));
process.on("SIGTERM", () => void stop(0));
