// Filing a dealership application: from the public form, or from a salesperson's confirmed registration; either
// way its contact address is confirmed by a one-click link before an administrator sees it, unless it is the
// registering salesperson's own, already confirmed one. The confirmation mail carries no text anyone typed.
import type { RefinementCtx, z } from "zod";
import { links } from "../../../shared/links";
import {
  APPLICATION_CONFIRM_HOURS,
  type ApplicationLink,
  dealershipApplicationInput,
} from "../../../shared/schemas/onboarding";
import { appError } from "../../appError";
import { generateToken, hashToken } from "../../credentials/tokens";
import type { Queryable } from "../../db/client";
import { zipPlace } from "../../geo/zipPlaces";
import { consumeToken, RATE_LIMITS } from "../../rateLimit";
import type { Context } from "../../serviceContext";
import { limitRedemptions } from "../auth/linkRedemption";
import { limitFormPosts } from "../site/service";

export const FILED_MESSAGE =
  "Thank you. We sent a confirmation link to the e-mail address you gave; open it within 48 hours so we can review your application.";
const INVALID_CONFIRMATION =
  "This confirmation link is invalid or has expired. Please file the application again.";

export function unknownZipMessage(zipCode: string): string {
  return `We could not find ZIP code ${zipCode.trim()}. Please check it.`;
}

/** A ZIP code we cannot place is a field error of the input, as a malformed one is. */
export function requireKnownZip(issues: RefinementCtx, zipCode: string | undefined, path: string[]): void {
  if (zipCode !== undefined && /^\d{5}(-\d{4})?$/.test(zipCode) && !zipPlace(zipCode))
    issues.addIssue({ code: "custom", path, message: unknownZipMessage(zipCode) });
}

/** The public form's input as the server reads it: the shared fields, and a ZIP code we know. */
export const applicationInput = dealershipApplicationInput.superRefine((input, issues) =>
  requireKnownZip(issues, input.zipCode, ["zipCode"]),
);
type ApplicationInput = z.output<typeof applicationInput>;

/** The fields of a new application row, the city and state taken from its ZIP code. */
export function applicationRow(
  input: Omit<ApplicationInput, "applicantName" | "applicantEmail">,
  applicant: { name: string; email: string },
) {
  const place = zipPlace(input.zipCode);
  if (!place) throw appError("BAD_REQUEST", unknownZipMessage(input.zipCode), "UNKNOWN_ZIP");
  return {
    dealership_name: input.dealershipName,
    address: input.address,
    zip_code: place.zipCode,
    city: place.city,
    state: place.state,
    phone_number: input.phoneNumber,
    website: input.website ?? null,
    applicant_name: applicant.name,
    applicant_email: applicant.email,
  };
}

/**
 * Files an application from the public form and mails its confirmation link. Every filing answers the same
 * words, whether or not the address or the dealership is already known (nothing to enumerate).
 */
export async function fileApplication(ctx: Context, input: ApplicationInput): Promise<{ message: string }> {
  await limitFormPosts(ctx, "application", "applications");
  if (!(await mayMailToConfirm(ctx, input.applicantEmail))) return { message: FILED_MESSAGE };
  const token = generateToken();
  const row = {
    ...applicationRow(input, { name: input.applicantName, email: input.applicantEmail }),
    confirm_token_hash: hashToken(token),
  };
  await ctx.sql`insert into dealership_applications ${ctx.sql(row)}`;
  await mailApplicationConfirmation(ctx, { email: row.applicant_email, token });
  return { message: FILED_MESSAGE };
}

/**
 * Whether one more confirmation mail may go to `email` (RATE_LIMITS.confirmationMailsPerRecipient): an address
 * nobody has confirmed yet is mailed a few times a day at most, whoever asks, from wherever.
 */
export async function mayMailToConfirm(ctx: Context, email: string): Promise<boolean> {
  if (ctx.env.RATE_LIMIT_DISABLED) return true;
  return consumeToken(
    ctx.sql,
    `confirm:email:${email.trim().toLowerCase()}`,
    RATE_LIMITS.confirmationMailsPerRecipient,
  );
}

/**
 * The confirmation link of an application. The address is not confirmed yet, so the mail holds nothing anyone
 * typed (no dealership name, no greeting by name): it cannot carry someone else's message in our name.
 */
export async function mailApplicationConfirmation(
  ctx: Context,
  to: { email: string; token: string },
): Promise<void> {
  const link = `${ctx.env.APP_URL}${links.confirmApplication(to.token)}`;
  try {
    await ctx.mailer.send({
      kind: "sign_in",
      to: to.email,
      subject: "Confirm your dealership application on KnowBefore",
      text: `Hello,\n\nSomeone asked to list a dealership on KnowBefore and gave this e-mail address as its contact. If that was you or your team, please confirm the address with the link below; it works once and expires in ${APPLICATION_CONFIRM_HOURS} hours. The page it opens shows the application's details before you confirm:\n\n${link}\n\nOnce confirmed, an administrator reviews the application and e-mails you the decision.\n\nIf you did not expect this, you can ignore this e-mail: nothing is filed without your confirmation.\n`,
    });
  } catch (error) {
    // The answer stays the same either way (it must not tell who applied); the operator sees the failure.
    ctx.logger.warn(`application confirmation e-mail was not sent: ${(error as Error).message}`);
  }
}

/** The unconfirmed application a token confirms, while its link is still good. */
function confirmableSql(sql: Queryable, token: string) {
  return sql`confirm_token_hash = ${hashToken(token)} and status = 'unconfirmed'
             and created_at > now() - make_interval(hours => ${APPLICATION_CONFIRM_HOURS})`;
}

/** What a confirmation link confirms, without using it (the page asks for one click, as sign-in links do). */
export async function describeApplicationLink(
  ctx: Context,
  { token }: { token: string },
): Promise<ApplicationLink> {
  await limitRedemptions(ctx);
  const [found] = await ctx.sql<ApplicationLink[]>`
    select dealership_name as "dealershipName", applicant_email::text as "applicantEmail",
           created_at + make_interval(hours => ${APPLICATION_CONFIRM_HOURS}) as "expiresAt"
      from dealership_applications where ${confirmableSql(ctx.sql, token)}`;
  if (!found) throw appError("NOT_FOUND", INVALID_CONFIRMATION, "INVALID_CONFIRMATION_LINK");
  return found;
}

/** Confirms the e-mail: the application joins the administrators' queue. The link works once. */
export async function confirmApplication(ctx: Context, { token }: { token: string }) {
  await limitRedemptions(ctx);
  const [confirmed] = await ctx.sql<{ dealershipName: string }[]>`
    update dealership_applications
       set status = 'pending', confirmed_at = now(), confirm_token_hash = null
     where ${confirmableSql(ctx.sql, token)}
    returning dealership_name as "dealershipName"`;
  if (!confirmed) throw appError("NOT_FOUND", INVALID_CONFIRMATION, "INVALID_CONFIRMATION_LINK");
  return { dealershipName: confirmed.dealershipName, status: "pending" as const };
}
