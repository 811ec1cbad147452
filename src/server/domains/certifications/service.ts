// Certifications (docs/product/salespeople.md#certifications): a salesperson keeps their own list; the manager
// of their dealership verifies or rejects each one, an administrator those of independents (and any other);
// profiles, browse and structured data show verified ones only. Nobody decides about their own profile's
// certifications (access.ts refuseOwnDecision), even as its dealership's manager or an administrator. A rejection deletes the certification and
// tells the salesperson why; an edit of a verified one clears its verification, so nothing unverified ever
// carries a badge.
import type { z } from "zod";
import { links } from "../../../shared/links";
import type {
  addCertificationInput,
  Certification,
  PendingCertification,
  rejectCertificationInput,
  updateCertificationInput,
} from "../../../shared/schemas/certifications";
import { CERTIFICATIONS_PER_PROFILE, PLATFORM_VERIFIER } from "../../../shared/schemas/certifications";
import { type Caller, dealershipStaffSql, isAdmin, ownProfileSql, refuseOwnDecision } from "../../access";
import { appError } from "../../appError";
import { recordAudit } from "../../auditTrail";
import type { Queryable } from "../../db/client";
import type { Context } from "../../serviceContext";
import { notify } from "../notifications/notify";
import { dealershipLeadsSql } from "../notifications/recipients";

type SalespersonCtx = Context & { salespersonId: number };
type StaffCtx = Context & { user: Caller };

const NOT_FOUND = "Certification not found";

function columns(sql: Queryable) {
  return sql`
    c.id, c.salesperson_id as "salespersonId", c.name, c.issuer, c.year, c.credential_id as "credentialId",
    c.credential_url as "credentialUrl", c.verified_at as "verifiedAt", c.created_at as "createdAt"`;
}

/** A salesperson's certifications change what the public sees only once verified; browse is refreshed then. */
export function myCertifications(ctx: SalespersonCtx): Promise<Certification[]> {
  return ctx.sql<Certification[]>`
    select ${columns(ctx.sql)} from certifications c
     where c.salesperson_id = ${ctx.salespersonId} order by c.year desc, c.id`;
}

export async function addCertification(
  ctx: SalespersonCtx,
  input: z.output<typeof addCertificationInput>,
): Promise<Certification> {
  return ctx.sql.begin(async (tx) => {
    // The profile locked, so two additions at once cannot both take the last place.
    await tx`select id from salespeople where id = ${ctx.salespersonId} for update`;
    const [held] = await tx<{ n: number }[]>`
      select count(*)::int as n from certifications where salesperson_id = ${ctx.salespersonId}`;
    if (held!.n >= CERTIFICATIONS_PER_PROFILE)
      throw appError(
        "CONFLICT",
        `A profile holds at most ${CERTIFICATIONS_PER_PROFILE} certifications. Remove one you no longer need to add another.`,
        "CERTIFICATION_LIMIT",
      );
    const [row] = await tx<Certification[]>`
      insert into certifications as c (salesperson_id, name, issuer, year, credential_id, credential_url)
      values (${ctx.salespersonId}, ${input.name}, ${input.issuer}, ${input.year}, ${input.credentialId},
              ${input.credentialUrl})
      returning ${columns(tx)}`;
    return row!;
  }) as Promise<Certification>;
}

/** The whole certification is written again; a verified one goes back to its manager's queue. */
export async function updateCertification(
  ctx: SalespersonCtx,
  input: z.output<typeof updateCertificationInput>,
): Promise<Certification> {
  return ctx.sql.begin(async (tx) => {
    const [before] = await tx<{ verified: boolean }[]>`
      select verified_at is not null as verified from certifications
       where id = ${input.id} and salesperson_id = ${ctx.salespersonId} for update`;
    if (!before) throw appError("NOT_FOUND", NOT_FOUND, "CERTIFICATION_NOT_FOUND");
    const [row] = await tx<Certification[]>`
      update certifications c set name = ${input.name}, issuer = ${input.issuer}, year = ${input.year},
             credential_id = ${input.credentialId}, credential_url = ${input.credentialUrl},
             verified_at = null, verified_by = null, verified_by_dealership_id = null,
             verified_by_dealership_name = null
       where c.id = ${input.id}
      returning ${columns(tx)}`;
    if (before.verified) ctx.browseCache.clear();
    return row!;
  }) as Promise<Certification>;
}

