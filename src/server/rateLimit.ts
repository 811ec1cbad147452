// Token-bucket rate limits kept in PostgreSQL, so every app instance shares the same counters.
import type { Sql } from "./db/client";
import type { RateLimitBucketRow } from "./db/rows";

export type BucketRule = { capacity: number; refillSeconds: number };

export const RATE_LIMITS = {
  /** Sign-in link requests per e-mail address: 5 at once, then one every 2 minutes. */
  loginPerEmail: { capacity: 5, refillSeconds: 120 },
  /** Sign-in link requests per IP: 20 at once, then one every 15 seconds. */
  loginPerIp: { capacity: 20, refillSeconds: 15 },
  /** Link redemptions per IP (guessing tokens is hopeless at 160 bits, but we still bound it). */
  redeemPerIp: { capacity: 30, refillSeconds: 10 },
  /**
   * Passkey sign-in challenges per IP (each stores a challenge row): 60 at once, then one every 5 seconds. Its
   * own budget: the sign-in pages ask for one on every visit, and that must never use up link redemptions.
   */
  passkeyChallengePerIp: { capacity: 60, refillSeconds: 5 },
  /** Provider sign-in starts per IP (each stores a pending flow): 20 at once, then one every 15 seconds. */
  oidcStartPerIp: { capacity: 20, refillSeconds: 15 },
  /**
   * Confirmation mails (dealership applications, self-registrations) per recipient address: 3 at once, then one
   * every 8 hours. Beyond it the request is answered as usual and no mail goes (nothing tells who is known).
   */
  confirmationMailsPerRecipient: { capacity: 3, refillSeconds: 8 * 3600 },
} satisfies Record<string, BucketRule>;

/** Takes one token from the bucket; answers whether the caller may proceed. */
export async function consumeToken(sql: Sql, key: string, rule: BucketRule): Promise<boolean> {
  return (await takeToken(sql, key, rule)) === 0;
}

/**
 * Takes one token from the bucket; answers 0 when the caller may proceed, else the whole seconds until the
 * bucket holds a token again (what a refusal tells the person).
 */
export async function takeToken(sql: Sql, key: string, rule: BucketRule): Promise<number> {
  const { capacity, refillSeconds } = rule;
  // now() is each transaction's start: one that waited on the row lock may start before the last refill it
  // sees, so elapsed steps are never negative (a negative step would take a token nobody spent).
  return sql.begin(async (tx) => {
    await tx`insert into rate_limit_buckets (key, tokens, refilled_at) values (${key}, ${capacity}, now())
             on conflict (key) do nothing`;
    const [bucket] = await tx<(Pick<RateLimitBucketRow, "tokens"> & { steps: number; elapsed: number })[]>`
      select tokens, greatest(0, floor(extract(epoch from now() - refilled_at) / ${refillSeconds}))::int as steps,
             greatest(0, extract(epoch from now() - refilled_at))::float8 as elapsed
        from rate_limit_buckets where key = ${key} for update`;
    if (!bucket) return refillSeconds;
    const available = Math.min(capacity, bucket.tokens + bucket.steps);
    const allowed = available >= 1;
    await tx`update rate_limit_buckets set
               tokens = ${allowed ? available - 1 : available},
               refilled_at = case when ${bucket.steps} > 0
                 then ${available >= capacity ? tx`greatest(refilled_at, now())` : tx`refilled_at + make_interval(secs => ${bucket.steps * refillSeconds})`}
                 else refilled_at end
             where key = ${key}`;
    // Refused means no step has passed since the last refill: the next token comes one step after it.
    return allowed ? 0 : Math.max(1, Math.ceil(refillSeconds - bucket.elapsed));
  });
}

/**
 * A procedure's per-call limit (declared on it: trpc/procedures.ts): one bucket per caller's address and one per
 * signed-in account, each taken once per call (so a batch pays for every call it carries). The sizes are far
 * beyond what a person does and stop a script after a handful.
 */
export type CallLimit = { perAddress?: BucketRule; perAccount?: BucketRule };

/** Takes the call's tokens (address, then account); answers whether it may run. */
export async function consumeCallLimit(
  sql: Sql,
  path: string,
  limit: CallLimit,
  caller: { ip: string | null; userId: string | null },
): Promise<boolean> {
  if (
    limit.perAddress &&
    caller.ip &&
    !(await consumeToken(sql, `call:${path}:ip:${caller.ip}`, limit.perAddress))
  )
    return false;
  if (
    limit.perAccount &&
    caller.userId &&
    !(await consumeToken(sql, `call:${path}:user:${caller.userId}`, limit.perAccount))
  )
    return false;
  return true;
}
