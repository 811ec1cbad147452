// Idempotency-Key on requests that change something (REST and single tRPC calls), as payment APIs have it: the
// first request with a key claims it for its caller and its answer is kept; a retry of the same request gets
// that answer again (with Idempotent-Replayed: true) instead of acting twice. docs/operations/outages.md.
import { createHash } from "node:crypto";
import type { Context as HonoContext, MiddlewareHandler } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ErrorReason } from "../../shared/errors";
import { errorBody } from "../appError";
import type { Sql } from "../db/client";
import { currentBudget, outsideBudget } from "../deadline";
import type { Logger } from "../logger";
import type { AppEnv } from "./honoRequest";

export const IDEMPOTENCY_HEADER = "Idempotency-Key";
export const REPLAYED_HEADER = "Idempotent-Replayed";
/** How long a kept answer can be replayed (the retention clean-up deletes older claims). */
export const IDEMPOTENCY_KEEP_HOURS = 24;
const VISIBLE_ASCII = /^[\x21-\x7e]{1,255}$/;

type Claim = {
  id: string;
  fingerprint: string;
  committed: boolean;
  status: number | null;
  contentType: string | null;
  body: string | null;
  ageMs: number;
};

function refusal(c: HonoContext, status: ContentfulStatusCode, message: string, code: ErrorReason) {
  if (status === 409) c.header("Retry-After", "1");
  return c.json(errorBody(message, code), status);
}

/** Whose key it is (keys of different callers never meet), and the account behind it if any. */
function principalOf(c: HonoContext<AppEnv>): { principal: string; userId: string | null } {
  const userId = c.get("auth")?.user.id ?? null;
  const apiKey = c.get("apiKey");
  if (apiKey) return { principal: `key:${apiKey.id}`, userId };
  if (userId) return { principal: `user:${userId}`, userId };
  return { principal: `ip:${c.get("ip") ?? "in-process"}`, userId: null };
}

async function fingerprintOf(c: HonoContext): Promise<string> {
  const url = new URL(c.req.url);
  // A copy of the body: the handler reads the original.
  const body = Buffer.from(await c.req.raw.clone().arrayBuffer());
  return createHash("sha256")
    .update(`${c.req.method} ${url.pathname}${url.search}\n`)
    .update(body)
    .digest("hex");
}

/**
 * The middleware. `takeOverAfterMs` is how long a claim whose request never finished (its instance stopped,
 * the database went away before its answer could be kept) holds the key: after it, that request can no longer
 * be carried out (its deadline and the statement timeout have both passed, and no transaction of it committed),
 * so a retry may run in its place.
 */
export function idempotency(
  deps: { sql: Sql; logger: Logger },
  takeOverAfterMs: number,
): MiddlewareHandler<AppEnv> {
  const { sql, logger } = deps;
  return async (c, next) => {
    const key = c.req.header(IDEMPOTENCY_HEADER);
    if (key === undefined || c.req.method === "GET" || c.req.method === "HEAD") return next();
    if (!VISIBLE_ASCII.test(key))
      return refusal(
        c,
        400,
        `${IDEMPOTENCY_HEADER} must be 1 to 255 visible ASCII characters`,
        "INVALID_IDEMPOTENCY_KEY",
      );
    const url = new URL(c.req.url);
    if (url.pathname.startsWith("/trpc/") && url.searchParams.get("batch") === "1")
      return refusal(
        c,
        400,
        `${IDEMPOTENCY_HEADER} applies to one call: send this call on its own, without batching`,
        "INVALID_IDEMPOTENCY_KEY",
      );
    const { principal, userId } = principalOf(c);
    const fingerprint = await fingerprintOf(c);
    const [claimed] = await sql<{ id: string }[]>`
      insert into idempotency_claims (principal, user_id, key, fingerprint)
      values (${principal}, ${userId}, ${key}, ${fingerprint})
      on conflict (principal, key) do nothing
      returning id`;
    let claimId = claimed?.id ?? null;
    if (claimId === null) {
      const [earlier] = await sql<Claim[]>`
        select id, fingerprint, committed, status, content_type as "contentType", body,
               (extract(epoch from now() - created_at) * 1000)::float8 as "ageMs"
          from idempotency_claims where principal = ${principal} and key = ${key}`;
      if (!earlier) return refusal(c, 409, "Send this request again", "IDEMPOTENCY_KEY_IN_USE");
      if (earlier.fingerprint !== fingerprint)
        return refusal(
          c,
          422,
          `This ${IDEMPOTENCY_HEADER} was used for a different request: use a new key for a new request`,
          "IDEMPOTENCY_KEY_REUSED",
        );
      if (earlier.status !== null) {
        c.header(REPLAYED_HEADER, "true");
        return c.body(earlier.body ?? "", earlier.status as ContentfulStatusCode, {
          "Content-Type": earlier.contentType ?? "application/json",
        });
      }
      if (earlier.committed)
        return refusal(
          c,
          409,
          "This request was carried out, but its answer was lost: look up the result instead of sending it again",
          "IDEMPOTENT_REQUEST_DONE",
        );
      if (earlier.ageMs < takeOverAfterMs)
        return refusal(
          c,
          409,
          "A request with this Idempotency-Key is still being handled: try again in a moment",
          "IDEMPOTENCY_KEY_IN_USE",
        );
      const [taken] = await sql<{ id: string }[]>`
        update idempotency_claims set created_at = now()
         where id = ${earlier.id} and status is null and not committed
           and created_at <= now() - make_interval(secs => ${takeOverAfterMs / 1000})
        returning id`;
      if (!taken)
        return refusal(
          c,
          409,
          "A request with this Idempotency-Key is still being handled: try again in a moment",
          "IDEMPOTENCY_KEY_IN_USE",
        );
      claimId = taken.id;
    }
    const budget = currentBudget();
    if (budget) budget.idempotencyClaim = claimId;
    await next();
    await settleClaim(c, sql, claimId).catch((error: unknown) =>
      logger.warn(`idempotency: the answer to claim ${claimId} could not be kept`, error),
    );
  };
}

/**
 * After the request: a definite answer (below 500, no cookie) is kept to replay; otherwise the claim is given up
 * unless a transaction of the request committed, so that a retry runs again. Outside the request's deadline,
 * which may have passed: this is bookkeeping, not the request's work.
 */
function settleClaim(c: HonoContext, sql: Sql, claimId: string): Promise<unknown> {
  const res = c.res;
  return outsideBudget(async () => {
    if (res.status < 500 && !res.headers.has("set-cookie")) {
      const body = await res.clone().text();
      return sql`
        update idempotency_claims
           set status = ${res.status}, content_type = ${res.headers.get("content-type")}, body = ${body},
               completed_at = now()
         where id = ${claimId}`;
    }
    return sql`delete from idempotency_claims where id = ${claimId} and not committed`;
  });
}
