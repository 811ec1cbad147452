// An account's lifecycle in administrators' hands (docs/product/admin.md#account-lifecycle): a user created
// with any role, a role changed, an account suspended or reactivated with a reason. Each commits with its
// audit rows or not at all, and browse forgets its cached pages afterwards (a profile may join or leave it).
import type postgres from "postgres";
import type { z } from "zod";
import type {
  AccountChange,
  changeRoleInput,
  createUserInput,
  reactivateUserInput,
  suspendUserInput,
} from "../../../shared/schemas/accounts";
import { createSalespersonInput } from "../../../shared/schemas/admin";
import { isAdmin, refuseSalespersonProfile } from "../../access";
import { appError } from "../../appError";
import { recordAudit } from "../../auditTrail";
import { requireRecentAdminAuthentication } from "../../credentials/accountChanges";
import { endSessions } from "../../credentials/session";
import type { Queryable } from "../../db/client";
import { PG, pgErrorCode } from "../../db/pgErrors";
import type { UserRow } from "../../db/rows";
import type { Context } from "../../serviceContext";
import { rotateSigningSecretsOnManagerChange } from "../crm/secrets";
import { handOverDealership, leaveDealerships, managedBySql } from "../manager/members";
import { dealershipLeadsSql } from "../notifications/recipients";
import { fileRequest } from "./promotions";
import { commitBrowseChange } from "./records";
import { insertSalesperson } from "./salespeople";
import { refuseLastAdmin } from "./users";

type Target = z.output<typeof createUserInput>["target"];
type Account = Pick<UserRow, "id" | "email" | "role" | "first_name" | "last_name" | "phone"> &
  Pick<UserRow, "disabled_at" | "suspension_reason">;

async function lockAccount(tx: Queryable, id: string): Promise<Account> {
  const [row] = await tx<Account[]>`
    select id, email, role, first_name, last_name, phone, disabled_at, suspension_reason
      from users where id = ${id} for update`;
  if (!row) throw appError("NOT_FOUND", "User not found");
  return row;
}

export async function readAccount(sql: Queryable, id: string): Promise<AccountChange> {
  const [row] = await sql<AccountChange[]>`
    select u.id, u.email, u.role, u.disabled_at as "disabledAt", u.suspension_reason as "suspensionReason",
           (select s.id from salespeople s where s.user_id = u.id order by s.id limit 1) as "salespersonId",
           ${managedBySql(sql, sql`u.id`)} as "managedDealershipId",
           (select p.id from admin_promotions p where p.user_id = u.id and p.decided_at is null) as "promotionRequestId"
      from users u where u.id = ${id}`;
  if (!row) throw appError("NOT_FOUND", "User not found");
  return row;
}

/** What an audit row keeps of an account's role. */
function roleSnapshot(a: AccountChange) {
  return { role: a.role, salespersonId: a.salespersonId, managedDealershipId: a.managedDealershipId };
}

/**
 * Hands the dealership to `userId`, who becomes its owner (members.ts): refused while others lead it unless
 * `replace` says they step aside, in which case each keeps their account as a customer's (an account works for
 * one dealership).
 */
async function takeDealership(ctx: Context, tx: Queryable, userId: string, id: number, replace: boolean) {
  const [dealership] = await tx<{ id: number; name: string; leads: string[] }[]>`
    select d.id, d.name,
           array(select l.user_id from (${dealershipLeadsSql(tx, tx`d.id`, { group: false })}) l order by l.user_id) as leads
      from dealerships d where d.id = ${id} for update`;
  if (!dealership) throw appError("BAD_REQUEST", "Please choose a dealership", "UNKNOWN_DEALERSHIP");
  const others = dealership.leads.filter((lead) => lead !== userId);
  if (others.length === 0 && dealership.leads.includes(userId)) return;
  if (others.length > 0 && !replace)
    throw appError(
      "CONFLICT",
      `${dealership.name} already has a manager. Choose to replace them to hand the dealership over.`,
      "DEALERSHIP_HAS_MANAGER",
    );
  const left = await leaveDealerships(tx, userId);
  const previous = await handOverDealership(tx, id, userId, ctx.user?.id ?? null);
  await rotateSigningSecretsOnManagerChange(tx, ctx.secrets, [id, ...left]);
  for (const stepped of previous) {
    await tx`update users set role = 'customer', updated_at = now() where id = ${stepped} and role = 'manager'`;
    await recordAudit(ctx, tx, {
      action: "dealership.manager",
      entityId: id,
      dealershipId: id,
      reason: "Replaced by an administrator",
      before: { managerId: stepped },
      after: { managerId: userId },
    });
  }
}

