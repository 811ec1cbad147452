// Reads and validates the process environment once; everything else imports the parsed result.
import { existsSync } from "node:fs";
import { z } from "zod";
import { DEFAULT_SCRYPT_N } from "./credentials/password";
import { parseKey } from "./crypto/secretBox";
import { DEFAULT_IDLE_IN_TRANSACTION_MS, DEFAULT_STATEMENT_TIMEOUT_MS } from "./db/client";
import { DEFAULT_TRUSTED_PROXIES, parseAddressRanges } from "./http/addresses";
import {
  DEFAULT_DEADLINE_CHECK_INTERVAL_MS,
  DEFAULT_HEADERS_TIMEOUT_MS,
  DEFAULT_KEEP_ALIVE_TIMEOUT_MS,
  DEFAULT_LIVE_STREAMS_PER_ADDRESS,
  DEFAULT_MAX_CONNECTIONS,
  DEFAULT_MAX_CONNECTIONS_PER_ADDRESS,
  DEFAULT_RECEIVE_TIMEOUT_MS,
} from "./http/serverLimits";
import { parseCron } from "./jobs/cron";
import { DEFAULT_MAIL_RETRY_DELAY_SECONDS } from "./jobs/mailRetry";
import { projectPath } from "./paths";

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Interface to listen on: this machine only by default; set 0.0.0.0 (with ADMIN_CODE) to serve others. */
  HOST: z.string().default("127.0.0.1"),
  /** Public origin of the app, used in e-mailed links and the CSRF origin check. */
  APP_URL: z.url().optional(),
  /** Use this PostgreSQL server; without it an embedded one starts with data under DATA_DIR. */
  DATABASE_URL: z.string().optional(),
  /** Where the embedded database and other local state live; a relative path starts at the project root. */
  DATA_DIR: z.string().min(1).default(".data"),
  /** Where backups of the default naming go (scheduled and `npm run db:backup`); relative to the project root. */
  BACKUP_DIR: z.string().min(1).default("backups"),
  /** How many days backups of the default naming are kept in BACKUP_DIR (the newest one always stays). */
  BACKUP_KEEP_DAYS: z.coerce.number().int().min(1).max(3650).default(14),
  /**
   * When the app backs its database up into BACKUP_DIR: a five-field cron expression in UTC, or "off". By default
   * every day at 02:30 UTC, except under NODE_ENV=test.
   */
  BACKUP_SCHEDULE: z
    .string()
    .trim()
    .optional()
    .superRefine((v, ctx) => {
      const problem = v === undefined || v === "off" ? null : cronProblem(v);
      if (problem)
        ctx.addIssue({
          code: "custom",
          message: `${problem}; use five fields in UTC (e.g. 30 2 * * *) or off`,
        });
    }),
  /** A fixed port for the embedded PostgreSQL; by default the first free one from 54329, kept per DATA_DIR. */
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** Connections per pool; by default twice this machine's cores with the embedded database, else 10 (runtime.ts). */
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(200).optional(),
  /** The longest one statement of a request may run, in ms (0 turns it off); maintenance work lifts it. */
  DB_STATEMENT_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(3_600_000)
    .default(DEFAULT_STATEMENT_TIMEOUT_MS),
  /**
   * How long a request may take before it answers 503 (Retry-After) and whatever it has not yet sent to the
   * database is withdrawn; uploads get UPLOAD_TIMEOUT_FACTOR times as long (docs/operations/outages.md).
   */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  /** How long a transaction may sit idle between its statements before the server ends it, in ms. */
  DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(3_600_000)
    .default(DEFAULT_IDLE_IN_TRANSACTION_MS),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default("KnowBefore <no-reply@knowbefore.local>"),
  /**
   * The first retry's delay of a notice the mail server did not take, in seconds; each later one doubles, up to
   * ten times it (docs/operations/mail-outages.md).
   */
  MAIL_RETRY_DELAY_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(3600)
    .default(DEFAULT_MAIL_RETRY_DELAY_SECONDS),
  /** Mark session cookies Secure; defaults to on in production. */
  COOKIE_SECURE: z
    .enum(["true", "false"])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === "true")),
  /**
   * How many reverse proxies of your own stand in front of the app: the client address is the entry that
   * many from the right of X-Forwarded-For. "true" means one, "false" (default) ignores the header.
   */
  TRUST_PROXY: z
    .string()
    .regex(/^(true|false|\d{1,2})$/, "use false, true or a number of proxies")
    .default("false")
    .transform((v) => (v === "true" ? 1 : v === "false" ? 0 : Number(v))),
  /**
   * Which connections may write X-Forwarded-For (with TRUST_PROXY): comma-separated addresses and CIDR
   * ranges of your proxies. By default this machine and private networks; a client elsewhere never is.
   */
  TRUSTED_PROXIES: z
    .string()
    .optional()
    .refine(
      (v) => v === undefined || !("invalid" in parseAddressRanges(v)),
      "use comma-separated addresses or CIDR ranges, e.g. 10.0.0.0/8,192.168.1.10",
    ),
  /** Demo data into an empty database at start: on by default, except in production. */
  SEED_ON_START: z
    .enum(["true", "false"])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === "true")),
  SEED_SCALE: z.coerce.number().positive().default(1),
  RATE_LIMIT_DISABLED: z
    .enum(["true", "false"])
    .default("false")
    .transform((v) => v === "true"),
  /** How long public browse results may be served from memory; 0 turns the cache off. */
  BROWSE_CACHE_TTL_MS: z.coerce.number().int().min(0).max(60_000).default(5000),
  /**
   * Browse answers from an index of every listed salesperson in this server's memory (about 1 KB each), kept in
   * step by the database's notices; "false" walks the database's indexes for every browse instead.
   */
  BROWSE_INDEX: z
    .enum(["true", "false"])
    .default("true")
    .transform((v) => v === "true"),
  /**
   * Seconds business intelligence may answer from its day-level rollups before refreshing them (in the
   * background; the first report after a start waits for one). 0 refreshes before every report.
   */
  ANALYTICS_MAX_AGE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(300),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  /**
   * GET /metrics on the app's port answers a caller sending `Authorization: Bearer <METRICS_TOKEN>`; without it
   * (and to anyone else) /metrics is a 404. At least 16 characters (`openssl rand -hex 24`).
   */
  METRICS_TOKEN: z.string().min(16, "use at least 16 characters (openssl rand -hex 24)").optional(),
  /** A second listener on 127.0.0.1 only, at this port, that serves /metrics without a token (for a local agent). */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** OpenTelemetry: the OTLP/HTTP collector traces go to (e.g. http://127.0.0.1:4318); unset, tracing is off. */
  OTEL_EXPORTER_OTLP_ENDPOINT: z
    .url({ protocol: /^https?$/, error: "OTEL_EXPORTER_OTLP_ENDPOINT must be an http(s) URL" })
    .optional(),
  /** The service name spans carry. */
  OTEL_SERVICE_NAME: z.string().min(1).default("knowbefore"),
  /** On SIGTERM/SIGINT, how long requests in flight and running jobs may take to finish before the exit. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  // Slow and greedy clients (http/serverLimits.ts holds each default and its reason;
  // docs/operations/connection-limits.md).
  /** How long a client may take to send a request's headers, in ms (answered 408 and closed). */
  HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(DEFAULT_HEADERS_TIMEOUT_MS),
  /** How long a client may take to send a whole request, body included, in ms (answered 408 and closed). */
  HTTP_RECEIVE_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(100)
    .max(3_600_000)
    .default(DEFAULT_RECEIVE_TIMEOUT_MS),
  /** How long an idle connection stays open between requests, in ms. */
  HTTP_KEEP_ALIVE_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(100)
    .max(600_000)
    .default(DEFAULT_KEEP_ALIVE_TIMEOUT_MS),
  /** How often the header and receive deadlines are checked, in ms (Node's own 30 s; see http/serverLimits.ts). */
  HTTP_DEADLINE_CHECK_INTERVAL_MS: z.coerce
    .number()
    .int()
    .min(50)
    .max(600_000)
    .default(DEFAULT_DEADLINE_CHECK_INTERVAL_MS),
  /** Connections open at once from everyone; a new one beyond it is closed at once. */
  HTTP_MAX_CONNECTIONS: z.coerce.number().int().min(1).max(1_000_000).default(DEFAULT_MAX_CONNECTIONS),
  /** Connections one address may hold at once (a trusted proxy's are not counted). */
  HTTP_MAX_CONNECTIONS_PER_ADDRESS: z.coerce
    .number()
    .int()
    .min(1)
    .max(1_000_000)
    .default(DEFAULT_MAX_CONNECTIONS_PER_ADDRESS),
  /** Live streams one client address may hold open on this instance; the next is refused with 429. */
  LIVE_STREAMS_PER_ADDRESS: z.coerce
    .number()
    .int()
    .min(1)
    .max(1_000_000)
    .default(DEFAULT_LIVE_STREAMS_PER_ADDRESS),
  /** scrypt's cost N for administrator passwords: a power of two; production takes no less than the default. */
  ADMIN_PASSWORD_SCRYPT_N: z.coerce
    .number()
    .int()
    .refine((n) => n >= 2 ** 10 && n <= 2 ** 20 && (n & (n - 1)) === 0, "a power of two from 1024 to 1048576")
    .default(DEFAULT_SCRYPT_N),
  /** Second secret for administrator sign-in (with e-mail and password). Required in production. */
  ADMIN_CODE: z.string().min(8).optional(),
  /**
   * Encrypts CRM credentials at rest: 32 random bytes as base64 or hex (`openssl rand -base64 32`). Required in
   * production; elsewhere a key is made and kept in DATA_DIR.
   */
  CRM_ENCRYPTION_KEY: z
    .string()
    .optional()
    .refine(
      (v) => v === undefined || parseKey(v) !== null,
      "must be 32 bytes as base64 or hex (openssl rand -base64 32)",
    ),
  /** Let CRM tests and deliveries reach private and loopback addresses (default: outside production only). */
  CRM_ALLOW_PRIVATE_TARGETS: z
    .enum(["true", "false"])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === "true")),
  /**
   * A Nominatim-compatible geocoder (its base URL, without /search) that places dealerships by street address;
   * without it a dealership sits at its ZIP code's centre.
   */
  GEOCODER_URL: z.url({ protocol: /^https?$/, error: "GEOCODER_URL must be an http(s) URL" }).optional(),
  /**
   * The support phone line, as people should dial it (e.g. "+1 (555) 010-0199"). Set, the contact page gives it
   * with its hours (src/shared/support.ts); unset, no page mentions phone support.
   */
  SUPPORT_PHONE: z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
    z
      .string()
      .trim()
      .regex(
        /^\+?[0-9(][0-9 ().-]{5,28}[0-9]$/,
        "use digits, spaces, dashes, dots or brackets, e.g. +1 (555) 010-0199",
      )
      .refine((v) => (v.match(/[0-9]/g) ?? []).length >= 7, "a phone number has at least 7 digits")
      .optional(),
  ),
  /** Seconds before the first retry of a failed CRM delivery (doubling after each failure). */
  CRM_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /** Payments: the secret key turns them on; the publishable key is handed to the browser's payment form. */
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().min(1).optional(),
  VITE_STRIPE_PUBLISHABLE_KEY: z.string().min(1).optional(),
  /** Where the Stripe SDK sends its calls (default api.stripe.com over https): a local stand-in in tests. */
  STRIPE_API_HOST: z.string().min(1).optional(),
  STRIPE_API_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  STRIPE_API_PROTOCOL: z.enum(["http", "https"]).optional(),
  /**
   * Text messages through Twilio (docs/operations/texting.md): on when the account SID, the auth token and a
   * sender (TWILIO_FROM_NUMBER or TWILIO_MESSAGING_SERVICE_SID) are all set; off otherwise, and every page that
   * offers texts says so.
   */
  TWILIO_ACCOUNT_SID: z
    .string()
    .trim()
    .regex(/^AC[0-9a-fA-F]{32}$/, "an account SID is AC followed by 32 hex digits")
    .optional(),
  TWILIO_AUTH_TOKEN: z.string().trim().min(16, "the auth token has 32 characters").optional(),
  /** The number texts come from, in E.164 (+15555550123). */
  TWILIO_FROM_NUMBER: z
    .string()
    .trim()
    .regex(/^\+[1-9][0-9]{7,14}$/, "use E.164, e.g. +15555550123")
    .optional(),
  /** A Messaging Service to send through instead of one number (MG followed by 32 hex digits). */
  TWILIO_MESSAGING_SERVICE_SID: z
    .string()
    .trim()
    .regex(/^MG[0-9a-fA-F]{32}$/, "a messaging service SID is MG followed by 32 hex digits")
    .optional(),
  /** Where the Twilio SDK sends its calls instead of https://api.twilio.com: a local stand-in in tests. */
  TWILIO_API_URL: z.url({ protocol: /^https?$/, error: "TWILIO_API_URL must be an http(s) URL" }).optional(),
  /**
   * "Continue with Google": on when both are set. Register APP_URL + /api/auth/oidc/google/callback as the
   * redirect URI. GOOGLE_ISSUER points elsewhere (tests, a self-hosted provider); by default Google's own.
   */
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_ISSUER: z.url({ protocol: /^https?$/, error: "GOOGLE_ISSUER must be an http(s) URL" }).optional(),
  /** "Continue with Microsoft" (Entra ID), likewise; redirect URI APP_URL + /api/auth/oidc/microsoft/callback. */
  MICROSOFT_CLIENT_ID: z.string().min(1).optional(),
  MICROSOFT_CLIENT_SECRET: z.string().min(1).optional(),
  /** Whose accounts may sign in: common (any work, school or personal account), organizations, consumers or a tenant id. */
  MICROSOFT_TENANT: z
    .string()
    .regex(/^[A-Za-z0-9.-]{1,100}$/, "use common, organizations, consumers, a tenant id or a domain")
    .default("common"),
  MICROSOFT_ISSUER: z
    .url({ protocol: /^https?$/, error: "MICROSOFT_ISSUER must be an http(s) URL" })
    .optional(),
});

