// Making someone an administrator takes two administrators (docs/product/admin.md#promotions): one asks,
// a different one approves or declines, the asker may withdraw. `npm run admin:create` is the other way in.
import type postgres from "postgres";
import type { z } from "zod";
import type {
  decidePromotionInput,
  PromotionRequest,
  requestPromotionInput,
} from "../../../shared/schemas/accounts";
import { isAdmin, refuseSalespersonProfile } from "../../access";
import { appError } from "../../appError";
import { recordAudit } from "../../auditTrail";
import { requireRecentAdminAuthentication } from "../../credentials/accountChanges";
import { endSessions } from "../../credentials/session";
import type { Queryable } from "../../db/client";
import { PG, pgErrorCode } from "../../db/pgErrors";
import type { Context } from "../../serviceContext";
import { rotateSigningSecretsOnManagerChange } from "../crm/secrets";
import { leaveDealerships } from "../manager/members";
import { commitBrowseChange } from "./records";

function promotionColumns(sql: Queryable) {
  return sql`
    p.id, p.user_id as "userId", u.email, nullif(concat_ws(' ', u.first_name, u.last_name), '') as name,
    p.reason, p.requested_by as "requestedBy", r.email as "requestedByEmail", p.created_at as "createdAt",
    p.outcome, p.decided_at as "decidedAt"`;
}

/**
 * Files the request inside the caller's transaction; one open request per account. An account holding a
 * salesperson profile is refused (an administrator never decides about their own profile).
 */
export async function fileRequest(ctx: Context, tx: Queryable, userId: string, reason: string | null) {
  const [account] = await tx<{ role: string; email: string; disabled_at: Date | null }[]>`
    select role, email::text as email, disabled_at from users where id = ${userId} for update`;
  if (!account) throw appError("NOT_FOUND", "User not found");
  if (isAdmin(account))
    throw appError("CONFLICT", "This account is already an administrator", "ALREADY_ADMIN");
  if (account.disabled_at)
    throw appError("CONFLICT", "A suspended account cannot be made an administrator", "ACCOUNT_DISABLED");
  await refuseSalespersonProfile(tx, { id: userId, email: account.email }, "admin");
  try {
    const [row] = await tx<{ id: number }[]>`
      insert into admin_promotions (user_id, requested_by, reason)
      values (${userId}, ${ctx.user?.id ?? null}, ${reason}) returning id`;
    await recordAudit(ctx, tx, {
      action: "user.promotion_request",
      entityId: userId,
      reason,
      after: { promotionRequestId: row!.id },
    });
    return row!.id;
  } catch (error) {
    if (pgErrorCode(error) === PG.uniqueViolation)
      throw appError(
        "CONFLICT",
        "A request to make this account an administrator is already open",
        "PROMOTION_PENDING",
      );
    throw error;
  }
}

export async function requestPromotion(ctx: Context, input: z.output<typeof requestPromotionInput>) {
  requireRecentAdminAuthentication(ctx);
  return ctx.sql.begin(async (tx: postgres.TransactionSql) => {
    const id = await fileRequest(ctx, tx, input.userId, input.reason);
    return readPromotion(tx, id);
  });
}

async function readPromotion(sql: Queryable, id: number): Promise<PromotionRequest> {
  const [row] = await sql<PromotionRequest[]>`
    select ${promotionColumns(sql)}
      from admin_promotions p join users u on u.id = p.user_id left join users r on r.id = p.requested_by
     where p.id = ${id}`;
  if (!row) throw appError("NOT_FOUND", "Promotion request not found");
  return row;
}

/** Open requests, oldest first: the ones waiting for a second administrator. */
export async function listPromotions(ctx: Context): Promise<PromotionRequest[]> {
  const rows = await ctx.sql<PromotionRequest[]>`
    select ${promotionColumns(ctx.sql)}
      from admin_promotions p join users u on u.id = p.user_id left join users r on r.id = p.requested_by
     where p.decided_at is null
     order by p.created_at, p.id`;
  return [...rows];
}

const OUTCOME = { approve: "approved", decline: "declined", withdraw: "withdrawn" } as const;

/**
 * Approve or decline: any administrator but the one who asked. Withdraw: only the one who asked. An approved
 * account becomes an administrator, stops managing a dealership, and signs in again (at the console, with a
 * password set by `npm run admin:create`).
 */
export async function decidePromotion(ctx: Context, input: z.output<typeof decidePromotionInput>) {
  requireRecentAdminAuthentication(ctx);
  return commitBrowseChange(ctx, async (tx: postgres.TransactionSql) => {
    const [open] = await tx<{ user_id: string; requested_by: string | null }[]>`
      select user_id, requested_by from admin_promotions
       where id = ${input.id} and decided_at is null for update`;
    if (!open) throw appError("NOT_FOUND", "No open promotion request with this number");
    const asker = open.requested_by === ctx.user?.id;
    if (input.decision === "withdraw" && !asker)
      throw appError("FORBIDDEN", "Only the administrator who asked can withdraw the request", "NOT_ASKER");
    if (input.decision !== "withdraw" && asker)
      throw appError(
        "FORBIDDEN",
        "Another administrator must decide a request you made",
        "SECOND_ADMIN_REQUIRED",
      );
    if (input.decision === "approve") {
      const [account] = await tx<{ email: string; disabled_at: Date | null }[]>`
        select email::text as email, disabled_at from users where id = ${open.user_id} for update`;
      if (account?.disabled_at)
        throw appError("CONFLICT", "A suspended account cannot be made an administrator", "ACCOUNT_DISABLED");
      // A profile may have been linked since the request (a portal sign-in): checked again.
      if (account) await refuseSalespersonProfile(tx, { id: open.user_id, email: account.email }, "admin");
      await rotateSigningSecretsOnManagerChange(tx, ctx.secrets, await leaveDealerships(tx, open.user_id));
      await tx`update users set role = 'admin', updated_at = now() where id = ${open.user_id}`;
      // Sessions from before the promotion end: the console's own, shorter, session starts at the next sign-in.
      await endSessions(tx, { userId: open.user_id });
    }
    const outcome = OUTCOME[input.decision];
    await tx`
      update admin_promotions set decided_by = ${ctx.user?.id ?? null}, decided_at = now(), outcome = ${outcome}
       where id = ${input.id}`;
    await recordAudit(ctx, tx, {
      action: `user.promotion_${outcome}`,
      entityId: open.user_id,
      after: { promotionRequestId: input.id, outcome },
    });
    return readPromotion(tx, input.id);
  });
}
