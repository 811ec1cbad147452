// A dealership manager's team: list it, add a salesperson (by invitation), confirm pending registrations,
// remove or reject one. Every function takes the dealership the caller manages (managerProcedure's
// ctx.dealershipId) and puts it in the WHERE of what it reads or changes; no input names a dealership.
import type { z } from "zod";
import type { SessionUser } from "../../../shared/schemas/auth";
import type {
  AddSalespersonResult,
  addSalespersonInput,
  TeamInvitation,
  TeamMember,
  TeamPage,
  teamInput,
} from "../../../shared/schemas/manager";
import { appError } from "../../appError";
import { recordAudit } from "../../auditTrail";
import { refuseAsMissing } from "../../auth/securityEvents";
import type { Queryable } from "../../db/client";
import type { DealershipRow, SalespersonRow } from "../../db/rows";
import { containsPattern, limitOffset, pageWindow } from "../../db/search";
import type { Context } from "../../serviceContext";
import { sendSalespersonInvite } from "../auth/signInLinks";
import { assertTeamRoom, createInvitation, mailInvitation } from "./invitations";

export type ManagerCtx = Context & { user: SessionUser; dealershipId: number };

/** The columns of a {@link TeamMember}, from `salespeople` aliased `s`. */
function memberColumns(sql: Queryable) {
  return sql`
    s.id, s.name, s.email::text as email, s.phone_number as "phoneNumber", s.profile_image_url as "profileImageUrl",
    s.status, s.payment_model as "paymentModel", s.years_of_experience as "yearsOfExperience",
    s.average_rating::float8 as "averageRating", s.total_reviews as "totalReviews", s.verified_at as "verifiedAt",
    (s.user_id is not null) as "hasSignedIn", s.created_at as "createdAt"`;
}

async function teamMember(sql: Queryable, id: number): Promise<TeamMember> {
  const [member] = await sql<
    TeamMember[]
  >`select ${memberColumns(sql)} from salespeople s where s.id = ${id}`;
  if (!member) throw appError("NOT_FOUND", "Salesperson Not Found", "SALESPERSON_NOT_FOUND");
  return member;
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
 * Adds a salesperson to the caller's dealership. An address no profile has gets a new profile on the team at
 * once (with a sign-in link). An existing profile belongs to its owner: it gets an invitation, and joins only
 * when its owner accepts (invitations.ts). The dealership row is locked before the team is counted (open
 * invitations included), so concurrent adds are taken one at a time and the plan limit holds; the existing
 * profile is read, not locked: nothing about it changes here. Mail goes out after the change commits.
 */
export async function addSalesperson(
  ctx: ManagerCtx,
  input: z.output<typeof addSalespersonInput>,
): Promise<AddSalespersonResult> {
  type Committed =
    | { outcome: "created"; id: number; dealershipName: string }
    | { outcome: "invited"; invitation: TeamInvitation; dealershipName: string };
  let committed: Committed;
  try {
    committed = await ctx.sql.begin(async (tx): Promise<Committed> => {
      const [dealership] = await tx<Pick<DealershipRow, "id" | "name" | "city" | "state" | "time_zone">[]>`
        select id, name, city, state, time_zone from dealerships where id = ${ctx.dealershipId} for update`;
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
      const [existing] = await tx<Pick<SalespersonRow, "id" | "email" | "dealership_id">[]>`
        select id, email::text as email, dealership_id from salespeople where email = ${input.email}`;
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

      if (existing) {
        const invitation = await createInvitation(ctx, tx, dealership, existing, input.paymentModel);
        return { outcome: "invited", invitation, dealershipName: dealership.name };
      }

      const row = {
        dealership_id: dealership.id,
        city: dealership.city,
        state: dealership.state,
        time_zone: dealership.time_zone,
        payment_model: input.paymentModel,
        // A profile the dealership's own manager creates is confirmed by them.
        verified_at: new Date(),
        updated_at: new Date(),
        name: input.name,
        email: input.email,
        phone_number: input.phoneNumber,
        bio: input.bio,
        years_of_experience: input.yearsOfExperience,
        status: "available",
      } satisfies Partial<SalespersonRow>;
      const [created] = await tx<
        Pick<SalespersonRow, "id">[]
      >`insert into salespeople ${tx(row)} returning id`;
      await recordAudit(ctx, tx, {
        action: "salesperson.add",
        entityId: created!.id,
        dealershipId: dealership.id,
        after: {
          name: input.name,
          email: input.email,
          phoneNumber: input.phoneNumber,
          yearsOfExperience: input.yearsOfExperience,
          paymentModel: input.paymentModel,
          dealershipId: dealership.id,
        },
      });
      return { outcome: "created", id: created!.id, dealershipName: dealership.name };
    });
  } catch (error) {
    // Two managers adding one address at the same moment: the unique e-mail (or the one open invitation per
    // address) decides, the loser hears why.
    if (isUniqueViolation(error))
      throw appError("CONFLICT", "A salesperson with this email already exists.", "ACCOUNT_EXISTS");
    throw error;
  }

  if (committed.outcome === "invited") {
    const { invitation } = committed;
    const invite = await mailInvitation(ctx, {
      email: invitation.email,
      name: invitation.name,
      dealershipName: committed.dealershipName,
    });
    return { outcome: "invited", invitation, invite };
  }

  ctx.browseCache.clear();
  let invite: "sent" | "logged" | "failed";
  try {
    invite = await sendSalespersonInvite(ctx, {
      email: input.email,
      name: input.name,
      dealershipName: committed.dealershipName,
    });
  } catch (error) {
    ctx.logger.warn(`salesperson invite for ${committed.id} was not sent: ${(error as Error).message}`);
    invite = "failed";
  }
  return { outcome: "created", salesperson: await teamMember(ctx.sql, committed.id), invite };
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

export function removeSalesperson(ctx: ManagerCtx, salespersonId: number) {
  return detachFromTeam(ctx, salespersonId, { action: "salesperson.remove", pendingOnly: false });
}

export function rejectSalesperson(ctx: ManagerCtx, salespersonId: number, reason?: string) {
  return detachFromTeam(ctx, salespersonId, { action: "salesperson.reject", pendingOnly: true, reason });
}