/** Why a cron expression is refused, or null when parseCron takes it. */
function cronProblem(expression: string): string | null {
  try {
    parseCron(expression);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

/** When backups run unless BACKUP_SCHEDULE says otherwise: every day at 02:30 UTC. */
export const DEFAULT_BACKUP_SCHEDULE = "30 2 * * *";

export type Env = Omit<z.infer<typeof envSchema>, "BACKUP_SCHEDULE"> & {
  /** A cron expression in UTC, or null when the app schedules no backups. */
  BACKUP_SCHEDULE: string | null;
  CRM_ALLOW_PRIVATE_TARGETS: boolean;
  SEED_ON_START: boolean;
  APP_URL: string;
  COOKIE_SECURE: boolean;
  TRUSTED_PROXIES: string;
  ADMIN_CODE: string;
  /** True when ADMIN_CODE was not set and the published demo code is in force (never in production). */
  ADMIN_CODE_IS_DEMO: boolean;
};

/** The admin code of the demo data, published in the README: only for a server nobody else can reach. */
export const DEMO_ADMIN_CODE = "KB-DEMO-2026";

/** A configuration problem, told in one line with its fix. */
export class EnvError extends Error {
  override readonly name = "EnvError";
}

export function isLoopbackHost(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, "").toLowerCase();
  return h === "localhost" || h === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h);
}

