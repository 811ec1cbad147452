// A self-registration waits for its e-mail address (docs/product/onboarding.md#salespeople-joining-on-their-own):
// an independent profile is listed, and a "dealership not listed" application filed, only once the address's
// owner has followed a sign-in link mailed to it. The registration mail is that link; any later salesperson
// sign-in link to the address confirms it too (the link proves the address either way).
import type { z } from "zod";
import { LOGIN_LINK_TTL_MINUTES } from "../../../shared/constants";
import type { unlistedDealershipInput } from "../../../shared/schemas/auth";
import { generateToken, hashToken } from "../../credentials/tokens";
import type { Queryable } from "../../db/client";
import type { Context } from "../../serviceContext";
import { issueLink, LINK_PATH } from "../auth/signInLinks";
import { applicationRow, mailApplicationConfirmation, mayMailToConfirm } from "./applications";

type HeldApplication = z.output<typeof unlistedDealershipInput>;

/** Holds a new profile until its address is confirmed, with the application to file then (if any). */
export async function holdRegistration(
  tx: Queryable,
  salespersonId: number,
  application: HeldApplication | null,
): Promise<void> {
  await tx`
    insert into pending_registrations (salesperson_id, application)
    values (${salespersonId}, ${application ? tx.json(application as never) : null})`;
}

/**
 * Removes an earlier registration of `email` that nobody confirmed (no account, still held), so registering
 * again replaces it: the latest details are the ones the address's owner confirms.
 */
export async function dropUnconfirmedRegistration(tx: Queryable, email: string): Promise<void> {
  await tx`
    delete from salespeople s using pending_registrations p
     where p.salesperson_id = s.id and s.email = ${email} and s.user_id is null`;
}

/** A named manager's address, to confirm by the application's own link once the registration commits. */
export type ManagerConfirmation = { email: string; token: string };

/**
 * Confirms the registration of `email`, inside the transaction that used a sign-in link to it: the profile is
 * listed from now on, and the application it carried is filed. When it names the registrant (or nobody) as the
 * manager it joins the administrators' queue at once; another manager's address must be confirmed first, by
 * the link the public form's applicants get (mailed by mailManagerConfirmation after commit). Null when there
 * was nothing to confirm.
 */
export async function confirmRegistration(
  tx: Queryable,
  email: string,
): Promise<{ managerConfirmation: ManagerConfirmation | null } | null> {
  const [held] = await tx<
    { salesperson_id: number; application: HeldApplication | null; name: string; email: string }[]
  >`
    delete from pending_registrations p using salespeople s
     where p.salesperson_id = s.id and s.email = ${email}
    returning p.salesperson_id, p.application, s.name, s.email::text as email`;
  if (!held) return null;
  if (!held.application) return { managerConfirmation: null };
  const { managerName, managerEmail, ...details } = held.application;
  const otherManager =
    managerEmail && managerEmail.toLowerCase() !== held.email.toLowerCase() ? managerEmail : null;
  const token = otherManager ? generateToken() : null;
  await tx`
    insert into dealership_applications ${tx({
      ...applicationRow(details, {
        name: otherManager ? (managerName ?? held.name) : held.name,
        email: otherManager ?? held.email,
      }),
      salesperson_id: held.salesperson_id,
      status: token ? "unconfirmed" : "pending",
      confirmed_at: token ? null : new Date(),
      confirm_token_hash: token ? hashToken(token) : null,
    })}`;
  return { managerConfirmation: otherManager && token ? { email: otherManager, token } : null };
}

/** After a confirmation commits: the named manager's confirmation link (within the per-recipient limit). */
export async function mailManagerConfirmation(ctx: Context, to: ManagerConfirmation): Promise<void> {
  if (await mayMailToConfirm(ctx, to.email)) await mailApplicationConfirmation(ctx, to);
}

/**
 * Mails the registrant the link that confirms their address and signs them in (within the per-recipient
 * limit). Nothing the registrant typed goes into it: the address is not confirmed yet.
 */
export async function mailRegistrationLink(ctx: Context, email: string): Promise<void> {
  if (!(await mayMailToConfirm(ctx, email))) return;
  const link = await issueLink(ctx, email, "salesperson");
  try {
    await ctx.mailer.send({
      kind: "sign_in",
      to: email,
      subject: "Confirm your e-mail address for KnowBefore",
      text: `Hello,\n\nSomeone registered this e-mail address as a salesperson on KnowBefore. If that was you, open this link to confirm the address and sign in; it works once and expires in ${LOGIN_LINK_TTL_MINUTES} minutes:\n\n${link}\n\nUntil then the profile is shown to nobody. If the link has expired, ask for a new sign-in link at ${ctx.env.APP_URL}${LINK_PATH.salesperson}; it confirms the address too.\n\nIf you did not register, you can ignore this e-mail: nothing is shown without your confirmation.\n`,
    });
  } catch (error) {
    ctx.logger.warn(`registration confirmation e-mail was not sent: ${(error as Error).message}`);
  }
}
