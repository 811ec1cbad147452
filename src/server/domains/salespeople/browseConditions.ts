// A browse's filters as SQL conditions, shared by the walks of browse.ts and the distance walk of browseNear.ts.
import { ALL_SPECIALTIES, RATING_FILTERS } from "../../../shared/constants";
import { ID_MAX } from "../../../shared/schemas/common";
import type { BrowseSalespeopleQuery } from "../../../shared/schemas/salespeople";
import { type Fragment, joinSql, type Queryable } from "../../db/client";
import { containsPattern } from "../../db/search";
import { availabilityWindows } from "./availabilityWindows";

const specialtyByLowerName = new Map(ALL_SPECIALTIES.map((s) => [s.toLowerCase(), s]));

/** The rating a browse rating filter ("3", "4", "5") asks for at least. */
export function minimumRating(value: string): number {
  return RATING_FILTERS.find((r) => r.value === value)?.min ?? 0;
}

/** The dealership filter as a dealership's id, when it is one (else it names a dealership). */
export function dealershipIdOf(value: string): number | undefined {
  return /^\d{1,10}$/.test(value) && Number(value) <= ID_MAX ? Number(value) : undefined;
}

export function canonicalSpecialty(value: string): string {
  return specialtyByLowerName.get(value.toLowerCase()) ?? value;
}

/** The filter a walked term of salesperson_terms answers by itself (browseTerm). */
export type TermAnswer = "specialty" | "search" | "verifiedPurchases";

/**
 * A browse's filters as conditions on one alias: `s` for salespeople itself, `t` for salesperson_terms, which
 * carries rating, experience, city, status, dealership and specialties. What `t` does not carry is returned in
 * `onRow`, for `salespeople s` joined to it; `skip` names the filter the walked term already answers.
 */
export function browseConditions(
  sql: Queryable,
  q: BrowseSalespeopleQuery,
  on: "s" | "t",
  skip?: TermAnswer,
) {
  const a = sql(on);
  const own: Fragment[] = [];
  const onRow: Fragment[] = [];
  /** Conditions on columns only salespeople has. */
  const rowOnly = on === "s" ? own : onRow;
  if (q.specialty && skip !== "specialty")
    own.push(sql`${a}.specialties @> array[${canonicalSpecialty(q.specialty)}]::text[]`);
  if (q.rating) own.push(sql`${a}.average_rating >= ${minimumRating(q.rating)}`);
  if (q.status) own.push(sql`${a}.status = ${q.status}`);
  if (q.verifiedPurchases && skip !== "verifiedPurchases") rowOnly.push(sql`s.verified_purchase_reviews > 0`);
  // As the pressure walks hold it (drizzle/0051), so that a minimum is a range of them; a null (no reviews) never passes.
  if (q.minPressure !== undefined) rowOnly.push(sql`coalesce(s.pressure_average, 0) >= ${q.minPressure}`);
  if (q.city) own.push(sql`${a}.city = ${q.city}`);
  if (q.yearsOfExperience !== undefined) own.push(sql`${a}.years_of_experience >= ${q.yearsOfExperience}`);
  if (q.dealership) {
    const id = dealershipIdOf(q.dealership);
    own.push(
      id !== undefined
        ? sql`${a}.dealership_id = ${id}`
        : sql`${a}.dealership_id in (select id from dealerships where lower(name) = lower(${q.dealership}))`,
    );
  }
  // Verified certifications only, by their lower-cased name (certifications_verified_name_idx).
  if (q.certification)
    rowOnly.push(sql`exists (select 1 from certifications c
                              where lower(c.name) = lower(${q.certification}) and c.salesperson_id = s.id
                                and c.verified_at is not null)`);
  if (q.available) own.push(availableSql(sql, q.available, on === "s" ? sql`s.id` : sql`t.salesperson_id`));
  // search_text is lower(name, city, dealership name), kept by triggers (drizzle/0011).
  if (q.search && skip !== "search")
    rowOnly.push(sql`s.search_text like lower(${containsPattern(q.search)})`);
  return { own, onRow };
}

/**
 * Whether the salesperson `id` has an open time on the days `available` names, by the times kept for them
 * (salesperson_openings, domains/appointments/openings.ts) in their own time zone: today, this weekend (the
 * coming Saturday and Sunday, or what is left of the one under way) or a date. A kept time counts while it is
 * outside the salesperson's notice: the runs of kept times overlap the span from the later of the first day's
 * start and now plus the notice, to the last day's end (one binary search of the runs). The span of each usual
 * zone comes worked out (availabilityWindows.ts); another zone's is worked out here, the same way. `now` is the
 * server's, one instant for the span and the notice alike.
 *
 * A scalar subquery, so each salesperson the walk reaches is looked up by key: as EXISTS, the planner made it a
 * semi-join that read every openings row and worked out its span (540 ms at 105,600 salespeople, against 8 ms).
 * The spans are computed once per row (OFFSET 0 keeps them from being inlined into each use).
 */
function availableSql(sql: Queryable, available: string, id: Fragment) {
  const now = new Date();
  const at = sql`${now.toISOString()}::timestamptz`;
  const span = availabilitySpanSql(sql, available, at, sql`o.time_zone`);
  const known = availabilityWindows(available, now);
  return sql`coalesce((
    select o.open_ranges && tstzrange(least(w.lo, w.hi), w.hi) from salesperson_openings o
     cross join lateral (
       select greatest(b.start, ${at} + make_interval(mins => o.notice_minutes)) as lo, b.hi
         from (select coalesce((${known.starts}::timestamptz[])[z.i], ${span.start}) as start,
                      coalesce((${known.ends}::timestamptz[])[z.i], ${span.end}) as hi
                 from (select array_position(${known.zones}::text[], o.time_zone) as i offset 0) z offset 0) b
        offset 0) w
     where o.salesperson_id = ${id}), false)`;
}

/**
 * The span `available` names in `zone` as of the instant `at`, worked out by the database: from the local
 * midnight of today, of the coming Saturday (the one under way on a Sunday) or of the date, for one day (two
 * for the weekend). What availabilityWindows.ts works out for the usual zones.
 */
export function availabilitySpanSql(sql: Queryable, available: string, at: Fragment, zone: Fragment) {
  const today = sql`date_trunc('day', ${at}, ${zone})`;
  const localWeekday = sql`extract(isodow from ${at} at time zone ${zone})::int`;
  const [start, days] =
    available === "today"
      ? [today, 1]
      : available === "weekend"
        ? [
            sql`date_add(${today}, make_interval(days => case ${localWeekday} when 7 then -1 else 6 - ${localWeekday} end), ${zone})`,
            2,
          ]
        : [sql`${available}::date::timestamp at time zone ${zone}`, 1];
  return { start, end: sql`date_add(${start}, make_interval(days => ${days}::int), ${zone})` };
}

export function whereAll(sql: Queryable, conditions: Fragment[]) {
  return conditions.length === 0 ? sql`` : sql`where ${joinSql(sql, conditions, "and")}`;
}