/** Reads `.env` into process.env when present (never overriding variables already set). */
/** The project's .env (at its root, whatever the working directory), when there is one. */
export function loadDotEnv(file = projectPath(".env")): void {
  if (existsSync(file)) process.loadEnvFile(file);
}

export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  // Counted backups became backups kept by age: an old setting would otherwise be ignored without a word.
  if (source.BACKUP_KEEP !== undefined)
    throw new EnvError(
      "BACKUP_KEEP is no longer read (backups are kept by age now): remove it and set BACKUP_KEEP_DAYS to the days to keep them (default 14).",
    );
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new EnvError(
      `Invalid environment: ${problems}. Fix the variable (see .env.example) and start again.`,
    );
  }
  const env = parsed.data;
  if (env.NODE_ENV === "production") {
    if (!env.ADMIN_CODE)
      throw new EnvError("ADMIN_CODE is required in production: set it to a long random secret.");
    if (!env.SMTP_URL)
      throw new EnvError(
        "SMTP_URL is required in production (sign-in links go out by e-mail): set it, e.g. smtp://user:pass@host:587.",
      );
    if (!env.APP_URL) throw new EnvError("APP_URL is required in production: set it to the public origin.");
    if (env.ADMIN_PASSWORD_SCRYPT_N < DEFAULT_SCRYPT_N)
      throw new EnvError(
        `ADMIN_PASSWORD_SCRYPT_N=${env.ADMIN_PASSWORD_SCRYPT_N} is below OWASP's ${DEFAULT_SCRYPT_N}, refused in production: remove it or raise it.`,
      );
    if (!env.CRM_ENCRYPTION_KEY)
      throw new EnvError(
        "CRM_ENCRYPTION_KEY is required in production (it encrypts CRM credentials): set it to the output of `openssl rand -base64 32` and keep it safe.",
      );
  }
  const twilio = [env.TWILIO_ACCOUNT_SID, env.TWILIO_AUTH_TOKEN].filter(Boolean).length;
  const twilioSender = env.TWILIO_FROM_NUMBER ?? env.TWILIO_MESSAGING_SERVICE_SID;
  if ((twilio > 0 || twilioSender) && (twilio < 2 || !twilioSender))
    throw new EnvError(
      "Text messages need TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and a sender (TWILIO_FROM_NUMBER or TWILIO_MESSAGING_SERVICE_SID) together: set the missing ones, or remove them all to keep texts off.",
    );
  if (env.METRICS_PORT !== undefined && env.METRICS_PORT === env.PORT)
    throw new EnvError(
      `METRICS_PORT=${env.METRICS_PORT} is the app's own PORT: choose another port for the metrics listener.`,
    );
  if (env.HTTP_HEADERS_TIMEOUT_MS > env.HTTP_RECEIVE_TIMEOUT_MS)
    throw new EnvError(
      `HTTP_HEADERS_TIMEOUT_MS=${env.HTTP_HEADERS_TIMEOUT_MS} is longer than HTTP_RECEIVE_TIMEOUT_MS=${env.HTTP_RECEIVE_TIMEOUT_MS}, which includes the headers: lower the first or raise the second.`,
    );
  if (!env.ADMIN_CODE && !isLoopbackHost(env.HOST))
    throw new EnvError(
      `HOST=${env.HOST} lets other machines connect, but ADMIN_CODE is not set and the demo admin code is public: set ADMIN_CODE, or HOST=127.0.0.1.`,
    );
  if (env.ADMIN_CODE === DEMO_ADMIN_CODE && (env.NODE_ENV === "production" || !isLoopbackHost(env.HOST)))
    throw new EnvError("ADMIN_CODE is the public demo code: choose a secret of your own.");
  return {
    ...env,
    APP_URL: env.APP_URL ?? `http://localhost:${env.PORT}`,
    COOKIE_SECURE: env.COOKIE_SECURE ?? env.NODE_ENV === "production",
    TRUSTED_PROXIES: env.TRUSTED_PROXIES ?? DEFAULT_TRUSTED_PROXIES,
    ADMIN_CODE: env.ADMIN_CODE ?? DEMO_ADMIN_CODE,
    ADMIN_CODE_IS_DEMO: !env.ADMIN_CODE,
    CRM_ALLOW_PRIVATE_TARGETS: env.CRM_ALLOW_PRIVATE_TARGETS ?? env.NODE_ENV !== "production",
    SEED_ON_START: env.SEED_ON_START ?? env.NODE_ENV !== "production",
    BACKUP_SCHEDULE:
      env.BACKUP_SCHEDULE === "off"
        ? null
        : (env.BACKUP_SCHEDULE ?? (env.NODE_ENV === "test" ? null : DEFAULT_BACKUP_SCHEDULE)),
  };
}

