// A salesperson's private calendar feed: an address with a 160-bit secret that Google Calendar, Outlook and
// Apple Calendar subscribe to, listing their visits. Only the secret's SHA-256 is kept, so the address is shown
// once, when it is made; making a new one replaces it (the old address stops working), turning it off deletes it.
// A buyer's visit as a file to add to their calendar is here too: both are the same PUBLISH calendar.
import type { CalendarFeedCreated, CalendarFeedStatus } from "../../../shared/schemas/calendar";
import type { DownloadFile } from "../../../shared/schemas/common";
import { appointmentSql } from "../../access";
import { appError } from "../../appError";
import { generateToken, hashToken } from "../../credentials/tokens";
import type { Queryable } from "../../db/client";
import type { AppointmentRow, SalespersonRow } from "../../db/rows";
import { buildPublishedCalendar, type PublishedEvent } from "../../mail/ics";
import type { Context } from "../../trpc/init";
import { location } from "../appointments/notices";
import { appointmentNotFound } from "../appointments/views";

type SalespersonCtx = Context & { salespersonId: number };

/** How far back a feed lists visits; every visit from then on, however far ahead, that was not cancelled. */
export const FEED_DAYS_BACK = 90;

type VisitRow = Pick<
  AppointmentRow,
  "id" | "starts_at" | "appointment_type" | "customer_name" | "notes" | "ics_sequence" | "duration_minutes"
> &
  Pick<SalespersonRow, "city" | "state"> & {
    salesperson_name: string;
    dealership_name: string | null;
    address: string | null;
  };

const VISIT_COLUMNS = `a.id, a.starts_at, a.appointment_type, a.customer_name, a.notes, a.ics_sequence, a.duration_minutes,
  s.name as salesperson_name, s.city, s.state, d.name as dealership_name, d.address`;

function visitsFrom(sql: Queryable) {
  return sql`from appointments a
    join salespeople s on s.id = a.salesperson_id
    left join dealerships d on d.id = s.dealership_id`;
}

function feedUrl(appUrl: string, token: string) {
  return new URL(`/api/calendar-feeds/${token}`, appUrl).href;
}

export async function feedStatus(ctx: SalespersonCtx): Promise<CalendarFeedStatus> {
  const [row] = await ctx.sql<{ created_at: Date; last_read_at: Date | null }[]>`
    select created_at, last_read_at from calendar_feeds where salesperson_id = ${ctx.salespersonId}`;
  return { active: Boolean(row), createdAt: row?.created_at ?? null, lastReadAt: row?.last_read_at ?? null };
}

/** A new address for the caller's feed, replacing the one before (which stops working at once). */
export async function createFeed(ctx: SalespersonCtx): Promise<CalendarFeedCreated> {
  const token = generateToken();
  const [row] = await ctx.sql<{ created_at: Date }[]>`
    insert into calendar_feeds (salesperson_id, token_hash) values (${ctx.salespersonId}, ${hashToken(token)})
    on conflict (salesperson_id)
    do update set token_hash = excluded.token_hash, created_at = now(), last_read_at = null
    returning created_at`;
  const url = feedUrl(ctx.env.APP_URL, token);
  return { url, webcalUrl: url.replace(/^https?:/, "webcal:"), createdAt: row!.created_at };
}

export async function revokeFeed(ctx: SalespersonCtx): Promise<{ revoked: boolean }> {
  const rows = await ctx.sql`delete from calendar_feeds where salesperson_id = ${ctx.salespersonId}`;
  return { revoked: rows.count > 0 };
}

function published(row: VisitRow, appUrl: string, forSalesperson: boolean): PublishedEvent {
  const with_ = forSalesperson ? row.customer_name : row.salesperson_name;
  const page = forSalesperson ? "/salesperson-dashboard?tab=appointments" : "/appointments";
  return {
    uid: `appointment-${row.id}@knowbefore`,
    sequence: row.ics_sequence,
    start: row.starts_at,
    durationMinutes: row.duration_minutes,
    summary: `${row.appointment_type} with ${with_}`,
    description: [row.notes ? `Notes: ${row.notes}` : null, `Manage it on KnowBefore: ${appUrl}${page}`]
      .filter(Boolean)
      .join("\n"),
    location: location(row),
    url: new URL(page, appUrl).href,
  };
}

/**
 * The feed at a secret address: the salesperson's visits from {@link FEED_DAYS_BACK} days ago on, but for
 * cancelled ones. An address that was replaced or turned off is answered as one that never existed.
 */
export async function readFeed(ctx: Context, { token }: { token: string }): Promise<DownloadFile> {
  const [feed] = await ctx.sql<{ salesperson_id: number; name: string }[]>`
    update calendar_feeds f set last_read_at = now()
      from salespeople s
     where f.token_hash = ${hashToken(token)} and s.id = f.salesperson_id
    returning f.salesperson_id, s.name`;
  if (!feed) throw appError("NOT_FOUND", "This calendar address no longer works", "CALENDAR_FEED_NOT_FOUND");
  const rows = await ctx.sql<VisitRow[]>`
    select ${ctx.sql.unsafe(VISIT_COLUMNS)} ${visitsFrom(ctx.sql)}
     where a.salesperson_id = ${feed.salesperson_id} and a.status <> 'cancelled'
       and a.starts_at > now() - make_interval(days => ${FEED_DAYS_BACK})
     order by a.starts_at, a.id`;
  return {
    filename: "knowbefore-visits.ics",
    contentType: "text/calendar; charset=utf-8",
    content: buildPublishedCalendar(
      `KnowBefore visits: ${feed.name}`,
      rows.map((row) => published(row, ctx.env.APP_URL, true)),
    ),
  };
}

/** One visit the caller booked or is staff for, as an .ics file that adds it to a calendar. */
export async function visitCalendarFile(ctx: Context, { id }: { id: number }): Promise<DownloadFile> {
  const [row] = await ctx.sql<(VisitRow & { salesperson_id: number })[]>`
    select ${ctx.sql.unsafe(VISIT_COLUMNS)}, a.salesperson_id ${visitsFrom(ctx.sql)}
     where a.id = ${id} and ${appointmentSql(ctx.sql, ctx.user, "a")}`;
  if (!row) throw await appointmentNotFound(ctx, id, "calendar file of");
  const forSalesperson = ctx.user?.id !== undefined && row.salesperson_id === ctx.user.salespersonId;
  const event = published(row, ctx.env.APP_URL, forSalesperson);
  return {
    filename: `knowbefore-visit-${row.id}.ics`,
    contentType: "text/calendar; charset=utf-8",
    content: buildPublishedCalendar(event.summary, [event]),
  };
}
