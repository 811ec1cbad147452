// A salesperson's own profile: who may change it (the salesperson, their manager, an administrator).
import type { z } from "zod";
import { ALL_SPECIALTIES } from "../../../shared/constants";
import type { updateSalespersonInput, updateStatusInput } from "../../../shared/schemas/portal";
import { dealershipStaffSql, isAdmin, refuseOwnDecision, staffSql } from "../../access";
import { appError } from "../../appError";
import { recordAudit } from "../../auditTrail";
import { recordSecurityEvent } from "../../credentials/securityEvents";
import type { SalespersonRow } from "../../db/rows";
import type { Authed } from "../../serviceContext";
import { getSalesperson } from "../salespeople/service";

/**
 * The refusal of a profile the caller may not change: 404 whether it exists or not, so the answer never tells
 * which ids exist. Reaching for someone else's profile is still recorded as a denied authorisation.
 */
async function refusal(ctx: Authed, id: number) {
  const [exists] = await ctx.sql`select 1 from salespeople where id = ${id}`;
  if (exists) {
    await recordSecurityEvent(ctx, {
      eventType: "authorization_denied",
      riskLevel: "medium",
      details: `salesperson ${id} profile`,
    });
  }
  return appError("NOT_FOUND", "Salesperson Not Found", "SALESPERSON_NOT_FOUND");
}

export async function updateSalespersonProfile(ctx: Authed, input: z.output<typeof updateSalespersonInput>) {
  const { id, ...fields } = input;
  if (fields.specialties) {
    const unknown = fields.specialties.filter((s) => !ALL_SPECIALTIES.includes(s));
    if (unknown.length > 0)
      throw appError("BAD_REQUEST", `Unknown specialty: ${unknown.join(", ")}`, "UNKNOWN_SPECIALTY");
    fields.specialties = [...new Set(fields.specialties)];
  }
  if (fields.showEmail !== undefined && ctx.user.salespersonId !== id) {
    throw appError(
      "FORBIDDEN",
      "Only the salesperson chooses whether their e-mail is shown on their profile",
      "NOT_OWNER",
    );
  }
  const columns: Record<string, unknown> = {};
  if (fields.name !== undefined) columns.name = fields.name;
  if (fields.phoneNumber !== undefined) columns.phone_number = fields.phoneNumber;
  if (fields.bio !== undefined) columns.bio = fields.bio;
  if (fields.specialties !== undefined) columns.specialties = fields.specialties;
  if (fields.yearsOfExperience !== undefined) columns.years_of_experience = fields.yearsOfExperience;
  if (fields.status !== undefined) columns.status = fields.status;
  if (fields.showEmail !== undefined) columns.show_email = fields.showEmail;
  columns.updated_at = new Date();
  const [updated] = await ctx.sql<Pick<SalespersonRow, "id">[]>`
    update salespeople set ${ctx.sql(columns)}
     where id = ${id} and ${staffSql(ctx.sql, ctx.user, "salespeople")} returning id`;
  if (!updated) throw await refusal(ctx, id);
  ctx.browseCache.clear();
  return getSalesperson(ctx.sql, id);
}

export async function updateSalespersonStatus(ctx: Authed, input: z.output<typeof updateStatusInput>) {
  if (input.status === "offline" && !isAdmin(ctx.user)) {
    throw appError("BAD_REQUEST", "Status must be available, busy or unavailable", "STATUS_NOT_ALLOWED");
  }
  const [updated] = await ctx.sql<Pick<SalespersonRow, "id" | "status">[]>`
    update salespeople set status = ${input.status}, updated_at = now()
     where id = ${input.id} and ${staffSql(ctx.sql, ctx.user, "salespeople")} returning id, status`;
  if (!updated) throw await refusal(ctx, input.id);
  ctx.browseCache.clear();
  return updated;
}

/**
 * Whose dashboard the caller reads: their own when no salesperson is named, else one they are staff for
 * (their dealership's, or any for an administrator).
 */
export async function dashboardSubject(ctx: Authed, requested: number | undefined): Promise<number> {
  const own = ctx.user.salespersonId;
  if (requested === undefined || requested === own) {
    if (own === null)
      throw appError("FORBIDDEN", "This dashboard is for salesperson accounts", "NOT_SALESPERSON");
    return own;
  }
  const [row] = await ctx.sql`
    select s.id from salespeople s where s.id = ${requested} and ${staffSql(ctx.sql, ctx.user, "s")}`;
  if (!row) throw appError("FORBIDDEN", "You can only see your own dashboard", "NOT_OWNER");
  return requested;
}

/**
 * A dealership's manager confirms a salesperson who registered with it or arrived by transfer (or withdraws the
 * confirmation), with its audit row in the same transaction. Rejecting a registration is the manager domain's
 * `rejectSalesperson`. A salesperson already confirmed (an accepted invitation confirms them, docs/teams.md)
 * keeps the confirmation they have: when it was made stays true, and nothing is written or audited.
 */
export async function verifySalesperson(
  ctx: Authed,
  { salespersonId, verified }: { salespersonId: number; verified: boolean },
) {
  const row = await ctx.sql.begin(async (tx) => {
    const [before] = await tx<Pick<SalespersonRow, "verified_at" | "dealership_id" | "user_id">[]>`
      select verified_at, dealership_id, user_id from salespeople
       where id = ${salespersonId} and ${dealershipStaffSql(tx, ctx.user, "dealership_id")} for update`;
    if (!before) return null;
    refuseOwnDecision(ctx.user, { id: salespersonId, userId: before.user_id });
    if ((before.verified_at !== null) === verified)
      return { id: salespersonId, verified_at: before.verified_at };
    const [updated] = await tx<Pick<SalespersonRow, "id" | "verified_at">[]>`
      update salespeople set verified_at = ${verified ? new Date() : null}, updated_at = now()
       where id = ${salespersonId} returning id, verified_at`;
    await recordAudit(ctx, tx, {
      action: verified ? "salesperson.verify" : "salesperson.unverify",
      entityId: salespersonId,
      dealershipId: before.dealership_id,
      before: { verifiedAt: before.verified_at },
      after: { verifiedAt: updated!.verified_at },
    });
    return updated!;
  });
  if (!row) throw await refusal(ctx, salespersonId);
  ctx.browseCache.clear();
  return { id: row.id, verifiedAt: row.verified_at };
}
