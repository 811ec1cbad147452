// The slot lists buyers pick from: a salesperson's half-hour slots on a local date, only those whose whole visit
// lies inside the dealership's opening hours and the salesperson's own working hours (shared/openingHours), each
// with its state computed from real rows (appointments, availability blocks).
import { bookableTimes, bookingDay } from "../../../shared/openingHours";
import type { DaySlots } from "../../../shared/schemas/appointments";
import { AVAILABLE_TODAY_TIMES, SLOT_TIMES, slotGrid } from "../../../shared/slots";
import { addDays, fromZoned, todayIn, toOffsetIso } from "../../../shared/time";
import { type Caller, visibleSql } from "../../access";
import { appError } from "../../appError";
import type { Sql } from "../../db/client";
import type { AppointmentRow, AvailabilityBlockRow, SalespersonRow } from "../../db/rows";
import { hoursSources } from "./slotChecks";

type Person = Pick<SalespersonRow, "id" | "time_zone"> & {
  dealership_hours: unknown;
  working_hours: unknown;
};

/** Salespeople the viewer may see (a profile not publicly listed exists only for its staff), with their hours. */
async function people(sql: Sql, ids: number[], viewer: Caller | null): Promise<Person[]> {
  return sql<Person[]>`
    select s.id, s.time_zone, d.hours as dealership_hours, s.working_hours
      from salespeople s left join dealerships d on d.id = s.dealership_id
     where s.id in ${sql(ids)} and ${visibleSql(sql, "s", { visibleTo: viewer })}`;
}

async function slotsOf(sql: Sql, person: Person, date: string, grid: readonly string[]): Promise<DaySlots> {
  const sources = hoursSources(person);
  const day = bookingDay(sources, date);
  const times = bookableTimes(sources, date, person.time_zone, grid);
  const base = {
    salespersonId: person.id,
    date,
    timeZone: person.time_zone,
    hours: day.kind === "open" ? { open: day.open, close: day.close } : null,
    closed: day.kind === "closed" ? day.closedBy : null,
  };
  if (times.length === 0) return { ...base, slots: [] };
  const dayStart = fromZoned(date, "00:00", person.time_zone);
  const dayEnd = fromZoned(addDays(date, 1), "00:00", person.time_zone);
  const [appointments, blocks] = await Promise.all([
    sql<Pick<AppointmentRow, "starts_at">[]>`
      select starts_at from appointments
       where salesperson_id = ${person.id} and status = 'scheduled'
         and starts_at > ${new Date(dayStart.getTime() - 3_600_000)} and starts_at < ${new Date(dayEnd.getTime() + 3_600_000)}`,
    sql<Pick<AvailabilityBlockRow, "starts_at" | "ends_at" | "is_recurring">[]>`
      select starts_at, ends_at, is_recurring from availability_blocks
       where salesperson_id = ${person.id} and (is_recurring or (starts_at < ${dayEnd} and ends_at > ${dayStart}))`,
  ]);
  const slots = slotGrid({
    date,
    timeZone: person.time_zone,
    appointmentStarts: appointments.map((a) => a.starts_at),
    blocks: blocks.map((b) => ({ startsAt: b.starts_at, endsAt: b.ends_at, isRecurring: b.is_recurring })),
    times,
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
  sql: Sql,
  viewer: Caller | null,
  salespersonId: number,
  date: string,
): Promise<DaySlots> {
  const [person] = await people(sql, [salespersonId], viewer);
  if (!person) throw appError("NOT_FOUND", "Salesperson Not Found", "SALESPERSON_NOT_FOUND");
  return slotsOf(sql, person, date, SLOT_TIMES);
}

/** 'Available Today' on a card: the fixed slots of today in the salesperson's zone, within its hours. */
export async function availableToday(sql: Sql, viewer: Caller | null, salespersonId: number) {
  const [person] = await people(sql, [salespersonId], viewer);
  if (!person) throw appError("NOT_FOUND", "Salesperson Not Found", "SALESPERSON_NOT_FOUND");
  return slotsOf(sql, person, todayIn(person.time_zone), AVAILABLE_TODAY_TIMES);
}

/**
 * The same for a page of cards at once, keyed by salesperson id (unknown ids, and profiles the viewer may not
 * see, are left out).
 */
export async function availableTodayMany(sql: Sql, viewer: Caller | null, ids: number[]) {
  const rows = await people(sql, [...new Set(ids)], viewer);
  const days = await Promise.all(
    rows.map((row) => slotsOf(sql, row, todayIn(row.time_zone), AVAILABLE_TODAY_TIMES)),
  );
  return Object.fromEntries(days.map((d) => [d.salespersonId, d]));
}
