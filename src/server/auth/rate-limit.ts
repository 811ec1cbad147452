// Token-bucket rate limits kept in PostgreSQL, so every app instance shares the same counters.
import type { Sql } from "../db/client";
import type { RateLimitBucketRow } from "../db/rows";

export type BucketRule = { capacity: number; refillSeconds: number };

export const RATE_LIMITS = {
  /** Sign-in link requests per e-mail address: 5 at once, then one every 2 minutes. */
  loginPerEmail: { capacity: 5, refillSeconds: 120 },
  /** Sign-in link requests per IP: 20 at once, then one every 15 seconds. */
  loginPerIp: { capacity: 20, refillSeconds: 15 },
  /** Link redemptions per IP (guessing tokens is hopeless at 160 bits, but we still bound it). */
  redeemPerIp: { capacity: 30, refillSeconds: 10 },
} satisfies Record<string, BucketRule>;

/** Takes one token from the bucket; answers whether the caller may proceed. */
export async function consumeToken(sql: Sql, key: string, rule: BucketRule): Promise<boolean> {
  const { capacity, refillSeconds } = rule;
  // now() is each transaction's start: one that waited on the row lock may start before the last refill it
  // sees, so elapsed steps are never negative (a negative step would take a token nobody spent).
  return sql.begin(async (tx) => {
    await tx`insert into rate_limit_buckets (key, tokens, refilled_at) values (${key}, ${capacity}, now())
             on conflict (key) do nothing`;
    const [bucket] = await tx<(Pick<RateLimitBucketRow, "tokens"> & { steps: number })[]>`
      select tokens, greatest(0, floor(extract(epoch from now() - refilled_at) / ${refillSeconds}))::int as steps
        from rate_limit_buckets where key = ${key} for update`;
    if (!bucket) return false;
    const available = Math.min(capacity, bucket.tokens + bucket.steps);
    const allowed = available >= 1;
    await tx`update rate_limit_buckets set
               tokens = ${allowed ? available - 1 : available},
               refilled_at = case when ${bucket.steps} > 0
                 then ${available >= capacity ? tx`greatest(refilled_at, now())` : tx`refilled_at + make_interval(secs => ${bucket.steps * refillSeconds})`}
                 else refilled_at end
             where key = ${key}`;
    return allowed;
  });
}
