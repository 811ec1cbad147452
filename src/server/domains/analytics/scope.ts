// What a report covers: whose rows (the platform or one dealership, by the caller's role) and which days (the
// period and the previous equal period it is compared with), plus the small arithmetic every report shares.
import { type AnalyticsPeriod, PERIOD_DAYS } from "../../../shared/analytics";
import { round } from "../../../shared/numbers";
import type { AnalyticsScope, AnalyticsWindow } from "../../../shared/schemas/analytics";
import { dealershipScope, isAdmin } from "../../access";
import { appError } from "../../appError";
import type { Queryable } from "../../db/client";
import type { Authed } from "../../serviceContext";
import { rollupsAsOf } from "./rollup";

/** The scope a caller asked for, by the one dealership-scope rule in access.ts. */
export function scopeFor(ctx: Authed, dealershipId: number | undefined): Promise<AnalyticsScope> {
  return dealershipScope(ctx.sql, ctx.user, dealershipId);
}

/**
 * What a dealership-scoped report covers: the caller's scope (refused before anything is read) and the
 * period's days, counted to the day the rollups were last refreshed.
 */
export async function reportFrame(
  ctx: Authed,
  input: { dealershipId?: number | undefined; period: AnalyticsPeriod },
): Promise<{ scope: AnalyticsScope; window: AnalyticsWindow }> {
  const scope = await scopeFor(ctx, input.dealershipId);
  const window = windowFor(input.period, await rollupsAsOf(ctx));
  return { scope, window };
}

/** Platform-wide reports (revenue, the platform's predictions of revenue) are for administrators. */
export function requirePlatform(ctx: Authed): void {
  if (!isAdmin(ctx.user))
    throw appError(
      "FORBIDDEN",
      "Platform revenue analytics are for administrators",
      "PLATFORM_ANALYTICS_ADMIN_ONLY",
    );
}

/**
 * The day-level rollup of a scope, as a FROM item named `rollup` (columns day, appointments, completed, no_shows,
 * cancelled, ratings, rating_sum): the platform's daily totals, or one dealership's rows by its index.
 */
export function rollupSource(sql: Queryable, scope: AnalyticsScope) {
  return scope.kind === "platform"
    ? sql`analytics_days as rollup`
    : sql`(select day, appointments, completed, no_shows, cancelled, ratings, rating_sum
             from analytics_daily where dealership_key = ${scope.dealershipId}) as rollup`;
}

const DAY_MS = 86_400_000;

export function isoDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export function todayUtc(now = Date.now()): number {
  return Date.parse(`${isoDay(now)}T00:00:00Z`);
}

/** The period's UTC days (today included) and the equal period before it. */
export function windowFor(period: AnalyticsPeriod, asOf: Date, now = Date.now()): AnalyticsWindow {
  const days = PERIOD_DAYS[period];
  const today = todayUtc(now);
  const from = today - (days - 1) * DAY_MS;
  return {
    period,
    days,
    from: isoDay(from),
    to: isoDay(today),
    previousFrom: isoDay(from - days * DAY_MS),
    previousTo: isoDay(from - DAY_MS),
    asOf,
  };
}

/** The first instant of a UTC day and of the day after another: half-open bounds for timestamp columns. */
export function dayBounds(from: string, to: string): { start: Date; end: Date } {
  return { start: new Date(`${from}T00:00:00Z`), end: new Date(Date.parse(`${to}T00:00:00Z`) + DAY_MS) };
}

/** YYYY-MM of the month `offset` months from the current UTC month (negative: earlier). */
export function monthKey(offset: number, now = Date.now()): string {
  const d = new Date(now);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + offset, 1)).toISOString().slice(0, 7);
}

/** part / whole as a percentage with one decimal; null when there is nothing to divide by. */
export function percent(part: number, whole: number): number | null {
  return whole > 0 ? round((part / whole) * 100, 1) : null;
}

/** Change from `previous` to `current` as a percentage; null when the previous figure is zero. */
export function growth(current: number, previous: number): number | null {
  return previous > 0 ? round(((current - previous) / previous) * 100, 1) : null;
}

export function average(sum: number, count: number): number | null {
  return count > 0 ? round(sum / count, 2) : null;
}
