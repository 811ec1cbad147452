// What the server keeps of each salesperson's calendar for browse's availability filters and its "soonest
// available" order (drizzle/0061, docs/product/salespeople.md#browse-and-filters): the open times their slot grid
// offers today and over the next two weeks, for the shortest kind of visit, computed by the same rules as
// booking (slotLists.ts: openTimes), kept as runs of consecutive grid times. A kept time stops counting once it
// is inside the salesperson's notice, so reads stay right as the clock moves. A new booking takes its times out
// of the row in its own statement where the row can follow it (drizzle/0073: one visit, no daily limit); what
// else changes the grid marks the row stale (database triggers), and the refresh job recomputes it within a
// minute.
import { performance } from "node:perf_hooks";
import { setImmediate } from "node:timers/promises";
import { rulesOf, visitMinutes } from "../../../shared/bookingRules";
import { SLOT_MINUTES } from "../../../shared/slots";
import { inList, type Queryable } from "../../db/client";
import { BACKGROUND, mapInSlices, type Pace, pacer } from "../../jobs/slices";
import { type Calendar, calendarsOf, type OpenTime, openTimes, type Person, people } from "./slotLists";

/**
 * Salespeople recomputed per round of queries. A round's statement carries their times as one JSON text (their
 * runs, ~2 KB a salesperson; ~8 KB while a list of the times went too), written in one go: at 500 a round that
 * took the event loop ~10 ms.
 */
const BATCH = 100;
/** How old a row's times may grow before the job recomputes it: its two weeks move on a day at a time. */
const HORIZON_REFRESH_HOURS = 12;

/**
 * Recomputes the kept open times of these salespeople as of `now`. A row is marked fresh before its times are
 * read, so a change that lands while they are computed marks it stale again, and the next run takes it up; a
 * booking that takes its times out of the row meanwhile changes its version instead, and the row is then left as
 * the booking made it and marked stale (writeKept).
 * The times are computed at `pace` (jobs/slices.ts): a server's background share of a core unless said.
 *
 * A batch's times are written while the next batch's are computed: the database stores one while the server
 * works out the other, where one after the other each waited for the other half the time (the seed's open
 * times at 106,920 salespeople: 63 s). At most one write is under way.
 */
export async function refreshOpenings(
  sql: Queryable,
  ids: readonly number[],
  now = new Date(),
  pace: Pace | null = BACKGROUND,
): Promise<{ written: number; failed: number[] }> {
  let written = 0;
  const failed: number[] = [];
  const batches: number[][] = [];
  for (let i = 0; i < ids.length; i += BATCH) batches.push(ids.slice(i, i + BATCH));
  let writing: Promise<unknown> = Promise.resolve();
  let loaded = batches[0] ? await loadBatch(sql, batches[0], now) : null;
  for (let b = 0; b < batches.length; b++) {
    const batch = loaded;
    // In slices: a batch of 500 computed in one go held the event loop, and every request, for up to half a
    // second (a millisecond a salesperson then, a quarter of one now; the job recomputes each salesperson a visit
    // was booked with).
    const computed = batch
      ? await mapInSlices(
          batch.rows,
          (person) => keptTimes(person, batch.calendar(person.id), batch.version(person.id), now),
          pace,
        )
      : [];
    // The next batch is read before this one is written: on one connection (the seed's) its statements would
    // otherwise wait behind the write, and the write would not run while the next batch is computed.
    const next = batches[b + 1];
    loaded = next ? await loadBatch(sql, next, now) : null;
    if (computed.length === 0) continue;
    failed.push(...computed.filter((row) => row.unreadable).map((row) => row.id));
    await writing;
    writing = writeKept(sql, computed, now);
    // Its failure is answered where it is awaited (above, or after the last batch), not as an unhandled one.
    writing.catch(() => {});
    // The driver sends a statement a few promise turns after it is asked for: a turn of the event loop lets it
    // go out before the next batch is computed, and not after.
    await setImmediate();
    written += computed.length;
  }
  await writing;
  return { written, failed };
}

/**
 * A batch's salespeople and calendars, their rows marked fresh first and each row's version as it was before its
 * calendar was read; null when none of them is left.
 */
