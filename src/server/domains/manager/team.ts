// A dealership manager's team: list it, invite a salesperson, confirm pending registrations,
// remove or reject one. Every function takes the dealership the caller manages (managerProcedure's
// ctx.dealershipId) and puts it in the WHERE of what it reads or changes; no input names a dealership.
import type { z } from "zod";
import type { SessionUser } from "../../../shared/schemas/auth";
import type {
  AddSalespersonResult,
  addSalespersonInput,
  TeamMember,
  TeamPage,
  teamInput,
} from "../../../shared/schemas/manager";
import { appError } from "../../appError";
import { recordAudit } from "../../auditTrail";
import { refuseAsMissing } from "../../credentials/securityEvents";
import type { Queryable } from "../../db/client";
import type { DealershipRow, SalespersonRow } from "../../db/rows";
import { containsPattern, limitOffset, pageWindow } from "../../db/search";
import type { Context } from "../../serviceContext";
import { sentInvitationById } from "../invitations/lists";
import { assertTeamRoom } from "../invitations/rules";
import { createInvitation } from "../invitations/send";

export type ManagerCtx = Context & { user: SessionUser; dealershipId: number };

/** The columns of a {@link TeamMember}, from `salespeople` aliased `s`. */
function memberColumns(sql: Queryable) {
  return sql`
    s.id, s.name, s.email::text as email, s.phone_number as "phoneNumber", s.profile_image_url as "profileImageUrl",
    s.status, s.payment_model as "paymentModel", s.years_of_experience as "yearsOfExperience",
    s.average_rating::float8 as "averageRating", s.total_reviews as "totalReviews", s.verified_at as "verifiedAt",
    (s.user_id is not null) as "hasSignedIn", s.created_at as "createdAt"`;
}

// Team -----------------------------------------------------------------------------------------------------

export async function listTeam(ctx: ManagerCtx, input: z.output<typeof teamInput>): Promise<TeamPage> {
  const window = pageWindow(input);
  const pattern = containsPattern(input.search?.trim());
  const matches =
    pattern === null ? ctx.sql`true` : ctx.sql`(s.name ilike ${pattern} or s.email::text ilike ${pattern})`;
  const rows = await ctx.sql<(TeamMember & { total: number })[]>`
    select ${memberColumns(ctx.sql)}, count(*) over ()::int as total
      from salespeople s
     where s.dealership_id = ${ctx.dealershipId} and ${matches}
     order by s.name, s.id
     ${limitOffset(ctx.sql, window)}`;
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && window.offset > 0) {
    const [count] = await ctx.sql<{ n: number }[]>`
      select count(*)::int as n from salespeople s where s.dealership_id = ${ctx.dealershipId} and ${matches}`;
    total = count?.n ?? 0;
  }
  return {
    items: rows.map(({ total: _total, ...member }) => member),
    total,
    page: window.page,
    pageSize: window.pageSize,
  };
}

/** Salespeople who registered with the dealership and wait for its manager to confirm them. */
export async function pendingVerifications(ctx: ManagerCtx): Promise<TeamMember[]> {
  return ctx.sql<TeamMember[]>`
    select ${memberColumns(ctx.sql)} from salespeople s
     where s.dealership_id = ${ctx.dealershipId} and s.verified_at is null
     order by s.created_at, s.id`;
}

function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: string }).code === "23505";
}

/**
 * Adds a salesperson to the caller's dealership by inviting them: nobody joins a team on the manager's word.
 * An address with a profile is invited to bring it (reviews and all); a new address is invited to create one.
 * Either way the salesperson joins only by accepting (domains/invitations). The dealership row is locked before
 * the team is counted (open invitations included), so concurrent adds are taken one at a time and the plan
 * limit holds. The invitation's e-mail goes out once this commits.
 */
