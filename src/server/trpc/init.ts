// tRPC setup, in sections: init with error formatting, then the procedure tiers. Services receive the
// Context of ../serviceContext.ts. Every procedure starts from one tier (TIERS: who each lets in), whose
// middleware below checks it.
//
// Every tier also maps a service's AppError to its tRPC error, applies the procedure's per-call limit, and
// refuses an administrator without the required second factor (except on adminAccount and procedures marked
// beforeMfa). A refusal by a tier records an authorization_denied security event. Which objects a caller may
// touch (own appointment, own dealership) is decided per object in access.ts, not by the tier.
import { initTRPC, TRPCError } from "@trpc/server";
import superjson, { type SuperJSONResult } from "superjson";
import { ZodError } from "zod";
import { isAdmin } from "../access";
import {
  AppError,
  appError,
  busyError,
  describeZodError,
  MALFORMED_REQUEST,
  toPublicError,
} from "../appError";
import { recordSecurityEvent } from "../credentials/securityEvents";
import { databaseUnavailable } from "../db/pgErrors";
import { consumeCallLimit } from "../rateLimit";
import type { Context } from "../serviceContext";
import type { ProcedureOptions } from "./procedures";

// 1. Init ------------------------------------------------------------------------------------------------

/** A superjson envelope that could not be read: answered as 400 "Malformed request", never its own text. */
class MalformedEnvelope extends Error {}

/** Where a value keeps the function that builds its superjson form (withSuperjsonForm). */
const superjsonForm = Symbol("superjsonForm");

/**
 * Answers `value` with the superjson form `form` builds from it, instead of superjson's walk over every field:
 * for answers whose shape is known, such as a browse page (~13 % of the server's CPU per uncached tRPC browse).
 * The form must write, as JSON, what superjson.serialize(value) gives; a test holds each to that. Call it before
 * freezing the value: the form is kept on the value (not enumerable), not in a WeakMap, whose entries the
 * young-generation collector keeps one collection longer (docs/decisions/013).
 */
export function withSuperjsonForm<T extends object>(value: T, form: (value: T) => SuperJSONResult): T {
  Object.defineProperty(value, superjsonForm, { value: form });
  return value;
}

/** superjson, or the form a value carries (withSuperjsonForm). */
const transformer = {
  serialize(value: unknown) {
    const form =
      value !== null && typeof value === "object"
        ? (value as { [superjsonForm]?: (value: unknown) => SuperJSONResult })[superjsonForm]
        : undefined;
    return form ? form(value) : superjson.serialize(value);
  },
  deserialize(value: Parameters<typeof superjson.deserialize>[0]) {
    try {
      return superjson.deserialize(value);
    } catch {
      throw new MalformedEnvelope(MALFORMED_REQUEST);
    }
  },
};

/**
 * The tiers, by the one name procedures are declared with (trpc/procedures.ts), kept as `meta.access` and shown
 * as x-access in the OpenAPI document (rest/openapi.ts): who each lets in, in the words the document shows, and
 * the statuses its refusals answer.
 */
export const TIERS = {
  anyone: { who: "Anyone, signed in or not.", refusals: [] },
  /** A session. */
  signedIn: { who: "Any signed-in account.", refusals: [401] },
  /** The customer role. */
  customer: { who: "Customer accounts.", refusals: [401, 403] },
  /** A salesperson profile. */
  salesperson: { who: "Salesperson accounts (their own profile and calendar).", refusals: [401, 403] },
  /** Managing a dealership; scoped to it. */
  manager: { who: "Dealership managers (their own dealership).", refusals: [401, 403] },
  /** A dealer group's people, any group role; scoped to their group. */
  group: {
    who: "A dealer group's people (their own group; some changes are its owners' only).",
    refusals: [401, 403],
  },
  /** Either; access.ts scopes a manager to their dealership. */
  managerOrAdmin: {
    who: "Dealership managers (their own dealership) and administrators.",
    refusals: [401, 403],
  },
  /** Any of the three; access.ts decides which salespeople they act on. */
  staff: {
    who: "Salespeople (their own), their dealership's people (owners and managers; staff for bookings) and administrators.",
    refusals: [401, 403],
  },
  /** The role, and the second factor while the platform requires it. */
  admin: { who: "Administrators.", refusals: [401, 403] },
  /** The role only: an administrator's own account (session check, sign-out), MFA requirement or not. */
  adminAccount: { who: "Administrators (their own account).", refusals: [401, 403] },
} satisfies Record<string, { who: string; refusals: number[] }>;
export type Access = keyof typeof TIERS;