export async function removeCertification(ctx: SalespersonCtx, { id }: { id: number }) {
  const [row] = await ctx.sql<{ name: string; verified: boolean }[]>`
    delete from certifications where id = ${id} and salesperson_id = ${ctx.salespersonId}
    returning name, verified_at is not null as verified`;
  if (!row) throw appError("NOT_FOUND", NOT_FOUND, "CERTIFICATION_NOT_FOUND");
  if (row.verified) ctx.browseCache.clear();
  return { removedCertification: row.name };
}

function pendingColumns(sql: Queryable) {
  return sql`${columns(sql)}, s.name as "salespersonName", d.name as dealership`;
}

/**
 * Unverified certifications the caller decides: a lead's team's; an administrator's, those no lead but the
 * salesperson themselves can decide (an independent's, or one whose dealership's only lead is the salesperson).
 * Never the caller's own.
 */
export function pendingCertifications(ctx: StaffCtx): Promise<PendingCertification[]> {
  const whose = isAdmin(ctx.user)
    ? ctx.sql`not exists (select from (${dealershipLeadsSql(ctx.sql, ctx.sql`s.dealership_id`)}) l
                        where l.user_id is distinct from s.user_id)`
    : ctx.sql`s.dealership_id = ${ctx.user.managedDealershipId}`;
  return ctx.sql<PendingCertification[]>`
    select ${pendingColumns(ctx.sql)}
      from certifications c join salespeople s on s.id = c.salesperson_id
      left join dealerships d on d.id = s.dealership_id
     where c.verified_at is null and ${whose} and not ${ownProfileSql(ctx.sql, ctx.user, "s")}
     order by c.created_at, c.id
     limit 200`;
}

/** Every certification of one salesperson the caller may decide for (their manager, an administrator). */
export async function salespersonCertifications(
  ctx: StaffCtx,
  { salespersonId }: { salespersonId: number },
): Promise<PendingCertification[]> {
  const [person] = await ctx.sql`
    select 1 from salespeople s where s.id = ${salespersonId} and ${dealershipStaffSql(ctx.sql, ctx.user, "s.dealership_id")}`;
  if (!person) throw appError("NOT_FOUND", "Salesperson Not Found", "SALESPERSON_NOT_FOUND");
  return ctx.sql<PendingCertification[]>`
    select ${pendingColumns(ctx.sql)}
      from certifications c join salespeople s on s.id = c.salesperson_id
      left join dealerships d on d.id = s.dealership_id
     where c.salesperson_id = ${salespersonId}
     order by c.year desc, c.id`;
}

/**
 * The certification, locked, when the caller decides for its salesperson; 404 otherwise (as a missing one),
 * 403 when the salesperson is the caller.
 */
async function decidable(tx: Queryable, caller: Caller, id: number) {
  const [row] = await tx<
    {
      salespersonId: number;
      ownerId: string | null;
      name: string;
      dealershipId: number | null;
      dealershipName: string | null;
      verified: boolean;
    }[]
  >`
    select c.salesperson_id as "salespersonId", s.user_id as "ownerId", c.name,
           s.dealership_id as "dealershipId", d.name as "dealershipName", c.verified_at is not null as verified
      from certifications c join salespeople s on s.id = c.salesperson_id
      left join dealerships d on d.id = s.dealership_id
     where c.id = ${id} and ${dealershipStaffSql(tx, caller, "s.dealership_id")}
       for update of c`;
  if (!row) throw appError("NOT_FOUND", NOT_FOUND, "CERTIFICATION_NOT_FOUND");
  refuseOwnDecision(caller, { id: row.salespersonId, userId: row.ownerId });
  return row;
}

