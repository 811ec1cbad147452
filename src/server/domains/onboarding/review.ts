// The administrators' queue of dealership applications: confirmed ones only, pending first, each pending one
// with the existing dealerships and other pending applications it may duplicate; approving creates the dealership and sends its
// invitations, declining e-mails the reason.
import type { z } from "zod";
import { links } from "../../../shared/links";
import type {
  applicationDecisionInput,
  applicationsListInput,
  DealershipApplication,
} from "../../../shared/schemas/onboarding";
import { APPLICATION_DECISION_HOURS } from "../../../shared/support";
import { appError } from "../../appError";
import { recordAudit } from "../../auditTrail";
import type { Queryable } from "../../db/client";
import type { RowOf } from "../../db/rows";
import type * as schema from "../../db/schema";
import { containsPattern, limitOffset, listPage, pageWindow } from "../../db/search";
import { zipPlace } from "../../geo/zipPlaces";
import type { Authed } from "../../serviceContext";
import { createInvitation, inviteManager } from "../invitations/send";

type ApplicationRow = RowOf<typeof schema.dealershipApplications>;

/** A website's host, lower-cased and without `www.`: two addresses of one site compare equal. */
function hostOf(sql: Queryable, column: string) {
  return sql`lower(substring(${sql(column)} from '^(?:[a-zA-Z]+://)?(?:www\\.)?([^/:?#]+)'))`;
}

/**
 * Same name (case and surrounding spaces aside) and ZIP code, or the same website host. Only an application
 * waiting for a decision is compared, and only with listed dealerships and other waiting applications: the flag
 * serves the decision, so a decided one carries none (an approved application would otherwise flag a later
 * application of the same dealership, and be flagged by it, as if it were still undecided). The later one still
 * names the dealership its approval listed.
 */
function duplicatesSql(sql: Queryable) {
  const sameName = (name: string, zip: string) =>
    sql`lower(trim(${sql(name)})) = lower(trim(a.dealership_name)) and left(${sql(zip)}, 5) = left(a.zip_code, 5)`;
  const sameHost = (column: string) =>
    sql`(a.website is not null and ${hostOf(sql, column)} = ${hostOf(sql, "a.website")})`;
  return sql`case when a.status <> 'pending' then '[]'::json else coalesce((select json_agg(x order by x.kind, x.id) from (
      select 'dealership' as kind, d.id, d.name, d.city, d.state,
             case when ${sameName("d.name", "d.zip_code")} then 'name_zip' else 'website' end as match
        from dealerships d
       where d.id is distinct from a.dealership_id
         and ((${sameName("d.name", "d.zip_code")}) or ${sameHost("d.website")})
      union all
      select 'application', o.id, o.dealership_name, o.city, o.state,
             case when ${sameName("o.dealership_name", "o.zip_code")} then 'name_zip' else 'website' end
        from dealership_applications o
       where o.id <> a.id and o.status = 'pending'
         and ((${sameName("o.dealership_name", "o.zip_code")}) or ${sameHost("o.website")})
    ) x), '[]'::json) end`;
}

/** When an application reached the queue: its confirmation (or its filing, for one filed confirmed). */
function receivedSql(sql: Queryable) {
  return sql`coalesce(a.confirmed_at, a.created_at)`;
}

/** When its decision is due: received plus the promised decision time. */
function dueSql(sql: Queryable) {
  return sql`(${receivedSql(sql)} + make_interval(hours => ${APPLICATION_DECISION_HOURS}::int))`;
}

function applicationColumns(sql: Queryable) {
  return sql`
    ${receivedSql(sql)} as "receivedAt", ${dueSql(sql)} as "dueAt",
    (a.status = 'pending' and now() > ${dueSql(sql)}) as overdue,
    a.id, a.dealership_name as "dealershipName", a.address, a.zip_code as "zipCode", a.city, a.state,
    a.phone_number as "phoneNumber", a.website, a.applicant_name as "applicantName",
    a.applicant_email::text as "applicantEmail", a.salesperson_id as "salespersonId",
    s.name as "salespersonName", a.status, a.created_at as "createdAt", a.confirmed_at as "confirmedAt",
    a.decided_at as "decidedAt", a.decision_reason as "decisionReason", a.dealership_id as "dealershipId",
    ${duplicatesSql(sql)} as duplicates`;
}

/**
 * The queue: confirmed applications (unconfirmed ones are nobody's business yet), pending first, the earliest due
 * at the top, then decided ones newest first.
 */
export async function listApplications(ctx: Authed, input: z.output<typeof applicationsListInput>) {
  const window = pageWindow(input);
  const status = input?.status ?? null;
  const pattern = containsPattern(input?.search);
  const where = ctx.sql`
    where a.status <> 'unconfirmed' and (${status}::text is null or a.status = ${status})
      and (${pattern}::text is null or a.dealership_name ilike ${pattern} or a.city ilike ${pattern}
           or a.applicant_name ilike ${pattern} or a.applicant_email::text ilike ${pattern})`;
  const [page, [counts]] = await Promise.all([
    listPage(
      window,
      ctx.sql<DealershipApplication[]>`
        select ${applicationColumns(ctx.sql)}
          from dealership_applications a left join salespeople s on s.id = a.salesperson_id ${where}
         order by (a.status = 'pending') desc,
                  case when a.status = 'pending' then ${dueSql(ctx.sql)} end asc,
                  a.decided_at desc nulls last, a.id desc
         ${limitOffset(ctx.sql, window)}`,
      ctx.sql<{ n: number }[]>`select count(*)::int as n from dealership_applications a ${where}`,
    ),
    ctx.sql<{ pending: number }[]>`
      select count(*)::int as pending from dealership_applications where status = 'pending'`,
  ]);
  return { ...page, pending: counts?.pending ?? 0, decisionHours: APPLICATION_DECISION_HOURS };
}