export type ProcedureMeta = ProcedureOptions & {
  access: Access;
  /**
   * Open to an administrator who has not yet turned on the second factor the platform requires of them:
   * only what it takes to turn it on (or to leave) is.
   */
  beforeMfa?: boolean;
};

const t = initTRPC
  .context<Context>()
  .meta<ProcedureMeta>()
  .create({
    transformer,
    // Live streams (docs/product/api.md#live-updates): a ping keeps proxies from closing an idle stream, a client
    // that hears nothing for longer reconnects, and a stream ends after a while so its session is checked again
    // (the client resumes from its last event).
    sse: {
      ping: { enabled: true, intervalMs: 15_000 },
      client: { reconnectAfterInactivityMs: 40_000 },
      maxDurationMs: 15 * 60_000,
    },
    errorFormatter({ shape, error, ctx }) {
      const cause = error.cause;
      // tRPC's own 4xx without a cause carry tRPC's words ("No procedure found on path …"); with a foreign
      // cause (JSON.parse, superjson) they carry a library's, which a client never sees.
      const fromLibrary = cause !== undefined && !(cause instanceof AppError) && !(cause instanceof ZodError);
      const answer = toPublicError(error, ctx?.requestId ?? "-", {
        status: shape.data.httpStatus,
        message: error.message,
        code: error.code,
        fromLibrary: fromLibrary || cause instanceof MalformedEnvelope,
      });
      const zodError = cause instanceof ZodError ? cause : null;
      const trpcCode = answer.status === 500 ? "INTERNAL_SERVER_ERROR" : error.code;
      return {
        code: shape.code,
        message: answer.body.message,
        data: {
          code: trpcCode,
          httpStatus: answer.status,
          path: shape.data.path,
          /** Machine-readable reason where the spec names one, e.g. SCHEDULING_CONFLICT. */
          cause: cause instanceof AppError ? cause.reason : undefined,
          fieldErrors: zodError ? zodError.flatten().fieldErrors : undefined,
          requestId: answer.body.requestId,
        },
      };
    },
  });

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const middleware = t.middleware;

export type { AppDeps, Context, RequestContext } from "../serviceContext";
export { AppError, appError, describeZodError };

// 2. Procedures ------------------------------------------------------------------------------------------

/**
 * While the platform requires MFA of administrators, an administrator without it is refused everything but
 * what turning it on takes (procedures marked `beforeMfa`): every admin-privileged branch, whatever its tier
 * (exports, audit trail, security events, sessions, API keys), sits behind this one check.
 */
async function refuseAdminWithoutRequiredMfa(ctx: Context, userId: string): Promise<void> {
  const [gate] = await ctx.sql<{ blocked: boolean }[]>`
    select s.admin_mfa_required
           and not exists (select 1 from user_mfa m where m.user_id = ${userId} and m.enabled_at is not null)
           and not exists (select 1 from passkeys p where p.user_id = ${userId}) as blocked
      from security_settings s where s.id = 1`;
  if (gate?.blocked) {
    throw appError(
      "FORBIDDEN",
      "The platform requires administrators to use two-factor authentication. Turn it on (or add a passkey) under Security first.",
      "MFA_REQUIRED",
    );
  }
}

/**
 * The tRPC error a failure of a procedure (or of its admission) is answered as: a service's AppError becomes the
 * error of its kind; a database too busy to finish in time (a lock held past the statement timeout, no free
 * connection) becomes 503, since the caller may try again, rather than the 500 of a fault. Anything else is left
 * to tRPC (a 500).
 */
function answeredAs(ctx: Context, path: string, cause: unknown): TRPCError | null {
  if (databaseUnavailable(cause)) {
    ctx.logger.warn(`${path}: the database was too busy to answer [request ${ctx.requestId}]`, cause);
    cause = busyError();
  }
  return cause instanceof AppError
    ? new TRPCError({ code: cause.kind, message: cause.message, cause })
    : null;
}

/**
 * Admits a call: an administrator without a second factor the platform requires is refused (see
 * refuseAdminWithoutRequiredMfa), and a procedure with a per-call limit (`meta.limit`) counts against it.
 */
async function admit(ctx: Context, path: string, meta: ProcedureMeta | undefined): Promise<void> {
  if (ctx.user && isAdmin(ctx.user) && !meta?.beforeMfa)
    await refuseAdminWithoutRequiredMfa(ctx, ctx.user.id);
  if (
    !ctx.env.RATE_LIMIT_DISABLED &&
    meta?.limit &&
    !(await consumeCallLimit(ctx.sql, path, meta.limit, { ip: ctx.ip, userId: ctx.user?.id ?? null }))
  )
    throw appError(
      "TOO_MANY_REQUESTS",
      "Too many requests of this kind from you. Please wait a few minutes and try again.",
      "RATE_LIMITED",
    );
}