export async function verifyCertification(ctx: StaffCtx, { id }: { id: number }): Promise<Certification> {
  const result = await ctx.sql.begin(async (tx) => {
    const target = await decidable(tx, ctx.user, id);
    // The badge names the dealership whose manager verified it, as it is now, for good; an administrator's
    // verification is the platform's. A certification verified already keeps its verifier.
    const byManager = !isAdmin(ctx.user) && target.dealershipId !== null;
    const [row] = await tx<Certification[]>`
      update certifications c
         set verified_by = case when verified_at is null then ${ctx.user.id}::uuid else verified_by end,
             verified_by_dealership_id = case when verified_at is null
               then ${byManager ? target.dealershipId : null}::int else verified_by_dealership_id end,
             verified_by_dealership_name = case when verified_at is null
               then ${byManager ? target.dealershipName : null}::text else verified_by_dealership_name end,
             verified_at = coalesce(verified_at, now())
       where c.id = ${id} returning ${columns(tx)}`;
    await recordAudit(ctx, tx, {
      action: "salesperson.certification_verify",
      entityId: target.salespersonId,
      dealershipId: target.dealershipId,
      after: { certificationId: id, name: target.name, verified: true },
    });
    await notify(tx, {
      to: { salespersonId: target.salespersonId },
      type: "certification_verified",
      title: "Certification verified",
      body: `Your certification "${target.name}" was verified and now shows on your profile.`,
      link: links.salespersonDashboard({ tab: "profile" }),
    });
    return row!;
  });
  ctx.browseCache.clear();
  return result as Certification;
}

/** A rejected certification is deleted; the salesperson is told, with the reason when one is given. */
export async function rejectCertification(ctx: StaffCtx, input: z.output<typeof rejectCertificationInput>) {
  const result = await ctx.sql.begin(async (tx) => {
    const target = await decidable(tx, ctx.user, input.id);
    await tx`delete from certifications where id = ${input.id}`;
    await recordAudit(ctx, tx, {
      action: "salesperson.certification_reject",
      entityId: target.salespersonId,
      dealershipId: target.dealershipId,
      reason: input.reason,
      before: { certificationId: input.id, name: target.name, verified: target.verified },
    });
    await notify(tx, {
      to: { salespersonId: target.salespersonId },
      type: "certification_rejected",
      title: "Certification not verified",
      body: `Your certification "${target.name}" could not be verified and was removed${input.reason ? `: ${input.reason}` : "."} You can add it again with corrected details.`,
      link: links.salespersonDashboard({ tab: "profile" }),
    });
    return { removedCertification: target.name, wasVerified: target.verified };
  });
  if (result.wasVerified) ctx.browseCache.clear();
  return { removedCertification: result.removedCertification };
}

/**
 * A profile's verified certifications, newest first, as one JSON array: a column of the profile's statement, for
 * the salesperson the `salespeople` row `s` is. The badge names the dealership whose manager verified it (by its
 * current name, or the one kept at verification should it be gone), wherever the salesperson works now; the
 * platform when an administrator verified it.
 */
export function verifiedCertificationsJson(sql: Queryable) {
  return sql`(
    select coalesce(json_agg(v order by v.year desc, v.id), '[]'::json) from (
      select c.id, c.name, c.issuer, c.year, c.credential_id as "credentialId", c.credential_url as "credentialUrl",
             coalesce(d.name, c.verified_by_dealership_name, ${PLATFORM_VERIFIER}) as "verifiedBy"
        from certifications c
        left join dealerships d on d.id = c.verified_by_dealership_id
       where c.salesperson_id = s.id and c.verified_at is not null) v)`;
}
