// Registration of a salesperson, and the signed-in user's own account: read and edited.

import { links } from "../../../shared/links";
import type { ProfileUpdateInput, SalespersonRegisterInput, SessionUser } from "../../../shared/schemas/auth";
import { isAdmin } from "../../access";
import { appError } from "../../appError";
import { recordSecurityEvent } from "../../auth/securityEvents";
import type { DealershipRow, SalespersonRow, UserRow } from "../../db/rows";
import type { Context } from "../../serviceContext";
import { notify } from "../notifications/notify";
import { findSessionUser } from "./linkRedemption";

export async function registerSalesperson(
  ctx: Context,
  input: SalespersonRegisterInput & { yearsExperience: number; specialties: string[] },
) {
  const [dealership] = await ctx.sql<Pick<DealershipRow, "id" | "city" | "state" | "time_zone">[]>`
    select id, city, state, time_zone from dealerships where lower(name) = lower(${input.dealership}) limit 1`;
  if (!dealership) {
    throw appError(
      "UNPROCESSABLE_CONTENT",
      "We could not find that dealership. Please pick it from the list or check its name.",
      "DEALERSHIP_NOT_FOUND",
    );
  }
  const [existing] = await ctx.sql`
    select 1 as found from salespeople where email = ${input.email}
    union all select 1 from users where email = ${input.email} and role <> 'customer'
    limit 1`;
  if (existing) {
    throw appError(
      "CONFLICT",
      "A salesperson with this email already exists. Try logging in instead.",
      "ACCOUNT_EXISTS",
    );
  }
  try {
    const row = {
      name: input.name,
      email: input.email,
      phone_number: input.phone ?? null,
      dealership_id: dealership.id,
      years_of_experience: input.yearsExperience,
      specialties: [...new Set(input.specialties)],
      city: dealership.city,
      state: dealership.state,
      time_zone: dealership.time_zone,
      status: "available",
      payment_model: "dealership",
    } satisfies Partial<SalespersonRow>;
    // The profile stays out of browse and booking until the dealership's manager confirms it, so the manager
    // hears of it in the same statement that creates it.
    const [created] = await ctx.sql<Pick<SalespersonRow, "id" | "email">[]>`
      with created as (insert into salespeople ${ctx.sql(row)} returning id, email),
      notice as (${notify(ctx.sql, {
        to: { managerOf: dealership.id },
        type: "salesperson_registration",
        title: "New salesperson to confirm",
        body: `${input.name} registered with ${input.dealership.trim()} and waits for you to confirm them on your team.`,
        link: links.managerDashboard({ tab: "team" }),
      })})
      select id, email from created`;
    ctx.browseCache.clear();
    await recordSecurityEvent(ctx, {
      eventType: "salesperson_registered",
      details: `salesperson ${created?.id}`,
    });
    return created!;
  } catch (error) {
    if ((error as { code?: string }).code === "23505") {
      throw appError(
        "CONFLICT",
        "A salesperson with this email already exists. Try logging in instead.",
        "ACCOUNT_EXISTS",
      );
    }
    throw error;
  }
}

export async function getUserById(ctx: Context, userId: string): Promise<SessionUser> {
  // Only your own record: another user's id is refused, not looked up.
  if (ctx.user?.id !== userId && !isAdmin(ctx.user)) {
    throw appError("FORBIDDEN", "You can only read your own account", "NOT_OWNER");
  }
  const user = await findSessionUser(ctx, userId);
  if (!user) throw appError("NOT_FOUND", "User not found", "USER_NOT_FOUND");
  return user;
}

export async function updateOwnProfile(
  ctx: Context & { user: SessionUser },
  input: ProfileUpdateInput,
): Promise<SessionUser> {
  const { email, id, ...fields } = input;
  if (id !== undefined && id !== ctx.user.id) {
    throw appError("FORBIDDEN", "You can only change your own account", "NOT_OWNER");
  }
  if (email !== undefined && email !== ctx.user.email) {
    throw appError(
      "UNPROCESSABLE_CONTENT",
      "Your email address cannot be changed here. Contact support to change it.",
      "EMAIL_CHANGE_UNSUPPORTED",
    );
  }
  const { firstName, lastName, phone, city, state, zipCode } = fields;
  const changes = Object.fromEntries(
    Object.entries({
      first_name: firstName,
      last_name: lastName,
      phone,
      city,
      state,
      zip_code: zipCode,
    } satisfies Partial<UserRow>).filter(([, v]) => v !== undefined),
  );
  if (Object.keys(changes).length > 0) {
    await ctx.sql`update users set ${ctx.sql({ ...changes, updated_at: new Date() })} where id = ${ctx.user.id}`;
  }
  const user = await findSessionUser(ctx, ctx.user.id);
  if (!user) throw appError("NOT_FOUND", "User not found", "USER_NOT_FOUND");
  return user;
}
