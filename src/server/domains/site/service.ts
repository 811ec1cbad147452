// The public site's data: headline figures, the contact form, and dealerships ordered by distance.
import type { z } from "zod";
import type { SupportStatus } from "../../../shared/constants";
import { EARTH_RADIUS_MILES } from "../../../shared/geo";
import type { ListPage } from "../../../shared/schemas/common";
import type {
  CityOption,
  ContactMessageRow,
  ContactReceipt,
  NearbyDealership,
  Testimonial,
} from "../../../shared/schemas/site";
import {
  CONTACT_MESSAGE_MAX,
  CONTACT_MESSAGES_PAGE_SIZE,
  type contactMessageInput,
} from "../../../shared/schemas/site";
import type { SiteStats } from "../../../shared/schemas/siteStats";
import { appError } from "../../appError";
import { createTtlCache, type TtlCache } from "../../cache";
import { loadCities } from "../../db/cities";
import type { Queryable } from "../../db/client";
import { containsPattern, limitOffset, listPage, type PageRequest, pageWindow } from "../../db/search";
import { type BucketRule, consumeToken } from "../../rateLimit";
import { demoDataOf } from "../../seed/demoData";
import type { Context } from "../../serviceContext";
import { publishedReview } from "../reviews/published";
import { caseColumns, caseDueSql, caseOpenSql, caseReference, prioritySender } from "./support";

/** Contact messages per IP address: 5 at once, then one every 2 minutes. */
export const CONTACT_RATE_LIMIT: BucketRule = { capacity: 5, refillSeconds: 120 };

/**
 * Bounds how often one address may send a public form (CONTACT_RATE_LIMIT, a bucket per form): 429 past it,
 * naming what was sent ("messages", "applications").
 */
export async function limitFormPosts(
  ctx: Context,
  form: "contact" | "application",
  sent: string,
): Promise<void> {
  if (ctx.env.RATE_LIMIT_DISABLED) return;
  if (await consumeToken(ctx.sql, `${form}:ip:${ctx.ip ?? "unknown"}`, CONTACT_RATE_LIMIT)) return;
  throw appError(
    "TOO_MANY_REQUESTS",
    `You've sent several ${sent} in a short time. Please wait a few minutes and try again.`,
    "RATE_LIMITED",
  );
}

/** How long a contact message is kept (the privacy policy states the same). */
export const CONTACT_RETENTION_DAYS = 730;

/** Every figure is an aggregate over the rows at the moment of the request. */
export async function siteStats(sql: Queryable): Promise<SiteStats> {
  const [row] = await sql<
    {
      verified: number;
      average: number | null;
      ratings: number;
      dealerships: number;
      demo_verified: number;
      demo_ratings: number;
      demo_dealerships: number;
    }[]
  >`
    select v.verified, r.average, r.ratings, d.dealerships, v.demo_verified, r.demo_ratings, d.demo_dealerships
      from (select count(*)::int as verified, count(*) filter (where demo)::int as demo_verified
              from salespeople where verified_at is not null) v,
           (select avg(overall_rating)::float8 as average, count(*)::int as ratings,
                   count(*) filter (where demo)::int as demo_ratings
              from ratings where ${publishedReview(sql)}) r,
           (select count(*)::int as dealerships, count(*) filter (where demo)::int as demo_dealerships
              from dealerships) d`;
  return {
    verifiedSalespeople: row?.verified ?? 0,
    averageRating: row?.average ?? null,
    ratingsCount: row?.ratings ?? 0,
    dealershipPartners: row?.dealerships ?? 0,
    demoData: demoDataOf([
      [row?.demo_verified ?? 0, "verified salesperson", "verified salespeople"],
      [row?.demo_ratings ?? 0, "rating", "ratings"],
      [row?.demo_dealerships ?? 0, "dealership", "dealerships"],
    ]),
  };
}

/**
 * Stores a message from the site contact form. Rate-limited per IP; messages older than the retention
 * period are deleted in the same transaction, so the table never holds more than the policy says.
 */
export async function receiveContactMessage(
  ctx: Context,
  input: z.output<typeof contactMessageInput>,
): Promise<ContactReceipt> {
  await limitFormPosts(ctx, "contact", "messages");
  return ctx.sql.begin(async (tx) => {
    const priority = await prioritySender(tx, ctx.user?.id ?? null);
    const [row] = await tx<ContactReceipt[]>`
      insert into contact_messages as m (name, email, company, role, subject, message, user_id, priority)
      values (${input.name}, ${input.email}, ${input.company ?? null}, ${input.role ?? null}, ${input.subject},
              ${withCaseReference(input).slice(0, CONTACT_MESSAGE_MAX)}, ${ctx.user?.id ?? null}, ${priority})
      returning id, created_at as "receivedAt", priority, ${caseDueSql(tx)} as "dueAt"`;
    return row!;
  });
}

/**
 * A follow-up sent from the link in a support reply is a new case of its own whose text starts with the
 * case it answers (docs/product/support.md#follow-ups).
 */