/**
 * Gives the account the target role (not administrator: that is a request, which promotions.ts refuses in the
 * same way) with what the role needs. An account holding a salesperson profile stays a salesperson: any other
 * role is refused (access.ts refuseSalespersonProfile), so nobody manages or keeps the portal of their own
 * profile.
 */
async function applyRole(ctx: Context, tx: Queryable, account: Account, target: Target) {
  if (isAdmin(target)) return;
  if (target.role !== "salesperson") await refuseSalespersonProfile(tx, account, target.role);
  if (target.role === "manager") {
    await takeDealership(ctx, tx, account.id, target.dealershipId, target.replaceManager);
  } else {
    await rotateSigningSecretsOnManagerChange(tx, ctx.secrets, await leaveDealerships(tx, account.id));
  }
  if (target.role === "salesperson") {
    // An existing profile with the account's address is theirs (as a portal sign-in would link it).
    const [own] = await tx<{ id: number }[]>`
      update salespeople set user_id = ${account.id}
       where user_id = ${account.id} or (user_id is null and email = ${account.email})
      returning id`;
    if (!own) {
      const name = [account.first_name, account.last_name].filter(Boolean).join(" ");
      const profile = createSalespersonInput.parse({
        name: name || account.email.split("@")[0],
        email: account.email,
        dealershipId: target.dealershipId,
        phoneNumber: account.phone ?? undefined,
      });
      await insertSalesperson(ctx, tx, { ...profile, userId: account.id });
    }
  }
  await tx`update users set role = ${target.role}, updated_at = now() where id = ${account.id}`;
}

function emailTaken(error: unknown): never {
  if (pgErrorCode(error) === PG.uniqueViolation)
    throw appError("CONFLICT", "Another account already uses this email", "EMAIL_TAKEN");
  throw error;
}

/**
 * A new account of any role. Nobody but an administrator gets a password: the others sign in by e-mailed
 * link. An administrator is created as a customer with a promotion request a second administrator decides.
 * Like a role change (it can hand a dealership over or file a promotion), it needs a recent sign-in.
 */
export async function createUser(ctx: Context, input: z.output<typeof createUserInput>) {
  requireRecentAdminAuthentication(ctx);
  return commitBrowseChange(ctx, async (tx: postgres.TransactionSql) => {
    const [account] = await tx<Account[]>`
      insert into users (email, first_name, last_name, phone, role)
      values (${input.email}, ${input.firstName ?? null}, ${input.lastName ?? null}, ${input.phone || null},
              'customer')
      returning id, email, role, first_name, last_name, phone, disabled_at, suspension_reason`;
    await applyRole(ctx, tx, account!, input.target);
    if (isAdmin(input.target))
      await fileRequest(ctx, tx, account!.id, input.target.reason ?? "Created as an administrator");
    const after = await readAccount(tx, account!.id);
    await recordAudit(ctx, tx, { action: "user.create", entityId: after.id, after: roleSnapshot(after) });
    return after;
  }).catch(emailTaken);
}

/**
 * Customer, salesperson or manager of a dealership; administrator by request only. Taking the role away
 * from the last active administrator is refused.
 */
