// A salesperson's own working hours and booking rules: optional, read and set by the salesperson or their
// manager. Bookings and slot lists honour the hours inside the dealership's opening hours (shared/openingHours)
// and the rules (shared/bookingRules).
import type { JSONValue } from "postgres";
import type { z } from "zod";
import { rulesOf } from "../../../shared/bookingRules";
import type { setBookingRulesInput, setWorkingHoursInput } from "../../../shared/schemas/appointments";
import type { DealershipHours } from "../../../shared/schemas/dealershipHours";
import type { Authed } from "../../serviceContext";
import { managedSalesperson } from "./blocks";

/**
 * Saves (or, with null, clears) one of a salesperson's own settings, a JSON column, once the caller may manage
 * them (managedSalesperson); answers the setting as `read` reads it.
 */
async function saveSetting<T>(
  ctx: Authed,
  id: number,
  { column, value }: { column: "working_hours" | "booking_rules"; value: JSONValue | null },
  read: (ctx: Authed, salespersonId: number) => Promise<T>,
): Promise<T> {
  const person = await managedSalesperson(ctx, id);
  await ctx.sql`update salespeople set ${ctx.sql(column)} = ${value ? ctx.sql.json(value) : null}, updated_at = now()
                 where id = ${person.id}`;
  return read(ctx, person.id);
}

async function workingHoursOf(ctx: Authed, salespersonId: number) {
  const [row] = await ctx.sql<
    {
      id: number;
      time_zone: string;
      working_hours: DealershipHours | null;
      dealership_hours: DealershipHours | null;
    }[]
  >`
    select s.id, s.time_zone, s.working_hours, d.hours as dealership_hours
      from salespeople s left join dealerships d on d.id = s.dealership_id
     where s.id = ${salespersonId}`;
  return {
    salespersonId: row!.id,
    timeZone: row!.time_zone,
    hours: row!.working_hours ?? null,
    dealershipHours: row!.dealership_hours ?? null,
  };
}

export async function getWorkingHours(ctx: Authed, { id: salespersonId }: { id: number }) {
  const person = await managedSalesperson(ctx, salespersonId);
  return workingHoursOf(ctx, person.id);
}

/** Saves (or, with null, clears) the hours; visits already booked outside them stay booked. */
export function setWorkingHours(ctx: Authed, input: z.output<typeof setWorkingHoursInput>) {
  return saveSetting(ctx, input.id, { column: "working_hours", value: input.hours }, workingHoursOf);
}

async function bookingRulesOf(ctx: Authed, salespersonId: number) {
  const [row] = await ctx.sql<{ booking_rules: unknown }[]>`
    select booking_rules from salespeople where id = ${salespersonId}`;
  return { salespersonId, rules: rulesOf(row?.booking_rules), custom: row?.booking_rules != null };
}

export async function getBookingRules(ctx: Authed, { id }: { id: number }) {
  const person = await managedSalesperson(ctx, id);
  return bookingRulesOf(ctx, person.id);
}

/** Saves (or, with null, clears) the rules; visits already booked keep the length and gap they were booked with. */
export function setBookingRules(ctx: Authed, input: z.output<typeof setBookingRulesInput>) {
  return saveSetting(ctx, input.id, { column: "booking_rules", value: input.rules }, bookingRulesOf);
}
