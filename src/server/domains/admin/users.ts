// Administrators' user accounts: the paged list, edits and deletion. Deletion takes a reason, never removes
// the caller or the last administrator, and commits with its audit row or not at all. Changing an account's
// sign-in address and removing an administrator need a recent sign-in (docs/product/admin.md#re-authentication).
import type { z } from "zod";
import type {
  AdminPage,
  AdminUser,
  adminUsersInput,
  DeleteUserInput,
  UpdateUserInput,
} from "../../../shared/schemas/admin";
import { isAdmin } from "../../access";
import { appError } from "../../appError";
import { recordAudit } from "../../auditTrail";
import { noticeAccountChange, requireRecentAdminAuthentication } from "../../credentials/accountChanges";
import { endSessions, invalidateOtherSessions } from "../../credentials/session";
import type { Queryable } from "../../db/client";
import { PG, pgErrorCode } from "../../db/pgErrors";
import { containsPattern, limitOffset, listPage, pageWindow } from "../../db/search";
import type { Context } from "../../serviceContext";
import { managedBySql } from "../manager/members";

function userColumns(sql: Queryable) {
  return sql`
    u.id, u.first_name as "firstName", u.last_name as "lastName", u.email, u.role, u.phone, u.city, u.state,
    u.profile_image_url as "profileImageUrl", u.created_at as "createdAt",
    (select s.id from salespeople s where s.user_id = u.id) as "salespersonId",
    (select d.name from dealerships d where d.id = ${managedBySql(sql, sql`u.id`)}) as "managedDealership",
    ${managedBySql(sql, sql`u.id`)} as "managedDealershipId",
    u.disabled_at as "disabledAt", u.suspension_reason as "suspensionReason",
    (select p.id from admin_promotions p where p.user_id = u.id and p.decided_at is null) as "promotionRequestId"`;
}

export async function listUsers(
  ctx: Context,
  input: z.output<typeof adminUsersInput>,
): Promise<AdminPage<AdminUser>> {
  const window = pageWindow(input);
  const pattern = containsPattern(input?.search);
  const role = input?.role ?? null;
  const where = ctx.sql`
    where (${pattern}::text is null
           or u.email ilike ${pattern}
           or concat_ws(' ', u.first_name, u.last_name) ilike ${pattern})
      and (${role}::text is null or u.role = ${role})`;
  return listPage(
    window,
    ctx.sql<AdminUser[]>`
      select ${userColumns(ctx.sql)} from users u ${where}
       order by u.created_at desc, u.id ${limitOffset(ctx.sql, window)}`,
    ctx.sql<{ n: number }[]>`select count(*)::int as n from users u ${where}`,
  );
}

type UserSnapshot = Pick<AdminUser, "email" | "firstName" | "lastName" | "role" | "phone" | "city" | "state">;

async function lockUser(tx: Queryable, id: string): Promise<UserSnapshot> {
  const [row] = await tx<UserSnapshot[]>`
    select email, first_name as "firstName", last_name as "lastName", role, phone, city, state
      from users where id = ${id} for update`;
  if (!row) throw appError("NOT_FOUND", "User not found");
  return row;
}

/**
 * Edits an account's details. A new e-mail address is a new way into the account (sign-in links go to it), so
 * it needs a recent sign-in, ends the account's sessions (all but the caller's own) and is told to the old
 * address, whose owner would otherwise never learn of it.
 */
export async function updateUser(ctx: Context, input: UpdateUserInput & { id: string }) {
  try {
    const { saved, emailChange } = await ctx.sql.begin(async (tx) => {
      const before = await lockUser(tx, input.id);
      const emailChange =
        input.email !== undefined && input.email.toLowerCase() !== before.email.toLowerCase()
          ? { from: before.email, to: input.email }
          : null;
      if (emailChange) {
        requireRecentAdminAuthentication(ctx);
        await invalidateOtherSessions(tx, input.id, ctx.session?.id);
      }
      const [after] = await tx<AdminUser[]>`
        update users u set
          first_name = ${input.firstName === undefined ? before.firstName : input.firstName},
          last_name = ${input.lastName === undefined ? before.lastName : input.lastName},
          email = ${input.email ?? before.email},
          phone = ${input.phone === undefined ? before.phone : input.phone},
          city = ${input.city === undefined ? before.city : input.city},
          state = ${input.state === undefined ? before.state : input.state},
          updated_at = now()
         where u.id = ${input.id}
        returning ${userColumns(tx)}`;
      await recordAudit(ctx, tx, {
        action: "user.update",
        entityId: input.id,
        before,
        after: {
          email: after!.email,
          firstName: after!.firstName,
          lastName: after!.lastName,
          role: after!.role,
          phone: after!.phone,
          city: after!.city,
          state: after!.state,
        },
      });
      return { saved: after!, emailChange };
    });
    if (emailChange)
      await noticeAccountChange(
        ctx,
        emailChange.from,
        "email_changed",
        `It now signs in as ${emailChange.to}.`,
      );
    return saved;
  } catch (error) {
    if (pgErrorCode(error) === PG.uniqueViolation)
      throw appError("CONFLICT", "Another account already uses this email", "EMAIL_TAKEN");
    throw error;
  }
}

/**
 * Refuses a change that would leave no active administrator once `id` stops being one. Every administrator
 * row is locked, so two administrators removing each other at the same moment cannot both succeed.
 */
export async function refuseLastAdmin(tx: Queryable, id: string, message: string) {
  const admins = await tx<{ id: string }[]>`
    select id from users where role = 'admin' and disabled_at is null order by id for update`;
  if (admins.filter((a) => a.id !== id).length === 0) throw appError("CONFLICT", message, "LAST_ADMIN");
}

/**
 * Removes an account and everything that belongs only to it (sessions, favourites, notifications); what
 * others still need (reviews, appointments, a salesperson profile) stays without the link to it.
 */
export async function deleteUser(ctx: Context, input: DeleteUserInput) {
  if (input.id === ctx.user?.id)
    throw appError("CONFLICT", "You cannot delete your own account", "CANNOT_DELETE_SELF");
  return ctx.sql.begin(async (tx) => {
    const before = await lockUser(tx, input.id);
    if (isAdmin(before)) {
      requireRecentAdminAuthentication(ctx);
      await refuseLastAdmin(tx, input.id, "The last administrator cannot be deleted");
    }
    // Its sessions go with it (a cascade would), announced so its live streams end too.
    await endSessions(tx, { userId: input.id });
    await tx`delete from users where id = ${input.id}`;
    await recordAudit(ctx, tx, {
      action: "user.delete",
      entityId: input.id,
      reason: input.reason,
      before,
    });
    return { deletedUser: before.email };
  });
}
