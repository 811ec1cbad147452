// Builds a real app for one test file: its own database cloned from the migrated template, a real SMTP sink.
import { randomBytes } from "node:crypto";
import postgres from "postgres";
import { afterAll, inject } from "vitest";
import { createApp } from "../../src/server/app";
import { createSession, validateSessionToken } from "../../src/server/credentials/session";
import { createSecretBox } from "../../src/server/crypto/secretBox";
import { createDatabase } from "../../src/server/db/client";
import { loadEnv } from "../../src/server/env";
import { createLogger } from "../../src/server/logger";
import { seedDatabase } from "../../src/server/seed/demo";
import type { Context } from "../../src/server/serviceContext";
import { startServices } from "../../src/server/services";
import { createCaller } from "../../src/server/trpc/root";
import { startSmtpSink } from "./smtp-sink";

/** Parsed JSON of a response: tests read fields they assert on, so it is loosely typed on purpose. */
// biome-ignore lint/suspicious/noExplicitAny: assertions narrow it
type ResponseJson = any;

export const ORIGIN = "http://localhost:3000";

export async function createHarness(
  overrides: Record<string, string> = {},
  options: {
    captureLog?: boolean;
    /** Called with every statement the app's pools send, and its values (tests read their plans). */
    statements?: (query: string, params: unknown[]) => void;
  } = {},
) {
  const serverUrl = inject("pgServerUrl");
  const name = `test_${randomBytes(6).toString("hex")}`;
  const admin = postgres(`${serverUrl}/postgres`, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name} template template_kb`);
  await admin.end();

  const smtp = await startSmtpSink();
  const env = loadEnv({
    NODE_ENV: "test",
    APP_URL: ORIGIN,
    SMTP_URL: smtp.url,
    LOG_LEVEL: "silent",
    BROWSE_CACHE_TTL_MS: "0",
    // Sign-ins check behaviour here; OWASP's cost is checked in src/server/credentials/password.test.ts (and is the
    // only one production takes).
    ...(overrides.NODE_ENV === "production" ? {} : { ADMIN_PASSWORD_SCRYPT_N: "1024" }),
    ...overrides,
  });
  /** Lines the server logged, when asked for (captureLog): tests read what an operator would see. */
  const logLines: string[] = [];
  const logger = options.captureLog
    ? createLogger("debug", (line) => logLines.push(line))
    : createLogger((process.env.TEST_LOG_LEVEL as "silent" | undefined) ?? "silent");
  const { statements } = options;
  const database = createDatabase(`${serverUrl}/${name}`, {
    max: 20,
    statementTimeoutMs: env.DB_STATEMENT_TIMEOUT_MS,
    ...(statements
      ? { debug: (_: unknown, query: string, params: unknown[]) => statements(query, params) }
      : {}),
  });
  const { sql, searchSql, browseSql } = database;
  const dbUrl = `${serverUrl}/${name}`;
  const services = await startServices({
    env,
    sql,
    searchSql,
    browseSql,
    databaseUrl: dbUrl,
    logger,
    secrets: createSecretBox(randomBytes(32)),
    browseCacheEntries: 100,
    pollingIntervalSeconds: 0.5,
  });
  const { deps } = services;
  const { notices: noticeDeps, crm: crmDeps } = services.workers;
  const app = createApp(deps, { clientDir: "/nonexistent" });

  afterAll(async () => {
    await services.stop();
    await smtp.close();
    await database.end({ timeout: 5 });
  });

  /** A REST call as a browser on our origin would make it (JSON, Origin header, optional cookie). */
  async function request(
    method: string,
    path: string,
    options: {
      body?: unknown;
      cookie?: string;
      headers?: Record<string, string>;
      /** X-Forwarded-For, read when TRUST_PROXY is on. */
      ip?: string;
      /** The socket's remote address, as a real connection from that address would have it. */
      remoteAddress?: string;
    } = {},
  ) {
    const headers: Record<string, string> = { origin: ORIGIN, ...options.headers };
    if (options.body !== undefined) headers["content-type"] = "application/json";
    if (options.cookie) headers.cookie = options.cookie;
    if (options.ip) headers["x-forwarded-for"] = options.ip;
    const socket = options.remoteAddress
      ? { incoming: { socket: { remoteAddress: options.remoteAddress, remotePort: 40000 } } }
      : undefined;
    const res = await app.request(
      path,
      {
        method,
        headers,
        body:
          options.body === undefined
            ? undefined
            : typeof options.body === "string"
              ? options.body
              : JSON.stringify(options.body),
      },
      socket,
    );
    const text = await res.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    return { status: res.status, headers: res.headers, json: json as ResponseJson, text };
  }

  /** A tRPC caller with the given request context, as scripts and tests use it. */
  function caller(ctx: Partial<Context> = {}) {
    return createCaller({
      ...deps,
      user: null,
      session: null,
      ip: "127.0.0.1",
      userAgent: "vitest",
      requestId: "vitest",
      resHeaders: new Headers(),
      ...ctx,
    });
  }

  /**
   * The demo data at a fraction of its size. Its administrator's password is hashed at this app's scrypt cost,
   * not OWASP's: at 2^17 each file's seed spent seconds of a core on one hash no test of it signs in with.
   */
  function seed(scale: number) {
    return seedDatabase(sql, { scale, passwordCost: env.ADMIN_PASSWORD_SCRYPT_N });
  }

  /** Waits until the SMTP sink has received a message matching the predicate. */
  async function waitForMail(predicate: (m: (typeof smtp.messages)[number]) => boolean, timeoutMs = 10_000) {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const found = smtp.messages.find(predicate);
      if (found) return found;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error("expected e-mail did not arrive");
  }

  /**
   * Signs a user in without the e-mail round trip (a fixture, as the login journey has its own tests):
   * creates the user if needed, links a salesperson profile with the same e-mail, and returns the cookie.
   */
  async function signIn(email: string, role: "customer" | "salesperson" | "manager" | "admin" = "customer") {
    const [user] = await sql<{ id: string }[]>`
      insert into users (email, role, first_name) values (${email}, ${role}, ${email.split("@")[0]!})
      on conflict (email) do update set email = excluded.email returning id`;
    await sql`update salespeople set user_id = ${user!.id} where email = ${email}`;
    const { token } = await createSession(sql, user!.id, { userAgent: "vitest", ipAddress: "127.0.0.1" });
    const validated = await validateSessionToken(sql, token);
    return { cookie: `kb_session=${token}`, token, userId: user!.id, user: validated!.user };
  }

  return {
    app,
    sql,
    env,
    seed,
    deps,
    smtp,
    request,
    caller,
    waitForMail,
    dbUrl,
    noticeDeps,
    crmDeps,
    signIn,
    logLines,
  };
}

export function sessionCookieFrom(headers: Headers): string | null {
  const cookie = headers.getSetCookie().find((c) => c.startsWith("kb_session="));
  const value = cookie?.split(";")[0];
  return value && value !== "kb_session=" ? value : null;
}