function withCaseReference(input: z.output<typeof contactMessageInput>): string {
  return input.caseNumber ? `${caseReference(input.caseNumber)}\n\n${input.message}` : input.message;
}

/**
 * Contact-form messages (support cases) for administrators: the open ones first, the earliest due at the top
 * (docs/product/support.md#reply-times), then answered and closed ones newest first; optionally searched by sender
 * (name, e-mail, company), subject or message text, and filtered by status and by who has the case.
 */
export async function listContactMessages(
  sql: Queryable,
  input: PageRequest & { search?: string; status?: SupportStatus; assignee?: string },
): Promise<ListPage<ContactMessageRow>> {
  const window = pageWindow(input, CONTACT_MESSAGES_PAGE_SIZE);
  const pattern = containsPattern(input.search);
  const status = input.status ?? null;
  const assignee = input.assignee ?? null;
  const matches = sql`
    where (${pattern}::text is null or m.name ilike ${pattern} or m.email::text ilike ${pattern}
           or m.company ilike ${pattern} or m.subject ilike ${pattern} or m.message ilike ${pattern})
      and (${status}::text is null or m.status = ${status})
      and (${assignee}::text is null
           or (${assignee}::text = 'none' and m.assignee_id is null)
           or m.assignee_id::text = ${assignee})`;
  return listPage(
    window,
    sql<ContactMessageRow[]>`
      select ${caseColumns(sql)} from contact_messages m ${matches}
       order by ${caseOpenSql(sql)} desc, case when ${caseOpenSql(sql)} then ${caseDueSql(sql)} end asc,
                m.created_at desc, m.id desc
       ${limitOffset(sql, window)}`,
    sql<{ n: number }[]>`select count(*)::int as n from contact_messages m ${matches}`,
  );
}

let cityCache: CityOption[] | null = null;

/** The cities of data/us-cities.csv with their coordinates, by name: the starting points for 'near me'. */
export function cityOptions(): CityOption[] {
  cityCache ??= loadCities()
    .map(({ city, state, latitude, longitude }) => ({ city, state, latitude, longitude }))
    .sort((a, b) => a.city.localeCompare(b.city) || a.state.localeCompare(b.state));
  return cityCache;
}

/** Dealerships ordered by great-circle distance from a point (haversine, as src/shared/geo.ts computes it). */
export async function dealershipsNear(
  sql: Queryable,
  from: { latitude: number; longitude: number; limit: number },
): Promise<NearbyDealership[]> {
  const rows = await sql<NearbyDealership[]>`
    select d.id, d.slug, d.name, d.address, d.city, d.state, d.zip_code as "zipCode", d.phone_number as "phoneNumber",
           d.website, d.latitude, d.longitude, d.location_precision as "locationPrecision",
           (select count(*) from salespeople s where s.dealership_id = d.id)::int as salespeople,
           (2 * ${EARTH_RADIUS_MILES}::float8 * asin(least(1, sqrt(
              power(sin(radians(d.latitude - ${from.latitude}::float8) / 2), 2)
              + cos(radians(${from.latitude}::float8)) * cos(radians(d.latitude))
                * power(sin(radians(d.longitude - ${from.longitude}::float8) / 2), 2)))))::float8 as "distanceMiles"
      from dealerships d
     order by "distanceMiles", d.id
     limit ${from.limit}`;
  return [...rows];
}

/** Quotes change slowly; one database read per app instance every few minutes is plenty. */
const TESTIMONIALS_TTL_MS = 5 * 60_000;
const testimonialCaches = new WeakMap<Queryable, TtlCache<Testimonial[]>>();

/**
 * Three recent five-star reviews with a written comment, each about a different salesperson: real words
 * from buyers with a completed appointment, never copy we made up. Fewer than three when there are fewer.
 */
export function testimonials(sql: Queryable): Promise<Testimonial[]> {
  let cache = testimonialCaches.get(sql);
  if (!cache) {
    cache = createTtlCache<Testimonial[]>({ ttlMs: TESTIMONIALS_TTL_MS, maxEntries: 1 });
    testimonialCaches.set(sql, cache);
  }
  return cache.get("latest", async () => {
    const rows = await sql<Testimonial[]>`
      select r.id, r.comment, r.created_at as "createdAt",
             coalesce(u.first_name || coalesce(' ' || left(u.last_name, 1) || '.', ''), 'Verified customer') as author,
             s.id as "salespersonId", s.name as salesperson, d.name as dealership, s.city::text as city, s.state
        from ratings r
        join salespeople s on s.id = r.salesperson_id
        left join dealerships d on d.id = s.dealership_id
        left join users u on u.id = r.user_id
       where r.overall_rating = 5 and char_length(r.comment) >= 30 and ${publishedReview(sql, "r")}
       order by r.created_at desc, r.id desc
       limit 50`;
    const picked: Testimonial[] = [];
    for (const row of rows) {
      if (picked.some((p) => p.salespersonId === row.salespersonId || p.comment === row.comment)) continue;
      picked.push(row);
      if (picked.length === 3) break;
    }
    return picked;
  });
}
