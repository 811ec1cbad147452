// Evidence of a visit from the buyer's side (docs/product/booking.md#evidence-of-a-visit): the dealership's
// check-in code of the day, which its staff show at the desk and the buyer enters on arrival, and the buyer's
// "I went" on a visit that closed by itself with nothing to show for it.
import { randomInt, timingSafeEqual } from "node:crypto";
import type { z } from "zod";
import type { checkInInput } from "../../../shared/schemas/appointments";
import { todayIn } from "../../../shared/time";
import { CHECK_IN_CODE_DIGITS, CHECK_IN_OPENS_MINUTES_BEFORE, checkInOpen } from "../../../shared/visits";
import { handlesBookingsFor, visibleSql } from "../../access";
import { appError } from "../../appError";
import type { Queryable } from "../../db/client";
import { consumeToken } from "../../rateLimit";
import type { Authed } from "../../serviceContext";
import {
  type AppointmentViewRow,
  appointmentNotFound,
  loadAppointmentView,
  loadOwnAppointmentRow,
} from "./views";

/** Wrong codes one buyer may try on one visit: 5 at once, then one every 5 minutes (a code has 10^6 values). */
const CHECK_IN_ATTEMPTS = { capacity: 5, refillSeconds: 300 };

type Owner = { dealership_id: number | null; salesperson_id: number | null };

/** Whose code a salesperson's visits use: their dealership's, or their own when they are independent. */
function ownerOf(row: { dealership_id: number | null; salesperson_id: number }): Owner {
  return row.dealership_id !== null
    ? { dealership_id: row.dealership_id, salesperson_id: null }
    : { dealership_id: null, salesperson_id: row.salesperson_id };
}

function ownerSql(sql: Queryable, owner: Owner) {
  return owner.dealership_id !== null
    ? sql`dealership_id = ${owner.dealership_id} and salesperson_id is null`
    : sql`dealership_id is null and salesperson_id = ${owner.salesperson_id}`;
}

/** The code of `owner` for a local day, made (at random) the first time it is asked for. */
async function codeOf(sql: Queryable, owner: Owner, day: string): Promise<string> {
  const fresh = String(randomInt(0, 10 ** CHECK_IN_CODE_DIGITS)).padStart(CHECK_IN_CODE_DIGITS, "0");
  await sql`insert into check_in_codes (dealership_id, salesperson_id, day, code)
            values (${owner.dealership_id}, ${owner.salesperson_id}, ${day}, ${fresh})
            on conflict (dealership_id, salesperson_id, day) do nothing`;
  const [row] = await sql<{ code: string }[]>`
    select code from check_in_codes where ${ownerSql(sql, owner)} and day = ${day}`;
  return row!.code;
}

/** Today's check-in code for a salesperson's visits, for that salesperson, their manager or an administrator. */
export async function checkInCode(ctx: Authed, { id: salespersonId }: { id: number }) {
  const [person] = await ctx.sql<
    { id: number; name: string; time_zone: string; dealership_id: number | null; dealership: string | null }[]
  >`
    select s.id, s.name, s.time_zone, s.dealership_id, d.name as dealership
      from salespeople s left join dealerships d on d.id = s.dealership_id
     where s.id = ${salespersonId} and ${visibleSql(ctx.sql, "s", { visibleTo: ctx.user })}`;
  if (!person) throw appError("NOT_FOUND", "Salesperson Not Found", "SALESPERSON_NOT_FOUND");
  if (!handlesBookingsFor(ctx.user, { id: person.id, dealershipId: person.dealership_id })) {
    throw appError(
      "FORBIDDEN",
      "Only the salesperson, their manager or an administrator can see the check-in code",
      "NOT_OWNER",
    );
  }
  const day = todayIn(person.time_zone);
  const code = await codeOf(
    ctx.sql,
    ownerOf({ dealership_id: person.dealership_id, salesperson_id: person.id }),
    day,
  );
  return { code, day, place: person.dealership ?? person.name };
}

/** The buyer's own visit, or the refusal for anyone else (404 for a stranger, 403 for its staff). */
async function buyersVisit(ctx: Authed, id: number, what: string): Promise<AppointmentViewRow> {
  const row = await loadOwnAppointmentRow(ctx.sql, ctx.user, id);
  if (!row) throw await appointmentNotFound(ctx, id, what);
  if (row.customer_id !== ctx.user.id) {
    throw appError("FORBIDDEN", "Only the buyer who booked this visit can do this", "NOT_OWNER");
  }
  return row;
}

function sameCode(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The buyer enters the code shown at the dealership's desk, from CHECK_IN_OPENS_MINUTES_BEFORE the start until
 * the visit would close by itself. The visit then rests on the check-in (it cannot be marked a no-show). Wrong
 * codes are limited per buyer and visit.
 */
export async function checkIn(ctx: Authed, input: z.output<typeof checkInInput>) {
  const row = await buyersVisit(ctx, input.id, "check-in to");
  if (row.checked_in_at) return loadAppointmentView(ctx.sql, row.id);
  if (row.status !== "scheduled") {
    throw appError(
      "CONFLICT",
      `This appointment is ${row.status}: there is nothing to check in to`,
      "NOT_SCHEDULED",
    );
  }
  if (!checkInOpen(row.starts_at, row.duration_minutes)) {
    throw appError(
      "CONFLICT",
      `Check-in opens ${CHECK_IN_OPENS_MINUTES_BEFORE} minutes before the visit starts and closes a little after it ends`,
      "CHECK_IN_CLOSED",
    );
  }
  if (!(await consumeToken(ctx.sql, `check-in:${ctx.user.id}:${row.id}`, CHECK_IN_ATTEMPTS))) {
    throw appError(
      "TOO_MANY_REQUESTS",
      "Too many wrong codes. Ask at the desk and try again in a few minutes.",
      "TOO_MANY_ATTEMPTS",
    );
  }
  const expected = await ctx.sql<{ code: string }[]>`
    select code from check_in_codes
     where ${ownerSql(ctx.sql, ownerOf(row))} and day = ${todayIn(row.time_zone)}`;
  if (!expected[0] || !sameCode(input.code, expected[0].code)) {
    throw appError(
      "UNPROCESSABLE_CONTENT",
      `That is not today's check-in code at ${row.dealership_name ?? row.salesperson_name}. Ask at the desk for it.`,
      "WRONG_CHECK_IN_CODE",
    );
  }
  await ctx.sql`update appointments set checked_in_at = now()
                 where id = ${row.id} and status = 'scheduled' and checked_in_at is null`;
  return loadAppointmentView(ctx.sql, row.id);
}

/** The buyer's "I went" on a visit that closed by itself unconfirmed: it then rests on the buyer's word. */
export async function confirmVisit(ctx: Authed, { id }: { id: number }) {
  const row = await buyersVisit(ctx, id, "confirmation of");
  const [done] = await ctx.sql<{ id: number }[]>`
    update appointments set visit_evidence = 'buyer_confirmed'
     where id = ${row.id} and customer_id = ${ctx.user.id} and status = 'completed' and visit_evidence = 'auto'
    returning id`;
  if (!done && row.visit_evidence !== "buyer_confirmed") {
    throw appError(
      "CONFLICT",
      row.status === "completed"
        ? "This visit is already confirmed"
        : `This appointment is ${row.status}: only a visit that closed by itself can be confirmed`,
      "NOTHING_TO_CONFIRM",
    );
  }
  return loadAppointmentView(ctx.sql, row.id);
}
