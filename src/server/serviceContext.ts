// What every domain service receives: the long-lived dependencies and who is calling. Transport-free: tRPC and
// REST build it (trpc/init.ts, http/honoRequest.ts); scripts and tests build it directly.
import type { SessionUser } from "../shared/schemas/auth";
import type { Session } from "./credentials/session";
import type { SecretBox } from "./crypto/secretBox";
import type { Sql } from "./db/client";
import type { LiveHub } from "./domains/live/hub";
import type { BrowseCache } from "./domains/salespeople/browseCache";
import type { Env } from "./env";
import type { JobQueue } from "./jobs/queue";
import type { Logger } from "./logger";
import type { Mailer } from "./mail/mailer";
import type { AppMetrics } from "./observability/metrics";
import type { Payments } from "./payments/stripe";
import type { Texting } from "./texting/twilio";

/** Long-lived services shared by every request. */
export type AppDeps = {
  /** The one PostgreSQL pool (postgres.js): every query is a tagged template on it. */
  sql: Sql;
  /** The pool for searches whose best plan depends on their values (browse's LIKE): see db/client.ts. */
  searchSql: Sql;
  /** The pool for browse walks whose one plan is kept: see db/client.ts. */
  browseSql: Sql;
  env: Env;
  mailer: Mailer;
  logger: Logger;
  /** Short-lived copies of public browse results (see docs/decisions/003-browse-performance.md). */
  browseCache: BrowseCache;
  jobs: JobQueue;
  /** Stripe, when STRIPE_SECRET_KEY is set; null means payments are not configured. */
  payments: Payments | null;
  /** Twilio, when TWILIO_* are set; null means text messages are off. */
  texting: Texting | null;
  /** Seals and opens secrets stored in the database (CRM credentials). */
  secrets: SecretBox;
  /** Counts sign-ins, bookings and deliveries for GET /metrics (observability/metrics.ts). */
  metrics: AppMetrics;
  /** This instance's live streams and its LISTEN connection (domains/live/hub.ts). */
  live: LiveHub;
};

/** What one request brings: who is calling, from where, and where response cookies go. */
export type RequestContext = {
  user: SessionUser | null;
  session: Session | null;
  ip: string | null;
  /**
   * The connection comes from this machine and names this app's host (the development sign-in shortcut's
   * condition); unset for in-process callers.
   */
  localCaller?: boolean;
  userAgent: string | null;
  /** Names this request in logs and in the answer to an unexpected failure. */
  requestId: string;
  /** Where a call's cookies for the HTTP response go (a Headers object serves). */
  resHeaders: ResponseCookies;
};

/** What a call may add to its HTTP response: cookies (Set-Cookie), nothing else. */
export type ResponseCookies = { append(name: "Set-Cookie", value: string): void };

export type Context = AppDeps & RequestContext;

/** What a service for signed-in callers receives: the caller is known. */
export type Authed = Context & { user: SessionUser };
