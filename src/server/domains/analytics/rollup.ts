// The day-level rollups of drizzle/0016_analytics.sql, kept fresh enough: a report older than
// ANALYTICS_MAX_AGE_SECONDS starts a refresh in the background and answers from the current rollups (a refresh
// is CONCURRENTLY, so readers never wait on it); the first report after a start waits for one, and with
// ANALYTICS_MAX_AGE_SECONDS=0 every report does. One refresh runs at a time per database.

import type { Sql } from "../../db/client";
import type { Context } from "../../serviceContext";

/** The materialised views of drizzle/0016_analytics.sql, in the order they must be refreshed. */
export const ROLLUPS = [
  "analytics_daily",
  "analytics_days",
  "analytics_salespeople",
  "analytics_top_performers",
  "analytics_customer_months",
] as const;

type Freshness = { refreshedAt: Date | null; running: Promise<Date> | null; runningSince: number };

const bySql = new WeakMap<Sql, Freshness>();

function freshness(sql: Sql): Freshness {
  let state = bySql.get(sql);
  if (!state) {
    state = { refreshedAt: null, running: null, runningSince: 0 };
    bySql.set(sql, state);
  }
  return state;
}

/** Refreshes the rollups; resolves to the moment the refresh started (its rows are at least that fresh). */
export function refreshRollups(sql: Sql): Promise<Date> {
  const state = freshness(sql);
  if (state.running) return state.running;
  const started = Date.now();
  state.runningSince = started;
  state.running = (async () => {
    try {
      // One connection without parallel workers: a refresh takes longer on one core and leaves the others to
      // the requests being answered meanwhile.
      const connection = await sql.reserve();
      try {
        // A refresh of a large history takes longer than one request's statement may.
        await connection`set statement_timeout = 0`;
        await connection`set max_parallel_workers_per_gather = 0`;
        // analytics_days sums analytics_daily, so it follows it.
        for (const view of ROLLUPS)
          await connection`refresh materialized view concurrently ${connection(view)}`;
        // Fresh statistics, so a year's scan and one dealership's lookup are each planned as what they are.
        await connection`analyze ${connection.unsafe(ROLLUPS.join(", "))}`;
        await connection`reset max_parallel_workers_per_gather`;
      } finally {
        await connection`reset statement_timeout`.catch(() => {});
        connection.release();
      }
      state.refreshedAt = new Date(started);
      return state.refreshedAt;
    } finally {
      state.running = null;
    }
  })();
  return state.running;
}

/** How fresh the rollups a report reads are, after making them fresh enough. */
export async function rollupsAsOf(ctx: Context): Promise<Date> {
  const maxAgeMs = ctx.env.ANALYTICS_MAX_AGE_SECONDS * 1000;
  const state = freshness(ctx.sql);
  const now = Date.now();
  if (maxAgeMs === 0 || !state.refreshedAt) {
    // A refresh that started before this report may have missed rows written just before it: wait for the
    // next one.
    if (state.running && state.runningSince < now) await state.running.catch(() => undefined);
    return refreshRollups(ctx.sql);
  }
  if (now - state.refreshedAt.getTime() > maxAgeMs) {
    refreshRollups(ctx.sql).catch((error: unknown) =>
      ctx.logger.error("analytics rollup refresh failed", { error: String(error) }),
    );
  }
  return state.refreshedAt;
}