async function readApplication(sql: Queryable, id: number): Promise<DealershipApplication> {
  const [row] = await sql<DealershipApplication[]>`
    select ${applicationColumns(sql)}
      from dealership_applications a left join salespeople s on s.id = a.salesperson_id where a.id = ${id}`;
  if (!row) throw appError("NOT_FOUND", "Application not found", "APPLICATION_NOT_FOUND");
  return row;
}

/** The application, locked, if it waits for a decision; unconfirmed ones are not found (not in the queue). */
async function lockPending(tx: Queryable, id: number) {
  const [row] = await tx<
    (ApplicationRow & { salesperson_email: string | null; salesperson_name: string | null })[]
  >`
    select a.*, s.email::text as salesperson_email, s.name as salesperson_name
      from dealership_applications a left join salespeople s on s.id = a.salesperson_id
     where a.id = ${id} and a.status <> 'unconfirmed'
       for update of a`;
  if (!row) throw appError("NOT_FOUND", "Application not found", "APPLICATION_NOT_FOUND");
  if (row.status !== "pending")
    throw appError("CONFLICT", `This application was already ${row.status}.`, "APPLICATION_DECIDED");
  return row;
}

type Decision = z.output<typeof applicationDecisionInput>;

export async function decideApplication(ctx: Authed, input: Decision): Promise<DealershipApplication> {
  return input.decision === "approve" ? approveApplication(ctx, input) : declineApplication(ctx, input);
}

/**
 * One transaction: the dealership (at its ZIP code's centre, in its state's time zone), the application
 * marked approved, the manager invitation to the applicant, and, when a salesperson filed it for someone
 * else, the salesperson's own invitation (both e-mails are queued with it, so they go only if it commits).
 */
async function approveApplication(ctx: Authed, input: Decision): Promise<DealershipApplication> {
  const after = await ctx.sql.begin(async (tx) => {
    const app = await lockPending(tx, input.id);
    const place = zipPlace(app.zip_code);
    if (!place)
      throw appError("UNPROCESSABLE_CONTENT", `ZIP code ${app.zip_code} is unknown.`, "UNKNOWN_ZIP");
    const [dealership] = await tx<{ id: number }[]>`
      insert into dealerships (name, address, city, state, zip_code, phone_number, website, time_zone,
                               latitude, longitude, location_precision)
      values (${app.dealership_name}, ${app.address}, ${app.city}, ${app.state}, ${app.zip_code},
              ${app.phone_number}, ${app.website}, ${place.timeZone}, ${place.latitude}, ${place.longitude},
              'zip')
      returning id`;
    const dealershipId = dealership!.id;
    await tx`
      update dealership_applications
         set status = 'approved', decided_by = ${ctx.user.id}, decided_at = now(),
             decision_reason = ${input.reason}, dealership_id = ${dealershipId}
       where id = ${app.id}`;
    const invited = [{ role: "manager", email: app.applicant_email }];
    await inviteManager(ctx, tx, { dealershipId, email: app.applicant_email, name: app.applicant_name });
    // A salesperson who named someone else as the manager joins as a salesperson; one who named themselves
    // gets the manager invitation above instead.
    if (
      app.salesperson_id !== null &&
      app.salesperson_email &&
      app.salesperson_email !== app.applicant_email
    ) {
      await createInvitation(ctx, tx, {
        role: "salesperson",
        dealershipId,
        email: app.salesperson_email,
        salespersonId: app.salesperson_id,
        paymentModel: "dealership",
        name: app.salesperson_name ?? app.applicant_name,
      });
      invited.push({ role: "salesperson", email: app.salesperson_email });
    }
    await recordAudit(ctx, tx, {
      action: "dealership_application.approve",
      entityId: app.id,
      dealershipId,
      reason: input.reason,
      before: { status: "pending" },
      after: {
        status: "approved",
        dealershipId,
        invited,
      },
    });
    return readApplication(tx, app.id);
  });
  ctx.browseCache.clear();
  return after;
}

async function declineApplication(ctx: Authed, input: Decision): Promise<DealershipApplication> {
  const { after, recipients } = await ctx.sql.begin(async (tx) => {
    const app = await lockPending(tx, input.id);
    await tx`
      update dealership_applications
         set status = 'declined', decided_by = ${ctx.user.id}, decided_at = now(), decision_reason = ${input.reason}
       where id = ${app.id}`;
    await recordAudit(ctx, tx, {
      action: "dealership_application.decline",
      entityId: app.id,
      reason: input.reason,
      before: { status: "pending" },
      after: { status: "declined" },
    });
    const recipients = [{ email: app.applicant_email, name: app.applicant_name }];
    if (app.salesperson_email && app.salesperson_email !== app.applicant_email)
      recipients.push({ email: app.salesperson_email, name: app.salesperson_name ?? app.applicant_name });
    return { after: await readApplication(tx, app.id), recipients };
  });
  for (const to of recipients) {
    try {
      await ctx.mailer.send({
        kind: "replies_to_you",
        to: to.email,
        subject: `Your application to list ${after.dealershipName} on KnowBefore`,
        text: `Hello ${to.name},\n\nThank you for applying to list ${after.dealershipName} on KnowBefore. An administrator reviewed the application and declined it, for this reason:\n\n${input.reason}\n\nYou are welcome to apply again once this is resolved: ${ctx.env.APP_URL}${links.listYourDealership()}\n`,
      });
    } catch (error) {
      ctx.logger.warn(`application decision e-mail was not sent: ${(error as Error).message}`);
    }
  }
  return after;
}
