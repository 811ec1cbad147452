// A salesperson's own working hours and booking rules: optional, read and set by the salesperson or their
// manager. Bookings and slot lists honour the hours inside the dealership's opening hours (shared/openingHours)
// and the rules (shared/bookingRules).
import type { z } from "zod";
import { rulesOf } from "../../../shared/bookingRules";
import type { setBookingRulesInput, setWorkingHoursInput } from "../../../shared/schemas/appointments";
import type { SessionUser } from "../../../shared/schemas/auth";
import type { DealershipHours } from "../../../shared/schemas/dealershipHours";
import type { Context } from "../../serviceContext";
import { managedSalesperson } from "./blocks";

type Authed = Context & { user: SessionUser };

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
export async function setWorkingHours(ctx: Authed, input: z.output<typeof setWorkingHoursInput>) {
  const person = await managedSalesperson(ctx, input.id);
  await ctx.sql`update salespeople set working_hours = ${input.hours ? ctx.sql.json(input.hours) : null},
                       updated_at = now()
                 where id = ${person.id}`;
  return workingHoursOf(ctx, person.id);
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
export async function setBookingRules(ctx: Authed, input: z.output<typeof setBookingRulesInput>) {
  const person = await managedSalesperson(ctx, input.id);
  await ctx.sql`update salespeople set booking_rules = ${input.rules ? ctx.sql.json(input.rules) : null},
                       updated_at = now()
                 where id = ${person.id}`;
  return bookingRulesOf(ctx, person.id);
}
