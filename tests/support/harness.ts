// Builds a real app for one test file: its own database cloned from the migrated template, a real SMTP sink.
import { randomBytes } from "node:crypto";
import postgres from "postgres";
import { afterAll, inject } from "vitest";
import { createApp } from "../../src/server/app";
import { createTtlCache } from "../../src/server/cache";
import { createDatabase } from "../../src/server/db/client";
import { loadEnv } from "../../src/server/env";
import { createLogger } from "../../src/server/logger";
import { createMailer } from "../../src/server/mail/mailer";
import type { AppDeps, Context } from "../../src/server/trpc/init";
import { createCaller } from "../../src/server/trpc/root";
import type { BrowseResult } from "../../src/shared/schemas/salespeople";
import { startSmtpSink } from "./smtp-sink";

/** Parsed JSON of a response: tests read fields they assert on, so it is loosely typed on purpose. */
// biome-ignore lint/suspicious/noExplicitAny: assertions narrow it
type ResponseJson = any;

export const ORIGIN = "http://localhost:3000";

export async function createHarness(overrides: Record<string, string> = {}) {
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
    ...overrides,
  });
  const logger = createLogger("silent");
  const { db, sql } = createDatabase(`${serverUrl}/${name}`, { max: 20 });
  const mailer = createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, logger });
  const browseCache = createTtlCache<BrowseResult>({ ttlMs: env.BROWSE_CACHE_TTL_MS, maxEntries: 100 });
  const deps: AppDeps = { db, sql, env, mailer, logger, browseCache };
  const app = createApp(deps, { clientDir: "/nonexistent" });

  afterAll(async () => {
    mailer.close();
    await smtp.close();
    await sql.end({ timeout: 5 });
  });

  /** A REST call as a browser on our origin would make it (JSON, Origin header, optional cookie). */
  async function request(
    method: string,
    path: string,
    options: { body?: unknown; cookie?: string; headers?: Record<string, string>; ip?: string } = {},
  ) {
    const headers: Record<string, string> = { origin: ORIGIN, ...options.headers };
    if (options.body !== undefined) headers["content-type"] = "application/json";
    if (options.cookie) headers.cookie = options.cookie;
    if (options.ip) headers["x-forwarded-for"] = options.ip;
    const res = await app.request(path, {
      method,
      headers,
      body:
        options.body === undefined
          ? undefined
          : typeof options.body === "string"
            ? options.body
            : JSON.stringify(options.body),
    });
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
      resHeaders: new Headers(),
      ...ctx,
    });
  }

  return { app, db, sql, env, deps, smtp, request, caller };
}

export function sessionCookieFrom(headers: Headers): string | null {
  const cookie = headers.getSetCookie().find((c) => c.startsWith("kb_session="));
  const value = cookie?.split(";")[0];
  return value && value !== "kb_session=" ? value : null;
}
