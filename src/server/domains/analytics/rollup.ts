// The day-level rollups of drizzle/0016_analytics.sql, kept fresh enough: a report older than
// ANALYTICS_MAX_AGE_SECONDS starts a refresh in the background and answers from the current rollups (a refresh
// is CONCURRENTLY, so readers never wait on it); the first report after a start waits for one, and with
// ANALYTICS_MAX_AGE_SECONDS=0 every report does. One refresh runs at a time per database.
import type { Context } from "../../context";
import type { Sql } from "../../db/client";

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

/** Refreshes both rollups; resolves to the moment the refresh started (its rows are at least that fresh). */
export function refreshRollups(sql: Sql): Promise<Date> {
  const state = freshness(sql);
  if (state.running) return state.running;
  const started = Date.now();
  state.runningSince = started;
  state.running = (async () => {
    try {
      await sql`refresh materialized view concurrently analytics_daily`;
      await sql`refresh materialized view concurrently analytics_customer_days`;
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