export async function changeRole(ctx: Context, input: z.output<typeof changeRoleInput>) {
  requireRecentAdminAuthentication(ctx);
  return commitBrowseChange(ctx, async (tx: postgres.TransactionSql) => {
    const account = await lockAccount(tx, input.id);
    if (isAdmin(input.target)) {
      if (isAdmin(account))
        throw appError("CONFLICT", "This account is already an administrator", "ALREADY_ADMIN");
      await fileRequest(ctx, tx, account.id, input.target.reason ?? null);
      return readAccount(tx, account.id);
    }
    if (isAdmin(account))
      await refuseLastAdmin(tx, account.id, "The last active administrator cannot lose the role");
    const before = await readAccount(tx, account.id);
    await applyRole(ctx, tx, account, input.target);
    // An account leaving the administrators keeps no console session.
    if (isAdmin(account)) await endSessions(tx, { userId: account.id });
    const after = await readAccount(tx, account.id);
    await recordAudit(ctx, tx, {
      action: "user.role",
      entityId: account.id,
      before: roleSnapshot(before),
      after: roleSnapshot(after),
    });
    return after;
  });
}

/**
 * Stops an account at once: its sessions end here, and its API keys and any later sign-in are refused while
 * `disabled_at` is set (credentials/session.ts, credentials/apiKeys.ts, credentials/suspension.ts). Its salesperson profile
 * leaves browse, its page and booking (publiclyListedSql).
 */
export async function suspendUser(ctx: Context, input: z.output<typeof suspendUserInput>) {
  if (input.id === ctx.user?.id)
    throw appError("CONFLICT", "You cannot suspend your own account", "CANNOT_SUSPEND_SELF");
  return commitBrowseChange(ctx, async (tx: postgres.TransactionSql) => {
    const account = await lockAccount(tx, input.id);
    if (account.disabled_at && !account.suspension_reason)
      throw appError("CONFLICT", "This account was erased", "ACCOUNT_ERASED");
    if (account.disabled_at)
      throw appError("CONFLICT", "This account is already suspended", "ALREADY_SUSPENDED");
    if (isAdmin(account)) {
      // Stopping another administrator reaches as far as taking their role: it needs a recent sign-in.
      requireRecentAdminAuthentication(ctx);
      await refuseLastAdmin(tx, account.id, "The last active administrator cannot be suspended");
    }
    await tx`
      update users set disabled_at = now(), suspension_reason = ${input.reason},
                       suspended_by = ${ctx.user?.id ?? null}, updated_at = now()
       where id = ${account.id}`;
    await endSessions(tx, { userId: account.id });
    const after = await readAccount(tx, account.id);
    await recordAudit(ctx, tx, {
      action: "user.suspend",
      entityId: account.id,
      reason: input.reason,
      before: { disabledAt: null },
      after: { disabledAt: after.disabledAt, suspensionReason: input.reason },
    });
    return after;
  });
}

/** Lifts a suspension (its API keys work again; sessions were ended and need a new sign-in). */
export async function reactivateUser(ctx: Context, input: z.output<typeof reactivateUserInput>) {
  return commitBrowseChange(ctx, async (tx: postgres.TransactionSql) => {
    const account = await lockAccount(tx, input.id);
    if (!account.disabled_at) throw appError("CONFLICT", "This account is not suspended", "NOT_SUSPENDED");
    if (!account.suspension_reason)
      throw appError("CONFLICT", "An erased account cannot be reactivated", "ACCOUNT_ERASED");
    await tx`
      update users set disabled_at = null, suspension_reason = null, suspended_by = null, updated_at = now()
       where id = ${account.id}`;
    const after = await readAccount(tx, account.id);
    await recordAudit(ctx, tx, {
      action: "user.reactivate",
      entityId: account.id,
      reason: input.reason,
      before: { disabledAt: account.disabled_at, suspensionReason: account.suspension_reason },
      after: { disabledAt: null },
    });
    return after;
  });
}