/** Whether text messages are on: an account, its token and a sender. */
export function textingConfigured(
  env: Pick<
    Env,
    "TWILIO_ACCOUNT_SID" | "TWILIO_AUTH_TOKEN" | "TWILIO_FROM_NUMBER" | "TWILIO_MESSAGING_SERVICE_SID"
  >,
): boolean {
  return Boolean(
    env.TWILIO_ACCOUNT_SID &&
      env.TWILIO_AUTH_TOKEN &&
      (env.TWILIO_FROM_NUMBER || env.TWILIO_MESSAGING_SERVICE_SID),
  );
}

/** What the server tells at startup about the mode it runs in and what that means for sign-in and mail. */
export function describeMode(env: Env): string[] {
  const lines = [`mode: ${env.NODE_ENV}, serving ${env.APP_URL} on ${env.HOST}:${env.PORT}`];
  if (!env.SMTP_URL) {
    lines.push(
      env.NODE_ENV === "development"
        ? "mail: SMTP_URL is not set, so e-mails (sign-in links included) are written to this log; set SMTP_URL to send them"
        : "mail: SMTP_URL is not set, so e-mails are not delivered; only their recipient and subject are logged",
    );
  }
  if (env.NODE_ENV === "development" && isLoopbackHost(new URL(env.APP_URL).hostname))
    lines.push(
      "sign-in: requests from this machine also get their link in the answer; nobody else ever does",
    );
  lines.push(
    env.STRIPE_SECRET_KEY
      ? `payments: Stripe${env.STRIPE_API_HOST ? ` at ${env.STRIPE_API_HOST}:${env.STRIPE_API_PORT ?? 443}` : ""}${env.STRIPE_WEBHOOK_SECRET ? "" : ", but STRIPE_WEBHOOK_SECRET is not set, so webhooks are refused and plans never switch on"}`
      : "payments: STRIPE_SECRET_KEY is not set, so checkout says payments are not configured",
  );
  lines.push(
    textingConfigured(env)
      ? `texts: Twilio from ${env.TWILIO_FROM_NUMBER ?? env.TWILIO_MESSAGING_SERVICE_SID}${env.TWILIO_API_URL ? ` at ${env.TWILIO_API_URL}` : ""}; webhooks at ${env.APP_URL}/api/webhooks/twilio/...`
      : "texts: TWILIO_ACCOUNT_SID is not set, so text messages are off and the booking form says so",
  );
  lines.push(
    env.BACKUP_SCHEDULE
      ? `backups: at "${env.BACKUP_SCHEDULE}" (cron, UTC) into ${projectPath(env.BACKUP_DIR)}, each kept ${env.BACKUP_KEEP_DAYS} days`
      : "backups: BACKUP_SCHEDULE is off, so the app takes none; run npm run db:backup from a scheduler of your own",
  );
  if (env.ADMIN_CODE_IS_DEMO)
    lines.push(
      `admin: ADMIN_CODE is not set, so the public demo code ${DEMO_ADMIN_CODE} is in force; it only works while HOST is a loopback address`,
    );
  return lines;
}