async function loadBatch(sql: Queryable, batch: number[], now: Date) {
  // Rows are locked in id order by every statement here that writes several, so two refreshes at once (a
  // minute's job still running when the next starts elsewhere) wait for each other instead of deadlocking. The
  // versions are read as of the statement's start: a booking after it makes the write pass the row over.
  const versions = await sql<{ id: number; version: number }[]>`
    with fresh as (
      update salesperson_openings set stale = false
       where salesperson_id in (select salesperson_id from salesperson_openings
                                 where salesperson_id ${inList(sql, batch)} and stale
                                 order by salesperson_id for update))
    select salesperson_id as id, version::float8 as version from salesperson_openings
     where salesperson_id ${inList(sql, batch)}`;
  const rows = await people(sql, batch, "all");
  if (rows.length === 0) return null;
  const calendar = await calendarsOf(
    sql,
    rows.map((row) => row.id),
    now,
  );
  const version = new Map(versions.map((row) => [row.id, row.version]));
  return { rows, calendar, version: (id: number) => version.get(id) ?? 0 };
}

/**
 * Writes a batch's kept times, in id order (see loadBatch), over each row only as loadBatch read it: a row a
 * booking changed meanwhile keeps the booking's times and is marked stale, for the next run.
 */
async function writeKept(sql: Queryable, computed: ReturnType<typeof keptTimes>[], now: Date) {
  const ids = computed.map((row) => row.id);
  await sql`
    with written as (
      insert into salesperson_openings as o
             (salesperson_id, open_ranges, notice_minutes, hold_minutes, time_zone, next_open_at, bookable_until,
              computed_at, stale, version)
      select r.id, r.ranges, r.notice, r.hold, r.zone, to_timestamp(r.next),
             to_timestamp(r.next) - make_interval(mins => r.notice), ${now}, false, r.version
        from json_to_recordset(${JSON.stringify(computed)}::text::json)
             as r(id int, ranges tstzmultirange, next float8, notice int, hold int, zone text, version bigint)
       order by r.id
      on conflict (salesperson_id) do update
         set open_ranges = excluded.open_ranges, notice_minutes = excluded.notice_minutes,
             hold_minutes = excluded.hold_minutes, time_zone = excluded.time_zone,
             next_open_at = excluded.next_open_at, bookable_until = excluded.bookable_until,
             computed_at = excluded.computed_at
       where o.version = excluded.version
      returning salesperson_id)
    update salesperson_openings set stale = true
     where salesperson_id in (select salesperson_id from salesperson_openings
                               where salesperson_id ${inList(sql, ids)}
                                 and salesperson_id not in (select salesperson_id from written) and not stale
                               order by salesperson_id for update)`;
}

/** A salesperson's open times as their row of salesperson_openings keeps them. */
function keptTimes(person: Person, calendar: Calendar, version: number, now: Date) {
  try {
    const open = [...openTimes(person, calendar, now)];
    const rules = rulesOf(person.booking_rules);
    return {
      id: person.id,
      ranges: runsOf(open),
      // Seconds since the epoch: read as ISO text, times were half of the write's statement.
      next: open[0] ? open[0].slot.startsAt.getTime() / 1000 : null,
      notice: rules.minNoticeHours * 60,
      // A daily limit reached closes the whole day: a booking cannot take its own times out alone.
      hold: rules.dailyCap === null ? visitMinutes(rules) + rules.bufferMinutes : null,
      zone: person.time_zone,
      version,
      unreadable: false,
    };
  } catch {
    // A row the rules cannot read (a time zone nobody knows) keeps no open times, under a zone every reader
    // knows, rather than stopping its batch and every refresh after it; the job names it.
    return {
      id: person.id,
      ranges: "{}",
      next: null,
      notice: 0,
      hold: null,
      zone: "UTC",
      version,
      unreadable: true,
    };
  }
}

/**
 * Open times as runs of consecutive grid times on one date, each from its first start to its last, inclusive
 * (a tstzmultirange's text): a time in a day from `a` on is open exactly when a run ends at or after `a`.
 */
