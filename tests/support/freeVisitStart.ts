// Tests that write a visit straight into the database, for a salesperson the seed may already have booked (it
// books the demo salesperson's next three weekdays at 10:00, 11:00 and 12:00 in the dealership's zone), take
// its start from here: the wanted time, or the first whole hour after it that none of the salesperson's
// scheduled visits overlaps. At a fixed offset from now, a visit of the test fell on one of the seed's at some
// hours of the day, and the database's exclusion constraint refused it.
import type postgres from "postgres";

/** `wanted`, or the first time an hour, two hours, … later (within a day) that `minutes` from it are free. */
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
        where a.salesperson_id = ${salespersonId} and a.status = 'scheduled'
          and appointment_span(a.starts_at, a.duration_minutes + a.buffer_minutes)
              && appointment_span(at, ${minutes}))
     order by at limit 1`;
  if (!row)
    throw new Error(
      `salesperson ${salespersonId} has no free half hour within a day of ${wanted.toISOString()}`,
    );
  return row.at;
}
