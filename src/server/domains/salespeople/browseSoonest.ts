// Soonest available first: the order of salespeople's next open times as salesperson_openings keeps them
// (drizzle/0061, domains/appointments/openings.ts), those with none in the next two weeks last, ties by id. Used by
// the walks of browse.ts and browseNear.ts.
import type { Fragment, Queryable } from "../../db/client";

/** The sort value of an openings row `o`: its next open time, or infinity for none (salesperson_openings_soonest_idx). */
export const soonestAt = (sql: Queryable) => sql`coalesce(o.next_open_at, 'infinity'::timestamptz)`;

/** A cursor's next open time (browseCursor.ts: milliseconds since 1970, `x` for none) as a timestamptz. */
export function cursorInstant(sql: Queryable, value: string): Fragment {
  return value === "x" ? sql`'infinity'::timestamptz` : sql`to_timestamp(${Number(value) / 1000}::float8)`;
}

/** The place of a page row (`at`, `id`) in the soonest order, as a cursor writes it after its `s`. */
export function soonestPlace(sql: Queryable, at: Fragment, id: Fragment): Fragment {
  return sql`(case when ${at} = 'infinity' then 'x' else ((extract(epoch from ${at}) * 1000)::bigint)::text end
              || '_' || ${id})`;
}