export async function addSalesperson(
  ctx: ManagerCtx,
  input: z.output<typeof addSalespersonInput>,
): Promise<AddSalespersonResult> {
  try {
    const invitation = await ctx.sql.begin(async (tx) => {
      const [dealership] = await tx<Pick<DealershipRow, "id">[]>`
        select id from dealerships where id = ${ctx.dealershipId} for update`;
      if (!dealership) throw appError("NOT_FOUND", "Dealership not found", "DEALERSHIP_NOT_FOUND");

      const [staff] = await tx`
        select 1 as found from users where email = ${input.email} and role in ('manager', 'admin') limit 1`;
      if (staff) {
        throw appError(
          "CONFLICT",
          "This email belongs to a manager or administrator account and cannot be added as a salesperson.",
          "EMAIL_IN_USE",
        );
      }
      const [existing] = await tx<Pick<SalespersonRow, "id" | "dealership_id">[]>`
        select id, dealership_id from salespeople where email = ${input.email}`;
      if (existing?.dealership_id === dealership.id) {
        throw appError("CONFLICT", "This salesperson is already on your team.", "ALREADY_ON_TEAM");
      }
      if (existing && existing.dealership_id !== null) {
        throw appError(
          "CONFLICT",
          "This salesperson already works at another dealership. They can ask to transfer to yours from their dashboard.",
          "SALESPERSON_AT_OTHER_DEALERSHIP",
        );
      }

      await assertTeamRoom(tx, dealership.id);
      const id = await createInvitation(ctx, tx, {
        role: "salesperson",
        dealershipId: dealership.id,
        email: input.email,
        salespersonId: existing?.id ?? null,
        paymentModel: input.paymentModel,
        name: input.name,
      });
      return sentInvitationById(tx, id);
    });
    return { outcome: "invited", invitation };
  } catch (error) {
    // Two managers inviting one address at the same moment: the one open invitation per address decides.
    if (isUniqueViolation(error))
      throw appError("CONFLICT", "This address already has an open invitation.", "INVITATION_PENDING");
    throw error;
  }
}

/**
 * The refusal of a salesperson id that is not on the caller's team: 404 whether it exists elsewhere or not at
 * all, so the answer never tells which ids exist. Reaching for another dealership's salesperson is still
 * recorded as a denied authorisation.
 */
async function notOnTeam(ctx: ManagerCtx, salespersonId: number, what: string) {
  return refuseAsMissing(
    ctx,
    { db: ctx.sql, table: "salespeople", id: salespersonId },
    appError("NOT_FOUND", "Salesperson Not Found", "SALESPERSON_NOT_FOUND"),
    `manager ${what} salesperson ${salespersonId}`,
  );
}

type Detached = Pick<SalespersonRow, "id" | "name" | "payment_model" | "verified_at">;

/**
 * Takes a salesperson off the team: they become independent (no dealership, paying individually) and keep
 * their ratings, appointments and messages. `pendingOnly` is the rejection of a registration not yet confirmed.
 */
async function detachFromTeam(
  ctx: ManagerCtx,
  salespersonId: number,
  kind: { action: "salesperson.remove" | "salesperson.reject"; pendingOnly: boolean; reason?: string },
) {
  const result = await ctx.sql.begin(async (tx) => {
    const [before] = await tx<Detached[]>`
      select id, name, payment_model, verified_at from salespeople
       where id = ${salespersonId} and dealership_id = ${ctx.dealershipId} for update`;
    if (!before) return null;
    if (kind.pendingOnly && before.verified_at !== null) {
      throw appError(
        "CONFLICT",
        "This salesperson is already verified. Remove them from the team instead.",
        "ALREADY_VERIFIED",
      );
    }
    await tx`
      update salespeople
         set dealership_id = null, payment_model = 'individual', verified_at = null, updated_at = now()
       where id = ${salespersonId}`;
    await recordAudit(ctx, tx, {
      action: kind.action,
      entityId: salespersonId,
      dealershipId: ctx.dealershipId,
      reason: kind.reason ?? null,
      before: {
        dealershipId: ctx.dealershipId,
        paymentModel: before.payment_model,
        verifiedAt: before.verified_at,
      },
      after: { dealershipId: null, paymentModel: "individual", verifiedAt: null },
    });
    return before;
  });
  if (!result) throw await notOnTeam(ctx, salespersonId, kind.action);
  ctx.browseCache.clear();
  return { id: result.id, name: result.name, independent: true as const };
}

export function removeSalesperson(ctx: ManagerCtx, { salespersonId }: { salespersonId: number }) {
  return detachFromTeam(ctx, salespersonId, { action: "salesperson.remove", pendingOnly: false });
}

export function rejectSalesperson(
  ctx: ManagerCtx,
  { salespersonId, reason }: { salespersonId: number; reason?: string },
) {
  return detachFromTeam(ctx, salespersonId, { action: "salesperson.reject", pendingOnly: true, reason });
}
