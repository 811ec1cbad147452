// Availability blocks: time a salesperson cannot be booked (one-off or weekly). Owner or their manager only.
import type { z } from "zod";
import type { createBlockInput, updateBlockInput } from "../../../shared/schemas/appointments";
import { BOOKING_HORIZON_DAYS, blockIntervalsOn } from "../../../shared/slots";
import { fromZoned, toOffsetIso } from "../../../shared/time";
import { staffSql } from "../../access";
import { appError } from "../../appError";
import { refuseAsMissing } from "../../credentials/securityEvents";
import type { Sql } from "../../db/client";
import type { AvailabilityBlockRow, SalespersonRow } from "../../db/rows";
import type { Authed } from "../../serviceContext";
import { APPOINTMENT_SELECT, type AppointmentViewRow, toAppointmentView } from "./views";

/** A block with its salesperson's zone (`b.*, s.time_zone`). */
type BlockRow = AvailabilityBlockRow & Pick<SalespersonRow, "time_zone">;

/** A date-time with an offset is exact; without one it is read in the salesperson's zone. */
export function parseBlockTime(value: string, timeZone: string): Date {
  if (/(Z|[+-]\d{2}:\d{2})$/.test(value)) return new Date(value);
  const [date, time] = value.split("T") as [string, string];
  return fromZoned(date, time.slice(0, 5), timeZone);
}

function toBlockView(row: BlockRow) {
  const start = toOffsetIso(row.starts_at, row.time_zone);
  const end = toOffsetIso(row.ends_at, row.time_zone);
  return {
    id: row.id,
    salespersonId: row.salesperson_id,
    title: row.title,
    startDateTime: start,
    endDateTime: end,
    startTime: start,
    endTime: end,
    blockType: row.block_type,
    reason: row.reason,
    isRecurring: row.is_recurring,
    timeZone: row.time_zone,
  };
}

/** The salesperson the caller may manage: their own, or one at the dealership they manage (else 404). */
export async function managedSalesperson(ctx: Authed, requested: number | undefined) {
  const id = requested ?? ctx.user.salespersonId;
  if (id === null || id === undefined)
    throw appError("BAD_REQUEST", "salespersonId is required", "SALESPERSON_REQUIRED");
  const [row] = await ctx.sql<Pick<SalespersonRow, "id" | "time_zone">[]>`
    select s.id, s.time_zone
      from salespeople s where s.id = ${id} and ${staffSql(ctx.sql, ctx.user, "s")}`;
  if (!row) {
    throw await refuseAsMissing(
      ctx,
      { db: ctx.sql, table: "salespeople", id: id },
      appError("NOT_FOUND", "Salesperson Not Found", "SALESPERSON_NOT_FOUND"),
      `availability of salesperson ${id}`,
    );
  }
  return row;
}

async function clashingAppointments(
  sql: Sql,
  salespersonId: number,
  block: Pick<AvailabilityBlockRow, "starts_at" | "ends_at" | "is_recurring">,
  timeZone: string,
) {
  const rows = await sql.unsafe<AppointmentViewRow[]>(
    `${APPOINTMENT_SELECT} where a.salesperson_id = $1 and a.status = 'scheduled' and a.starts_at > now()
       and ($2::boolean or (a.starts_at < $3 and a.starts_at + make_interval(mins => a.duration_minutes) > $4))
     order by a.starts_at limit 500`,
    [salespersonId, block.is_recurring, block.ends_at, block.starts_at],
    { prepare: true },
  );
  return rows
    .filter((a) => {
      const date = toOffsetIso(a.starts_at, timeZone).slice(0, 10);
      const end = a.starts_at.getTime() + a.duration_minutes * 60_000;
      return blockIntervalsOn(
        { startsAt: block.starts_at, endsAt: block.ends_at, isRecurring: block.is_recurring },
        date,
        timeZone,
      ).some((i) => i.start < end && a.starts_at.getTime() < i.end);
    })
    .map((r) => toAppointmentView(r));
}