/**
 * Every procedure: admitted (admit), then run, its failure answered as its kind (answeredAs), for callers and
 * HTTP alike. One middleware, not one per step: each level of tRPC's chain copies the call's options twice, which
 * measured ~10 % of the server's CPU for a cached read.
 */
export const publicProcedure = t.procedure
  .meta({ access: "anyone" })
  .use(async ({ ctx, path, meta, next }) => {
    try {
      await admit(ctx, path, meta);
    } catch (cause) {
      throw answeredAs(ctx, path, cause) ?? cause;
    }
    const result = await next();
    if (result.ok) return result;
    const answer = answeredAs(ctx, path, result.error.cause);
    if (answer) throw answer;
    return result;
  });

const requireUser = t.middleware(({ ctx, next }) => {
  if (!ctx.user || !ctx.session) {
    throw appError("UNAUTHORIZED", "Please sign in to continue");
  }
  return next({ ctx: { user: ctx.user, session: ctx.session } });
});

export const signedInProcedure = publicProcedure.meta({ access: "signedIn" }).use(requireUser);

function denied(ctx: Context, path: string, why: string): AppError {
  void recordSecurityEvent(ctx, {
    eventType: "authorization_denied",
    riskLevel: "medium",
    details: `${path}: ${why}`,
  });
  return appError("FORBIDDEN", why);
}

export const customerProcedure = signedInProcedure.meta({ access: "customer" }).use(({ ctx, path, next }) => {
  if (ctx.user.role !== "customer") throw denied(ctx, path, "This action is for customer accounts");
  return next();
});

export const salespersonProcedure = signedInProcedure
  .meta({ access: "salesperson" })
  .use(({ ctx, path, next }) => {
    const salespersonId = ctx.user.salespersonId;
    if (salespersonId === null) throw denied(ctx, path, "This action is for salesperson accounts");
    return next({ ctx: { salespersonId } });
  });

/** Scoped to the one dealership the caller manages. */
export const managerProcedure = signedInProcedure.meta({ access: "manager" }).use(({ ctx, path, next }) => {
  const dealershipId = ctx.user.managedDealershipId;
  if (dealershipId === null) throw denied(ctx, path, "This action is for dealership managers");
  return next({ ctx: { dealershipId } });
});

/** Scoped to the one dealer group the caller works for, with their role in it. */
export const groupProcedure = signedInProcedure.meta({ access: "group" }).use(({ ctx, path, next }) => {
  const { groupId, groupRole } = ctx.user;
  if (groupId === null || groupRole === null)
    throw denied(ctx, path, "This action is for dealer groups' people");
  return next({ ctx: { groupId, groupRole } });
});

/** An administrator's own account (the console's session check and sign-out), MFA requirement or not. */
export const adminEvenWithoutMfaProcedure = signedInProcedure
  .meta({ access: "adminAccount", beforeMfa: true })
  .use(({ ctx, path, next }) => {
    if (!isAdmin(ctx.user)) throw denied(ctx, path, "This action is for administrators");
    return next();
  });

/** Administrators (with the second factor, while the platform requires it: see publicProcedure). */
export const adminProcedure = adminEvenWithoutMfaProcedure.meta({ access: "admin", beforeMfa: false });

/**
 * Staff: a salesperson, a dealership manager or an administrator. Which salespeople they act on is
 * decided per object by access.ts; the tier keeps customers and visitors out before input is read.
 */
export const salespersonOrManagerOrAdminProcedure = signedInProcedure
  .meta({ access: "staff" })
  .use(({ ctx, path, next }) => {
    const { salespersonId, managedDealershipId, dealershipId } = ctx.user;
    if (salespersonId === null && dealershipId === null && !isAdmin(ctx.user))
      throw denied(ctx, path, "This action is for salespeople, their managers and administrators");
    return next({
      ctx: { staff: { salespersonId, dealershipId: managedDealershipId, isAdmin: isAdmin(ctx.user) } },
    });
  });

/** A dealership's manager (scoped to it by access.ts) or an administrator. */
export const managerOrAdminProcedure = signedInProcedure
  .meta({ access: "managerOrAdmin" })
  .use(({ ctx, path, next }) => {
    if (ctx.user.managedDealershipId === null && !isAdmin(ctx.user))
      throw denied(ctx, path, "This action is for dealership managers and administrators");
    return next();
  });
