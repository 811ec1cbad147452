// tRPC setup, in numbered sections: 1. context, 2. init with error formatting, 3. procedures per role.
import { initTRPC, TRPCError } from "@trpc/server";
import superjson from "superjson";
import { ZodError } from "zod";
import type { SessionUser } from "../../shared/schemas/auth";
import type { BrowseResult } from "../../shared/schemas/salespeople";
import { recordSecurityEvent } from "../auth/audit";
import type { Session } from "../auth/session";
import type { TtlCache } from "../cache";
import type { Database, Sql } from "../db/client";
import type { Env } from "../env";
import type { JobQueue } from "../jobs/queue";
import type { Logger } from "../logger";
import type { Mailer } from "../mail/mailer";

// 1. Context ---------------------------------------------------------------------------------------------

/** Long-lived services shared by every request. */
export type AppDeps = {
  db: Database;
  sql: Sql;
  env: Env;
  mailer: Mailer;
  logger: Logger;
  /** Short-lived copies of public browse results (see docs/decisions/003-browse-performance.md). */
  browseCache: TtlCache<BrowseResult>;
  jobs: JobQueue;
};

/** What one request brings: who is calling, from where, and where response cookies go. */
export type RequestContext = {
  user: SessionUser | null;
  session: Session | null;
  ip: string | null;
  userAgent: string | null;
  /** Headers added to the HTTP response (Set-Cookie). */
  resHeaders: Headers;
};

export type Context = AppDeps & RequestContext;

// 2. Init ------------------------------------------------------------------------------------------------

/** The first zod issue as a sentence a person can act on. */
export function describeZodError(error: ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "Invalid input";
  if (issue.code === "unrecognized_keys") return `Unknown field: ${issue.keys.join(", ")}`;
  const field = issue.path.join(".");
  return field &&
    !issue.message.toLowerCase().includes(field.toLowerCase()) &&
    issue.message.startsWith("Invalid")
    ? `${field}: ${issue.message}`
    : issue.message;
}

/**
 * superjson, with the serialised form of frozen values remembered: cached public reads (the browse cache
 * freezes its results) are shared by many requests and walked once instead of on every answer.
 */
const serialized = new WeakMap<object, ReturnType<typeof superjson.serialize>>();
const transformer = {
  serialize(value: unknown) {
    if (value === null || typeof value !== "object" || !Object.isFrozen(value))
      return superjson.serialize(value);
    let out = serialized.get(value);
    if (!out) {
      out = superjson.serialize(value);
      serialized.set(value, out);
    }
    return out;
  },
  deserialize: (value: Parameters<typeof superjson.deserialize>[0]) => superjson.deserialize(value),
};

const t = initTRPC.context<Context>().create({
  transformer,
  errorFormatter({ shape, error }) {
    const zodError = error.cause instanceof ZodError ? error.cause : null;
    const cause = error.cause && !(error.cause instanceof ZodError) ? error.cause.message : undefined;
    return {
      ...shape,
      message: zodError ? describeZodError(zodError) : shape.message,
      data: {
        code: shape.data.code,
        httpStatus: shape.data.httpStatus,
        path: shape.data.path,
        /** Machine-readable reason where the spec names one, e.g. SCHEDULING_CONFLICT. */
        cause: cause && /^[A-Z][A-Z_]+$/.test(cause) ? cause : undefined,
        fieldErrors: zodError ? zodError.flatten().fieldErrors : undefined,
      },
    };
  },
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const middleware = t.middleware;

/** An error with a stable machine code in `cause` (REST answers it as `code`). */
export function appError(code: TRPCError["code"], message: string, reason?: string): TRPCError {
  return new TRPCError({ code, message, cause: reason ? new Error(reason) : undefined });
}

// 3. Procedures ------------------------------------------------------------------------------------------

export const publicProcedure = t.procedure;

const requireUser = t.middleware(({ ctx, next }) => {
  if (!ctx.user || !ctx.session) {
    throw new TRPCError({ code: "UNAUTHORIZED", message: "Please sign in to continue" });
  }
  return next({ ctx: { ...ctx, user: ctx.user, session: ctx.session } });
});

export const authedProcedure = t.procedure.use(requireUser);

function denied(ctx: Context, path: string, why: string): TRPCError {
  void recordSecurityEvent(ctx, {
    eventType: "authorization_denied",
    riskLevel: "medium",
    details: `${path}: ${why}`,
  });
  return new TRPCError({ code: "FORBIDDEN", message: why });
}

export const customerProcedure = authedProcedure.use(({ ctx, path, next }) => {
  if (ctx.user.role !== "customer") throw denied(ctx, path, "This action is for customer accounts");
  return next({ ctx });
});

export const salespersonProcedure = authedProcedure.use(({ ctx, path, next }) => {
  const salespersonId = ctx.user.salespersonId;
  if (salespersonId === null) throw denied(ctx, path, "This action is for salesperson accounts");
  return next({ ctx: { ...ctx, salespersonId } });
});

/** Scoped to the one dealership the caller manages. */
export const managerProcedure = authedProcedure.use(({ ctx, path, next }) => {
  const dealershipId = ctx.user.managedDealershipId;
  if (dealershipId === null) throw denied(ctx, path, "This action is for dealership managers");
  return next({ ctx: { ...ctx, dealershipId } });
});

export const adminProcedure = authedProcedure.use(({ ctx, path, next }) => {
  if (ctx.user.role !== "admin") throw denied(ctx, path, "This action is for administrators");
  return next({ ctx });
});
