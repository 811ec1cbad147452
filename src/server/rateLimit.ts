// Token-bucket rate limits kept in PostgreSQL, so every app instance shares the same counters.
import type { Sql } from "./db/client";

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
 *
 * One statement, so one round trip and one commit: a new bucket starts full less this token; an existing one is
 * refilled by the whole steps since its last refill (up to its capacity) and gives a token when it then holds
 * one, else it is left as it is. The row lock of the update makes callers racing for one bucket take turns, each
 * seeing the last one's tokens. now() is the statement's start: one that waited on the lock may start before
 * the last refill it sees, so elapsed steps are never negative (a negative step would take a token nobody
 * spent). A refusal's wait is read from the bucket as the statement found it (the update left it unchanged).
 */
export async function takeToken(sql: Sql, key: string, rule: BucketRule): Promise<number> {
  const { capacity, refillSeconds } = rule;
  // Typed, as a step may be a fraction of a second (API keys refill twice a second).
  const step = sql`${refillSeconds}::float8`;
  const steps = sql`greatest(0, floor(extract(epoch from now() - b.refilled_at)::float8 / ${step}))::int`;
  const available = sql`least(${capacity}::int, b.tokens + ${steps})`;
  const [taken] = await sql<{ allowed: boolean; elapsed: number | null }[]>`
    with taken as (
      insert into rate_limit_buckets as b (key, tokens, refilled_at) values (${key}, ${capacity - 1}::int, now())
      on conflict (key) do update set
        tokens = ${available} - 1,
        refilled_at = case
          when ${steps} = 0 then b.refilled_at
          when ${available} >= ${capacity}::int then greatest(b.refilled_at, now())
          else b.refilled_at + make_interval(secs => ${steps} * ${step})
        end
      where ${available} >= 1
      returning 1)
    select exists (select from taken) as allowed,
           (select greatest(0, extract(epoch from now() - refilled_at))::float8
              from rate_limit_buckets where key = ${key}) as elapsed`;
  if (taken?.allowed) return 0;
  // Refused means no step has passed since the last refill: the next token comes one step after it.
  return Math.max(1, Math.ceil(refillSeconds - (taken?.elapsed ?? 0)));
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
