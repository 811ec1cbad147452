// Reads and validates the process environment once; everything else imports the parsed result.
import { existsSync } from "node:fs";
import { z } from "zod";

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  /** Public origin of the app, used in e-mailed links and the CSRF origin check. */
  APP_URL: z.url().optional(),
  /** Use this PostgreSQL server; without it an embedded one starts with data under DATA_DIR. */
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default(".data"),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1).max(65535).default(54329),
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default("KnowBefore <no-reply@knowbefore.local>"),
  /** Mark session cookies Secure; defaults to on in production. */
  COOKIE_SECURE: z
    .enum(["true", "false"])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === "true")),
  /** Trust X-Forwarded-For for the client IP (only behind a proxy you run). */
  TRUST_PROXY: z
    .enum(["true", "false"])
    .default("false")
    .transform((v) => v === "true"),
  SEED_ON_START: z
    .enum(["true", "false"])
    .default("true")
    .transform((v) => v === "true"),
  SEED_SCALE: z.coerce.number().positive().default(1),
  RATE_LIMIT_DISABLED: z
    .enum(["true", "false"])
    .default("false")
    .transform((v) => v === "true"),
  /** How long public browse results may be served from memory; 0 turns the cache off. */
  BROWSE_CACHE_TTL_MS: z.coerce.number().int().min(0).max(60_000).default(5000),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  /** Second secret for administrator sign-in (with e-mail and password). Required in production. */
  ADMIN_CODE: z.string().min(8).optional(),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
});

export type Env = z.infer<typeof envSchema> & { APP_URL: string; COOKIE_SECURE: boolean; ADMIN_CODE: string };

/** Reads `.env` into process.env when present (never overriding variables already set). */
export function loadDotEnv(file = ".env"): void {
  if (existsSync(file)) process.loadEnvFile(file);
}

export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid environment: ${problems}`);
  }
  const env = parsed.data;
  if (env.NODE_ENV === "production" && !env.ADMIN_CODE)
    throw new Error("Invalid environment: ADMIN_CODE is required in production");
  return {
    ...env,
    APP_URL: env.APP_URL ?? `http://localhost:${env.PORT}`,
    COOKIE_SECURE: env.COOKIE_SECURE ?? env.NODE_ENV === "production",
    ADMIN_CODE: env.ADMIN_CODE ?? "KB-DEMO-2026",
  };
}