function checkRange(startsAt: Date, endsAt: Date) {
  if (Number.isNaN(startsAt.getTime()) || Number.isNaN(endsAt.getTime())) {
    throw appError("BAD_REQUEST", "Use an ISO date and time, e.g. 2026-06-01T09:00", "INVALID_DATETIME");
  }
  if (endsAt.getTime() <= startsAt.getTime())
    throw appError("BAD_REQUEST", "End time must be after start time", "END_BEFORE_START");
  if (endsAt.getTime() - startsAt.getTime() > 366 * 86_400_000) {
    throw appError("BAD_REQUEST", "A block can last at most a year", "BLOCK_TOO_LONG");
  }
  // Nobody can book past the horizon, so a block that starts later has nothing to block.
  const now = Date.now();
  if (startsAt.getTime() > now + BOOKING_HORIZON_DAYS * 86_400_000) {
    throw appError(
      "BAD_REQUEST",
      `A block can start at most ${BOOKING_HORIZON_DAYS} days ahead`,
      "BEYOND_BOOKING_HORIZON",
    );
  }
  if (startsAt.getTime() < now - 366 * 86_400_000) {
    throw appError("BAD_REQUEST", "A block can start at most a year ago", "BLOCK_TOO_OLD");
  }
}

/** Creates a block. Blocking time with appointments in it is allowed; the answer lists them. */
export async function createBlock(ctx: Authed, input: z.output<typeof createBlockInput>) {
  const person = await managedSalesperson(ctx, input.salespersonId);
  const startsAt = parseBlockTime(input.startDateTime, person.time_zone);
  const endsAt = parseBlockTime(input.endDateTime, person.time_zone);
  checkRange(startsAt, endsAt);
  const [row] = await ctx.sql<BlockRow[]>`
    insert into availability_blocks (salesperson_id, title, starts_at, ends_at, block_type, reason, is_recurring)
    values (${person.id}, ${input.title}, ${startsAt}, ${endsAt}, ${input.blockType}, ${input.reason ?? null}, ${input.isRecurring})
    returning *, ${person.time_zone}::text as time_zone`;
  return {
    ...toBlockView(row!),
    clashingAppointments: await clashingAppointments(ctx.sql, person.id, row!, person.time_zone),
  };
}

async function ownedBlock(ctx: Authed, id: number): Promise<BlockRow> {
  const [row] = await ctx.sql<BlockRow[]>`
    select b.*, s.time_zone from availability_blocks b join salespeople s on s.id = b.salesperson_id
     where b.id = ${id} and ${staffSql(ctx.sql, ctx.user, "s")}`;
  if (!row) {
    throw await refuseAsMissing(
      ctx,
      { db: ctx.sql, table: "availability_blocks", id: id },
      appError("NOT_FOUND", "Availability block not found", "BLOCK_NOT_FOUND"),
      `availability block ${id}`,
    );
  }
  return row;
}

export async function updateBlock(ctx: Authed, input: z.output<typeof updateBlockInput>) {
  const current = await ownedBlock(ctx, input.id);
  if (input.salespersonId !== undefined && input.salespersonId !== current.salesperson_id) {
    throw appError("BAD_REQUEST", "A block cannot move to another salesperson", "SALESPERSON_IMMUTABLE");
  }
  const startsAt = input.startDateTime
    ? parseBlockTime(input.startDateTime, current.time_zone)
    : current.starts_at;
  const endsAt = input.endDateTime ? parseBlockTime(input.endDateTime, current.time_zone) : current.ends_at;
  checkRange(startsAt, endsAt);
  const [row] = await ctx.sql<BlockRow[]>`
    update availability_blocks set
      title = ${input.title ?? current.title}, starts_at = ${startsAt}, ends_at = ${endsAt},
      block_type = ${input.blockType ?? current.block_type},
      reason = ${input.reason === undefined ? current.reason : input.reason},
      is_recurring = ${input.isRecurring ?? current.is_recurring}
     where id = ${current.id}
     returning *, ${current.time_zone}::text as time_zone`;
  return {
    ...toBlockView(row!),
    clashingAppointments: await clashingAppointments(
      ctx.sql,
      current.salesperson_id,
      row!,
      current.time_zone,
    ),
  };
}

export async function deleteBlock(ctx: Authed, { id }: { id: number }) {
  const current = await ownedBlock(ctx, id);
  await ctx.sql`delete from availability_blocks where id = ${current.id}`;
  return { deleted: true as const, id: current.id };
}

export async function listBlocks(ctx: Authed, { id: salespersonId }: { id: number }) {
  const person = await managedSalesperson(ctx, salespersonId);
  const rows = await ctx.sql<BlockRow[]>`
    select b.*, ${person.time_zone}::text as time_zone from availability_blocks b
     where b.salesperson_id = ${person.id} and (b.is_recurring or b.ends_at > now() - interval '30 days')
     order by b.starts_at`;
  return rows.map(toBlockView);
}
