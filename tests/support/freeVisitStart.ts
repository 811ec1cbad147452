// Tests that write a visit straight into the database, for a salesperson the seed may already have booked (it
// books the demo salesperson's next three weekdays at 10:00, 11:00 and 12:00 in the dealership's zone), take
// its start from here: the wanted time, or the first whole hour after it that none of the seed's scheduled
// visits of the salesperson overlaps. At a fixed offset from now, a visit of the test fell on one of the seed's
// at some hours of the day, and the database's exclusion constraint refused it. A clash with a visit the test
// wrote itself is not stepped over: the constraint still refuses it, as the test's own mistake.
import type postgres from "postgres";

/** `wanted`, or the first time an hour, two hours, … later (within a day) whose `minutes` no seeded visit holds. */
export async function freeVisitStart(
  sql: postgres.Sql,
  salespersonId: number,
  wanted: Date,
  minutes = 30,
): Promise<Date> {
  const [row] = await sql<{ at: Date }[]>`
    select at from generate_series(${wanted}::timestamptz, ${wanted}::timestamptz + interval '1 day',
                                   interval '1 hour') as at
     where not exists (
       select 1 from appointments a
        where a.salesperson_id = ${salespersonId} and a.demo and a.status = 'scheduled'
          and appointment_span(a.starts_at, a.duration_minutes + a.buffer_minutes)
              && appointment_span(at, ${minutes}))
     order by at limit 1`;
  if (!row)
    throw new Error(
      `salesperson ${salespersonId} has no ${minutes} minutes free of the seed's visits within a day of ${wanted.toISOString()}`,
    );
  return row.at;
}
