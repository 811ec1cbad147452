// The slot lists buyers pick from: a salesperson's half-hour grid times on a local date at which a visit of the
// chosen kind fits wholly inside the dealership's opening hours and the salesperson's own working hours
// (shared/openingHours), each with its state computed from real rows (appointments, availability blocks) and the
// salesperson's booking rules (shared/bookingRules: lengths, notice, the gap after visits, a daily limit).
import { type AppointmentType, type BookingRules, rulesOf, visitMinutes } from "../../../shared/bookingRules";
import { bookableTimes, bookingDay } from "../../../shared/openingHours";
import type { DaySlots } from "../../../shared/schemas/appointments";
import {
  AVAILABLE_TODAY_TIMES,
  type BlockLike,
  type HeldSpan,
  NEXT_OPEN_DAYS,
  SLOT_TIMES,
  type Slot,
  slotGrid,
} from "../../../shared/slots";
import { addDays, dayClock, fromZoned, todayIn, toOffsetIso } from "../../../shared/time";
import { type Caller, visibleSql } from "../../access";
import { appError } from "../../appError";
import { inList, type Queryable, type Sql } from "../../db/client";
import type { AvailabilityBlockRow, SalespersonRow } from "../../db/rows";
import { hoursSources } from "./slotChecks";

export type Person = Pick<SalespersonRow, "id" | "time_zone"> & {
  dealership_hours: unknown;
  working_hours: unknown;
  booking_rules: unknown;
};

/**
 * Salespeople with their hours and rules: those the viewer may see (a profile not publicly listed exists only for
 * its staff), or every one asked for (`"all"`, for what the server keeps of their calendars).
 */
export async function people(
  sql: Queryable,
  ids: number[],
  viewer: Caller | null | "all",
): Promise<Person[]> {
  const visible = viewer === "all" ? sql`` : sql`and ${visibleSql(sql, "s", { visibleTo: viewer })}`;
  return sql<Person[]>`
    select s.id, s.time_zone, d.hours as dealership_hours, s.working_hours, s.booking_rules
      from salespeople s left join dealerships d on d.id = s.dealership_id
     where s.id ${inList(sql, ids)} ${visible}`;
}

/** Whether a day with `count` visits takes no more under the rules. */
export const dayFull = (rules: BookingRules, count: number) =>
  rules.dailyCap !== null && count >= rules.dailyCap;

/** The longest a visit and the gap after it can hold the calendar (how far around a day to read visits). */
const LONGEST_HOLD_MINUTES = 240 + 120;

/** A salesperson's calendar around a local day: the visits that can reach into it, how many it has, its blocks. */
type DayCalendar = {
  held: HeldSpan[];
  onDay: number;
  blocks: BlockLike[];
};

/** Visits and blocks as peopleOnDay's statement writes them: instants in milliseconds since 1970. */
type DayCalendarRead = {
  held: { at: number; minutes: number }[];
  blocks: { from: number; to: number; recurring: boolean }[];
};

/**
 * Salespeople the viewer may see, each with their calendar around a date, in one statement. The window is the
 * date and a day either side of it in UTC, widened by the longest hold: it holds the date's local day in every
 * zone, and, given UTC's today, every zone's today (a day behind UTC or a day ahead of it). dayCalendar keeps
 * the zone's day of it.
 */
async function peopleOnDay(
  sql: Queryable,
  ids: number[],
  date: string,
  viewer: Caller | null,
): Promise<(Person & { calendar: DayCalendarRead })[]> {
  const midnight = Date.parse(`${date}T00:00:00Z`);
  const from = new Date(midnight - 86_400_000 - LONGEST_HOLD_MINUTES * 60_000);
  const until = new Date(midnight + 2 * 86_400_000 + LONGEST_HOLD_MINUTES * 60_000);
  return sql<(Person & { calendar: DayCalendarRead })[]>`
    select s.id, s.time_zone, d.hours as dealership_hours, s.working_hours, s.booking_rules,
           json_build_object(
             'held', (select coalesce(json_agg(json_build_object(
                               'at', extract(epoch from a.starts_at) * 1000,
                               'minutes', a.duration_minutes + a.buffer_minutes)), '[]'::json)
                        from appointments a
                       where a.salesperson_id = s.id and a.status = 'scheduled'
                         and a.starts_at > ${from} and a.starts_at < ${until}),
             'blocks', (select coalesce(json_agg(json_build_object(
                                 'from', extract(epoch from b.starts_at) * 1000,
                                 'to', extract(epoch from b.ends_at) * 1000,
                                 'recurring', b.is_recurring)), '[]'::json)
                          from availability_blocks b
                         where b.salesperson_id = s.id
                           and (b.is_recurring or (b.starts_at < ${until} and b.ends_at > ${from})))) as calendar
      from salespeople s left join dealerships d on d.id = s.dealership_id
     where s.id ${inList(sql, ids)} and ${visibleSql(sql, "s", { visibleTo: viewer })}`;
}

