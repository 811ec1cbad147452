// Profile views: one per visitor per profile per day, from buyers only. Nobody is stored: a visitor is an HMAC
// under a random key of the day (profile_view_keys), which is deleted two days later.
import { createHmac, randomBytes } from "node:crypto";
import type { Queryable } from "../../db/client";
import type { Context } from "../../serviceContext";

/**
 * User-agents that are not a person reading a profile: search and social crawlers, link previewers, uptime
 * and performance checkers, HTTP libraries and headless browsers (HeadlessChrome included, so automated
 * browser runs count nothing unless they present a person's browser).
 */
export const AUTOMATED_AGENT =
  /bot\b|bot\/|crawl|spider|slurp|preview|facebookexternalhit|embedly|lighthouse|pagespeed|pingdom|uptime|monitor|headless|phantomjs|puppeteer|playwright|selenium|webdriver|curl\/|wget\/|python-|node-fetch|axios\/|go-http-client|java\/|okhttp|libwww|httpclient|^$/i;

export function isAutomatedAgent(userAgent: string | null): boolean {
  return AUTOMATED_AGENT.test(userAgent?.trim() ?? "");
}

/** Keys are kept for the profile-local days still running somewhere (today ± 1) and deleted after. */
const KEY_DAYS_KEPT = 2;

/** The key of a (profile-local) day, made on the day's first view. */
async function keyOfDay(sql: Queryable, day: string): Promise<Buffer> {
  const [existing] = await sql<{ secret: Buffer }[]>`select secret from profile_view_keys where day = ${day}`;
  if (existing) return existing.secret;
  await sql`delete from profile_view_keys where day < current_date - ${KEY_DAYS_KEPT}::int`;
  const [row] = await sql<{ secret: Buffer }[]>`
    insert into profile_view_keys (day, secret) values (${day}, ${randomBytes(32)})
    on conflict (day) do update set day = excluded.day returning secret`;
  return row!.secret;
}

/**
 * Records a buyer's view of a salesperson's profile. Not counted: the salesperson's own visits, automated
 * agents, and a second view by the same visitor (account, else address and browser) on the profile's day.
 */
export async function recordProfileView(
  ctx: Context,
  { id: salespersonId }: { id: number },
): Promise<{ recorded: boolean }> {
  if (ctx.user?.salespersonId === salespersonId || isAutomatedAgent(ctx.userAgent))
    return { recorded: false };
  const [profile] = await ctx.sql<{ day: string }[]>`
    select to_char((now() at time zone time_zone)::date, 'YYYY-MM-DD') as day
      from salespeople where id = ${salespersonId}`;
  if (!profile) return { recorded: false };
  const visitor = ctx.user
    ? `account:${ctx.user.id}`
    : `address:${ctx.ip ?? "unknown"}|${ctx.userAgent ?? ""}`;
  const viewerKey = createHmac("sha256", await keyOfDay(ctx.sql, profile.day))
    .update(visitor)
    .digest("hex");
  const rows = await ctx.sql`
    insert into profile_views (salesperson_id, day, viewer_key) values (${salespersonId}, ${profile.day}, ${viewerKey})
    on conflict (salesperson_id, day, viewer_key) do nothing returning id`;
  return { recorded: rows.length > 0 };
}
