// Predictions: the next 3 months of bookings (the scope's) and revenue (the platform's) from a least-squares
// line through the last 12 complete months. Months before the first booking or payment are not history.

import type { z } from "zod";
import { PREDICTION_HISTORY_MONTHS, PREDICTION_MONTHS } from "../../../shared/analytics";
import type { Predictions, predictionsInput } from "../../../shared/schemas/analytics";
import { isAdmin } from "../../access";
import type { Authed } from "../../serviceContext";
import { forecast } from "./forecast";
import { rollupsAsOf } from "./rollup";
import { monthKey, rollupSource, scopeFor } from "./scope";

export async function predictions(
  ctx: Authed,
  input: z.output<typeof predictionsInput>,
): Promise<Predictions> {
  const scope = await scopeFor(ctx, input.dealershipId);
  const asOf = await rollupsAsOf(ctx);
  const sql = ctx.sql;
  const months = Array.from({ length: PREDICTION_HISTORY_MONTHS }, (_, i) =>
    monthKey(i - PREDICTION_HISTORY_MONTHS),
  );
  const ahead = Array.from({ length: PREDICTION_MONTHS }, (_, i) => monthKey(i));
  const first = `${months[0]}-01`;
  const current = `${monthKey(0)}-01`;
  const platform = scope.kind === "platform";

  const [bookings, revenue] = await Promise.all([
    sql<{ month: string; value: number }[]>`
      select to_char(day, 'YYYY-MM') as month, sum(appointments)::int as value from ${rollupSource(sql, scope)}
       where day >= ${first}::date and day < ${current}::date
       group by 1`,
    platform && isAdmin(ctx.user)
      ? sql<{ month: string; value: number }[]>`
          select to_char(paid_at at time zone 'UTC', 'YYYY-MM') as month, sum(amount_cents)::float8 as value
            from payments
           where status = 'paid' and paid_at >= ${new Date(`${first}T00:00:00Z`)}
             and paid_at < ${new Date(`${current}T00:00:00Z`)}
           group by 1`
      : null,
  ]);
  return {
    scope,
    asOf,
    bookings: forecast(series(months, bookings), ahead),
    revenue: revenue ? forecast(series(months, revenue), ahead) : null,
  };
}

/** Every month from the first with a value on (zeros between), oldest first. */
function series(months: string[], rows: { month: string; value: number }[]) {
  const byMonth = new Map(rows.map((r) => [r.month, r.value]));
  const start = months.findIndex((m) => (byMonth.get(m) ?? 0) > 0);
  return start < 0 ? [] : months.slice(start).map((month) => ({ month, value: byMonth.get(month) ?? 0 }));
}