/** What peopleOnDay read, kept to the local day from `dayStart` to `dayEnd` and the visits that reach into it. */
function dayCalendar(read: DayCalendarRead, dayStart: Date, dayEnd: Date): DayCalendar {
  const start = dayStart.getTime();
  const end = dayEnd.getTime();
  const margin = LONGEST_HOLD_MINUTES * 60_000;
  const held: HeldSpan[] = [];
  let onDay = 0;
  for (const visit of read.held) {
    if (visit.at <= start - margin || visit.at >= end + margin) continue;
    held.push({ startsAt: new Date(visit.at), minutes: visit.minutes });
    if (visit.at >= start && visit.at < end) onDay++;
  }
  const blocks = read.blocks
    .filter((block) => block.recurring || (block.from < end && block.to > start))
    .map((block) => ({
      startsAt: new Date(block.from),
      endsAt: new Date(block.to),
      isRecurring: block.recurring,
    }));
  return { held, onDay, blocks };
}

/** A salesperson's slots on a local date, each with its state, from the calendar peopleOnDay read. */
function slotsOf(
  person: Person & { calendar: DayCalendarRead },
  date: string,
  grid: readonly string[],
  type?: AppointmentType,
): DaySlots {
  const sources = hoursSources(person);
  const rules = rulesOf(person.booking_rules);
  const minutes = visitMinutes(rules, type);
  const day = bookingDay(sources, date);
  const times = bookableTimes(sources, date, person.time_zone, grid, minutes);
  const base = {
    salespersonId: person.id,
    date,
    timeZone: person.time_zone,
    hours: day.kind === "open" ? { open: day.open, close: day.close } : null,
    closed: day.kind === "closed" ? day.closedBy : null,
    visitMinutes: minutes,
  };
  if (times.length === 0) return { ...base, slots: [] };
  const dayStart = fromZoned(date, "00:00", person.time_zone);
  const dayEnd = fromZoned(addDays(date, 1), "00:00", person.time_zone);
  const { held, onDay, blocks } = dayCalendar(person.calendar, dayStart, dayEnd);
  const slots = slotGrid({
    date,
    timeZone: person.time_zone,
    held,
    blocks,
    times,
    visitMinutes: minutes,
    bufferMinutes: rules.bufferMinutes,
    minNoticeHours: rules.minNoticeHours,
    dayFull: dayFull(rules, onDay),
  });
  return {
    ...base,
    slots: slots.map((s) => ({
      time: s.time,
      label: s.label,
      state: s.state,
      startsAt: toOffsetIso(s.startsAt, person.time_zone),
    })),
  };
}

/** A salesperson's slots on a local date within its hours (none on a closed day), computed from real rows. */
export async function daySlots(
  ctx: { sql: Sql; user: Caller | null },
  input: { id: number; date: string; appointmentType?: AppointmentType | undefined },
): Promise<DaySlots> {
  const [person] = await peopleOnDay(ctx.sql, [input.id], input.date, ctx.user);
  if (!person) throw appError("NOT_FOUND", "Salesperson Not Found", "SALESPERSON_NOT_FOUND");
  return slotsOf(person, input.date, SLOT_TIMES, input.appointmentType);
}

/** 'Available Today' on a card: the fixed slots of today in the salesperson's zone, within its hours. */
export async function availableToday(sql: Sql, viewer: Caller | null, salespersonId: number) {
  const [person] = await peopleOnDay(sql, [salespersonId], todayIn("UTC"), viewer);
  if (!person) throw appError("NOT_FOUND", "Salesperson Not Found", "SALESPERSON_NOT_FOUND");
  return slotsOf(person, todayIn(person.time_zone), AVAILABLE_TODAY_TIMES);
}

/**
 * The same for a page of cards at once, keyed by salesperson id (unknown ids, and profiles the viewer may not
 * see, are left out).
 */
export async function availableTodayMany(sql: Sql, viewer: Caller | null, ids: number[]) {
  const rows = await peopleOnDay(sql, [...new Set(ids)], todayIn("UTC"), viewer);
  const days = rows.map((row) => slotsOf(row, todayIn(row.time_zone), AVAILABLE_TODAY_TIMES));
  return Object.fromEntries(days.map((d) => [d.salespersonId, d]));
}

