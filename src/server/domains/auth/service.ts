// Registration of a salesperson, and the signed-in user's own account: read and edited.

import type { z } from "zod";
import { links } from "../../../shared/links";
import type {
  ProfileUpdateInput,
  SalespersonJoining,
  SessionUser,
  salespersonRegisterInput,
} from "../../../shared/schemas/auth";
import { isAdmin } from "../../access";
import { appError } from "../../appError";
import { recordSecurityEvent } from "../../credentials/securityEvents";
import type { DealershipRow, SalespersonRow, UserRow } from "../../db/rows";
import { zipPlace } from "../../geo/zipPlaces";
import type { Authed, Context } from "../../serviceContext";
import { notify } from "../notifications/notify";
import { leadEmailsSql } from "../notifications/recipients";
import { unknownZipMessage } from "../onboarding/applications";
import {
  dropUnconfirmedRegistration,
  holdRegistration,
  mailRegistrationLink,
} from "../onboarding/registrations";
import { findSessionUser } from "./linkRedemption";

type Registration = z.output<typeof salespersonRegisterInput>;
type Registered = {
  id: number;
  email: string;
  joining: SalespersonJoining;
  listed: boolean;
  confirmationSent: boolean;
};
type Placement = Pick<SalespersonRow, "dealership_id" | "city" | "state" | "time_zone" | "payment_model">;

const ACCOUNT_EXISTS = "A salesperson with this email already exists. Try logging in instead.";

/**
 * Registers a salesperson, in one of three ways (docs/product/onboarding.md#salespeople-joining-on-their-own):
 * with a listed dealership (unlisted until its manager verifies them; the manager is told in the app and by
 * e-mail), independent, or with a dealership not listed yet (independent meanwhile, with its application). An
 * independent profile is held unlisted, and the application unfiled, until the registrant follows the link
 * mailed to the address (registrations.ts); registering an address again replaces a registration nobody
 * confirmed.
 */
export async function registerSalesperson(ctx: Context, input: Registration): Promise<Registered> {
  const dealership =
    input.joining === "dealership" ? await findListedDealership(ctx, input.dealership) : null;
  const [existing] = await ctx.sql`
    select 1 as found from salespeople s where email = ${input.email}
       and (s.user_id is not null or s.id not in (select salesperson_id from pending_registrations))
    union all select 1 from users where email = ${input.email} and role <> 'customer'
    limit 1`;
  if (existing) throw appError("CONFLICT", ACCOUNT_EXISTS, "ACCOUNT_EXISTS");
  const placement: Placement = dealership
    ? {
        dealership_id: dealership.id,
        city: dealership.city,
        state: dealership.state,
        time_zone: dealership.time_zone,
        payment_model: "dealership",
      }
    : { ...independentPlace(input), dealership_id: null, payment_model: "individual" };
  try {
    const created = await ctx.sql.begin(async (tx) => {
      await dropUnconfirmedRegistration(tx, input.email);
      const row = {
        name: input.name,
        email: input.email,
        phone_number: input.phone ?? null,
        years_of_experience: input.yearsExperience,
        specialties: [...new Set(input.specialties)],
        status: "available",
        ...placement,
      } satisfies Partial<SalespersonRow>;
      const [person] = await tx<Pick<SalespersonRow, "id" | "email">[]>`
        insert into salespeople ${tx(row)} returning id, email`;
      if (dealership) {
        await notify(tx, {
          to: { managerOf: dealership.id },
          type: "salesperson_registration",
          title: "New salesperson to confirm",
          body: `${input.name} registered with ${dealership.name} and waits for you to confirm them on your team.`,
          link: links.managerDashboard({ tab: "team" }),
        });
      }
      if (!dealership) {
        const application = input.joining === "unlisted" ? (input.application ?? null) : null;
        await holdRegistration(tx, person!.id, application);
      }
      return person!;
    });
    ctx.browseCache.clear();
    await recordSecurityEvent(ctx, {
      eventType: "salesperson_registered",
      details: `salesperson ${created.id}`,
    });
    if (dealership) await mailManagerOfRegistration(ctx, dealership, input.name);
    else await mailRegistrationLink(ctx, created.email);
    return { ...created, joining: input.joining, listed: false, confirmationSent: dealership === null };
  } catch (error) {
    if ((error as { code?: string }).code === "23505")
      throw appError("CONFLICT", ACCOUNT_EXISTS, "ACCOUNT_EXISTS");
    throw error;
  }
}

type ListedDealership = Pick<DealershipRow, "id" | "name" | "city" | "state" | "time_zone"> & {
  lead_emails: string[];
};

async function findListedDealership(ctx: Context, name: string | undefined): Promise<ListedDealership> {
  const [dealership] = await ctx.sql<ListedDealership[]>`
    select d.id, d.name, d.city, d.state, d.time_zone, ${leadEmailsSql(ctx.sql, ctx.sql`d.id`)} as lead_emails
      from dealerships d
     where lower(d.name) = lower(${name ?? ""}) limit 1`;
  if (!dealership) {
    throw appError(
      "UNPROCESSABLE_CONTENT",
      "We could not find that dealership. Please pick it from the list or check its name.",
      "DEALERSHIP_NOT_FOUND",
    );
  }
  return dealership;
}

/** Where an independent salesperson works: their own ZIP code's, or the unlisted dealership's. */
function independentPlace(input: Registration) {
  const zip = input.joining === "unlisted" ? input.application?.zipCode : input.zipCode;
  const place = zip ? zipPlace(zip) : null;
  if (!place) throw appError("BAD_REQUEST", unknownZipMessage(zip ?? ""), "UNKNOWN_ZIP");
  return { city: place.city, state: place.state, time_zone: place.timeZone };
}

/** The bell is not enough: a manager who is not signed in hears of a registration by e-mail. */
async function mailManagerOfRegistration(ctx: Context, dealership: ListedDealership, name: string) {
  const team = `${ctx.env.APP_URL}${links.managerDashboard({ tab: "team" })}`;
  try {
    for (const to of dealership.lead_emails)
      await ctx.mailer.send({
        kind: "team_registrations",
        to,
        subject: `${name} registered with ${dealership.name} on KnowBefore`,
        text: `Hello,\n\n${name} registered on KnowBefore as a salesperson at ${dealership.name}. Their profile stays unlisted and cannot be booked until you confirm that they work for you.\n\nConfirm or reject them on your dashboard: ${team}\n`,
      });
  } catch (error) {
    ctx.logger.warn(`registration e-mail to the manager was not sent: ${(error as Error).message}`);
  }
}

export async function getUserById(ctx: Context, { id: userId }: { id: string }): Promise<SessionUser> {
  // Only your own record: another user's id is refused, not looked up.
  if (ctx.user?.id !== userId && !isAdmin(ctx.user)) {
    throw appError("FORBIDDEN", "You can only read your own account", "NOT_OWNER");
  }
  const user = await findSessionUser(ctx, userId);
  if (!user) throw appError("NOT_FOUND", "User not found", "USER_NOT_FOUND");
  return user;
}

export async function updateOwnProfile(ctx: Authed, input: ProfileUpdateInput): Promise<SessionUser> {
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