export function runsOf(open: readonly OpenTime[]): string {
  const runs: [Date, Date][] = [];
  let date = "";
  for (const { date: on, slot } of open) {
    const last = runs.at(-1);
    if (last && on === date && slot.startsAt.getTime() - last[1].getTime() === SLOT_MINUTES * 60_000)
      last[1] = slot.startsAt;
    else runs.push([slot.startsAt, slot.startsAt]);
    date = on;
  }
  return `{${runs.map(([from, to]) => `[${from.toISOString()},${to.toISOString()}]`).join(",")}}`;
}

/** Every salesperson's kept open times, recomputed in one go (the seed, after writing its visits). */
export async function refreshAllOpenings(
  sql: Queryable,
  now = new Date(),
): Promise<{ written: number; failed: number[] }> {
  const ids = await sql<{ id: number }[]>`select id from salespeople order by id`;
  return refreshOpenings(
    sql,
    ids.map((row) => row.id),
    now,
    null,
  );
}

/**
 * Rows moved on per statement. Every row whose next time lapsed at a grid time (most of a market at once, every
 * half hour of the working day) was one statement that locked them all: at 105,600 salespeople 1.2 s on a warm
 * server, 12 s after a night's gap, and a booking for any of them waited on it. 200 rows are about 5 ms of the
 * database's time.
 */
const MOVE_BATCH = 200;

/**
 * Moves each row whose next open time has stopped being bookable on to its next kept time, `batch` rows a
 * statement, at `pace` between statements. Rows another transaction holds (a booking marking one stale) are
 * passed over, not waited for: the next run moves them. Answers how many moved.
 */
export async function moveLapsedOpenings(
  sql: Queryable,
  now: Date,
  { batch = MOVE_BATCH, pace = BACKGROUND }: { batch?: number; pace?: Pace | null } = {},
): Promise<number> {
  const restAfter = pace && pacer(pace, "elsewhere");
  let moved = 0;
  for (;;) {
    const started = performance.now();
    // The next is the first kept time after now and outside the notice (openings_first, drizzle/0073).
    const { count } = await sql`
      update salesperson_openings o
         set next_open_at = n.at, bookable_until = n.at - make_interval(mins => o.notice_minutes)
        from (select d.salesperson_id,
                     openings_first(d.open_ranges,
                                    greatest(${now}::timestamptz + interval '1 microsecond',
                                             ${now}::timestamptz + make_interval(mins => d.notice_minutes))) as at
                from salesperson_openings d where d.bookable_until < ${now}
               order by d.bookable_until limit ${batch} for update skip locked) n
       where o.salesperson_id = n.salesperson_id`;
    moved += count;
    if (count < batch) return moved;
    if (restAfter) await restAfter(performance.now() - started);
  }
}

/**
 * The refresh job's run: each row whose next open time has just stopped being bookable moves on to its next kept
 * time (moveLapsedOpenings); then the rows marked stale, and those whose two weeks have moved on, are recomputed,
 * a batch at a time until none is left or `budgetMs` has passed.
 */
export async function refreshDueOpenings(
  sql: Queryable,
  { now = new Date(), budgetMs = 40_000 }: { now?: Date; budgetMs?: number } = {},
): Promise<{ moved: number; recomputed: number; failed: number[] }> {
  const moved = await moveLapsedOpenings(sql, now);
  const started = Date.now();
  const horizon = new Date(now.getTime() - HORIZON_REFRESH_HOURS * 3_600_000);
  let recomputed = 0;
  const failed: number[] = [];
  for (;;) {
    const due = await sql<{ id: number }[]>`
      (select salesperson_id as id from salesperson_openings where stale limit ${BATCH})
      union
      (select salesperson_id from salesperson_openings
        where computed_at is null or computed_at < ${horizon} order by computed_at nulls first limit ${BATCH})`;
    if (due.length === 0) break;
    const run = await refreshOpenings(
      sql,
      due.map((row) => row.id),
      now,
    );
    recomputed += run.written;
    failed.push(...run.failed);
    if (Date.now() - started > budgetMs) break;
  }
  return { moved, recomputed, failed };
}