type NextOpen = { date: string; time: string; label: string; startsAt: string } | null;

/** An open time of a salesperson's grid: its local date and the slot the grid offers. */
export type OpenTime = { date: string; slot: Slot };

/** A salesperson's calendar as the grid reads it: their scheduled visits and their availability blocks. */
export type Calendar = { held: HeldSpan[]; blocks: BlockLike[] };

/** The calendars of some salespeople from `now` to NEXT_OPEN_DAYS days on, in two queries for all. */
export async function calendarsOf(
  sql: Queryable,
  ids: number[],
  now: Date,
): Promise<(id: number) => Calendar> {
  const until = new Date(now.getTime() + (NEXT_OPEN_DAYS + 1) * 86_400_000);
  const [visits, blocks] = await Promise.all([
    sql<{ salesperson_id: number; starts_at: Date; minutes: number }[]>`
      select salesperson_id, starts_at, duration_minutes + buffer_minutes as minutes from appointments
       where salesperson_id ${inList(sql, ids)} and status = 'scheduled'
         and starts_at > ${new Date(now.getTime() - LONGEST_HOLD_MINUTES * 60_000)} and starts_at < ${until}`,
    sql<
      (Pick<AvailabilityBlockRow, "starts_at" | "ends_at" | "is_recurring"> & { salesperson_id: number })[]
    >`
      select salesperson_id, starts_at, ends_at, is_recurring from availability_blocks
       where salesperson_id ${inList(sql, ids)} and (is_recurring or (starts_at < ${until} and ends_at > ${now}))`,
  ]);
  const held = new Map<number, HeldSpan[]>();
  for (const v of visits) pushTo(held, v.salesperson_id, { startsAt: v.starts_at, minutes: v.minutes });
  const own = new Map<number, BlockLike[]>();
  for (const b of blocks)
    pushTo(own, b.salesperson_id, { startsAt: b.starts_at, endsAt: b.ends_at, isRecurring: b.is_recurring });
  return (id) => ({ held: held.get(id) ?? [], blocks: own.get(id) ?? [] });
}

function pushTo<T>(map: Map<number, T[]>, key: number, value: T) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/**
 * A salesperson's open times from `now` for the shortest kind of visit, today and the NEXT_OPEN_DAYS days after,
 * in order: each time the slot grid offers (hours, blocks, visits and the gaps after them, notice, daily limit).
 */
export function* openTimes(person: Person, calendar: Calendar, now: Date): Generator<OpenTime> {
  const sources = hoursSources(person);
  const rules = rulesOf(person.booking_rules);
  const minutes = visitMinutes(rules);
  const today = todayIn(person.time_zone, now);
  for (let d = 0; d <= NEXT_OPEN_DAYS; d++) {
    const date = addDays(today, d);
    const times = bookableTimes(sources, date, person.time_zone, SLOT_TIMES, minutes);
    if (times.length === 0) continue;
    const { start, end } = dayClock(date, person.time_zone);
    const onDay = calendar.held.filter(
      (h) => h.startsAt.getTime() >= start && h.startsAt.getTime() < end,
    ).length;
    const grid = slotGrid({
      date,
      timeZone: person.time_zone,
      held: calendar.held,
      blocks: calendar.blocks,
      now,
      times,
      visitMinutes: minutes,
      bufferMinutes: rules.bufferMinutes,
      minNoticeHours: rules.minNoticeHours,
      dayFull: dayFull(rules, onDay),
    });
    for (const slot of grid) if (slot.state === "available") yield { date, slot };
  }
}

/**
 * Each salesperson's next open time from now, for the shortest kind of visit, within {@link NEXT_OPEN_DAYS}
 * days (null when none): the first of their {@link openTimes}, in three queries for all.
 */
export async function nextOpenMany(
  ctx: { sql: Sql; user: Caller | null },
  { ids }: { ids: number[] },
): Promise<Record<string, NextOpen>> {
  const rows = await people(ctx.sql, [...new Set(ids)], ctx.user);
  if (rows.length === 0) return {};
  const now = new Date();
  const calendar = await calendarsOf(
    ctx.sql,
    rows.map((row) => row.id),
    now,
  );
  return Object.fromEntries(
    rows.map((person) => {
      const first = openTimes(person, calendar(person.id), now).next();
      if (first.done) return [String(person.id), null];
      const { date, slot } = first.value;
      const startsAt = toOffsetIso(slot.startsAt, person.time_zone);
      return [String(person.id), { date, time: slot.time, label: slot.label, startsAt }];
    }),
  );
}
