// Throttling of password sign-in that an attacker cannot turn against the account owner: failures are
// counted per (account, address) and per address, with delays that grow with each failure; the
// account-wide count only tightens the per-address rule for addresses that have already failed on that
// account. An address that has not been guessing is never refused the right credentials.
import type { Sql } from "../db/client";
import type { LoginThrottleRow } from "../db/rows";

/** Failures in a row before delays start, per key kind; delays double from 30 s up to 15 minutes. */
export const THROTTLE_RULES = {
  /** One address on one account. */
  pair: { freeFailures: 3 },
  /** One address across all accounts (spraying). */
  address: { freeFailures: 10 },
  /** Failures on one account from all addresses at which it counts as under attack. */
  accountUnderAttack: 10,
  firstDelaySeconds: 30,
  maxDelaySeconds: 15 * 60,
  /** A key with no failure for this long starts again from zero. */
  forgetAfterHours: 24,
} as const;

export function delayAfter(failures: number, freeFailures: number): number {
  if (failures <= freeFailures) return 0;
  const doublings = Math.min(failures - freeFailures - 1, 10);
  return Math.min(THROTTLE_RULES.firstDelaySeconds * 2 ** doublings, THROTTLE_RULES.maxDelaySeconds);
}

function keys(scope: string, account: string, ip: string | null) {
  const address = ip ?? "unknown";
  return {
    pair: `${scope}:pair:${account}|${address}`,
    address: `${scope}:ip:${address}`,
    account: `${scope}:acct:${account}`,
  };
}

/** Seconds until this address may try this account again; 0 when it may try now. */
export async function throttleWait(sql: Sql, scope: string, account: string, ip: string | null) {
  const k = keys(scope, account, ip);
  const [row] = await sql<{ wait: number | null }[]>`
    select ceil(extract(epoch from max(locked_until) - now()))::int as wait
      from login_throttles where key in (${k.pair}, ${k.address}) and locked_until > now()`;
  return Math.max(0, row?.wait ?? 0);
}

async function countFailure(sql: Sql, key: string, freeFailures: number | null): Promise<number> {
  const [row] = await sql<Pick<LoginThrottleRow, "failures">[]>`
    insert into login_throttles as t (key, failures, last_failure_at) values (${key}, 1, now())
    on conflict (key) do update set
      failures = case when t.last_failure_at < now() - make_interval(hours => ${THROTTLE_RULES.forgetAfterHours})
                      then 1 else t.failures + 1 end,
      last_failure_at = now()
    returning failures`;
  const failures = row?.failures ?? 1;
  if (freeFailures !== null) {
    const delay = delayAfter(failures, freeFailures);
    if (delay > 0)
      await sql`update login_throttles set locked_until = now() + make_interval(secs => ${delay}) where key = ${key}`;
  }
  return failures;
}

/** Counts one failed attempt against the account, the address, and the pair of both. */
export async function recordFailure(sql: Sql, scope: string, account: string, ip: string | null) {
  const k = keys(scope, account, ip);
  const accountFailures = await countFailure(sql, k.account, null);
  const underAttack = accountFailures >= THROTTLE_RULES.accountUnderAttack;
  await countFailure(sql, k.pair, underAttack ? 0 : THROTTLE_RULES.pair.freeFailures);
  await countFailure(sql, k.address, THROTTLE_RULES.address.freeFailures);
}

/** A success forgets this address's failures (the account-wide count fades on its own). */
export async function recordSuccess(sql: Sql, scope: string, account: string, ip: string | null) {
  const k = keys(scope, account, ip);
  await sql`delete from login_throttles where key in (${k.pair}, ${k.address})`;
}
