// Inputs and answers of invitations (docs/product/invitations.md): an administrator invites a
// dealership's manager, a manager invites salespeople, the invitee answers through the link in the e-mail.
import { z } from "zod";
import { DEALERSHIP_ROLES, GROUP_ROLES, INVITATION_ROLES, PAYMENT_MODELS } from "../constants";
import { emailSchema, redeemedLink } from "./auth";
import { idSchema, line } from "./common";

/** The token of an invitation's link. Sent in a body (POST), so it stays out of URLs and access logs. */
export const invitationTokenInput = z.strictObject({ token: line().min(1).max(200) });

/**
 * Accepting: the token, and the invitee's name, for the account and the new salesperson profile that accepting
 * makes (asked for only when they have no name yet; without it, the name the invitation was sent under).
 */
export const acceptInvitationInput = z.strictObject({
  token: line().min(1).max(200),
  name: line().min(1, "Name is required").max(120).optional(),
});

/** An administrator invites someone to manage a dealership (and so hands it over when they accept). */
export const inviteManagerInput = z.strictObject({
  dealershipId: idSchema,
  email: emailSchema,
  name: line().max(120).optional(),
});

/** How long an invitation stays open (a resend opens it again for as long). */
export const INVITATION_TTL_DAYS = 7;

/** An invitation named by its id (whoever sent it resends or revokes it; the invited salesperson answers it). */
export const invitationIdInput = z.strictObject({ id: z.uuid("Invitation id must be a UUID") });

const dealershipNamed = z.object({
  id: z.number().int(),
  name: z.string(),
  city: z.string(),
  state: z.string(),
});

/** What the acceptance page shows before the click that uses the invitation. */
export const invitationDescription = z
  .object({
    id: z.uuid(),
    email: z.string().describe("The address the invitation was sent to: only its owner may accept it"),
    role: z.enum(INVITATION_ROLES),
    dealership: dealershipNamed
      .nullable()
      .describe("The dealership invited to; null for a dealer group's invitation"),
    group: z
      .object({ id: z.number().int(), name: z.string() })
      .nullable()
      .describe("The dealer group invited to; null for a dealership's invitation"),
    groupRole: z.enum(GROUP_ROLES).nullable().describe("The group role a dealer group's invitation gives"),
    teamRole: z
      .enum(DEALERSHIP_ROLES)
      .nullable()
      .describe(
        "The role a dealership team's invitation gives; null for a salesperson's and an administrator's handover",
      ),
    invitedBy: z
      .string()
      .nullable()
      .describe("The inviter's name (or address); null if that account is gone"),
    expiresAt: z.date(),
    hasAccount: z.boolean().describe("Whether the address already has a KnowBefore account"),
    signInRequired: z
      .boolean()
      .describe(
        "The address has an account and the caller is not signed in as it: accepting needs that sign-in first",
      ),
    name: z
      .string()
      .nullable()
      .describe(
        "The name the invitation was sent under, as the inviter typed it (the page offers it, to keep or correct)",
      ),
    needsName: z
      .boolean()
      .describe(
        "Accepting makes an account or a salesperson profile that has no name yet: the page asks for it (required for a profile)",
      ),
    signedInAs: z
      .string()
      .nullable()
      .describe("The caller's address when signed in to a different account (accepting is refused then)"),
  })
  .describe("An open invitation, described without using it");
export type InvitationDescription = z.output<typeof invitationDescription>;

export const acceptedInvitation = z
  .object({
    id: z.uuid(),
    role: z.enum(INVITATION_ROLES),
    dealershipId: z.number().int().nullable().describe("null for a dealer group's invitation"),
    groupId: z
      .number()
      .int()
      .nullable()
      .describe("The dealer group joined; null for a dealership's invitation"),
    redirectTo: z.string().describe("Where the invitee goes next"),
    session: redeemedLink
      .nullable()
      .describe("The new account's sign-in; null when the caller was already signed in as the invitee"),
  })
  .describe("An accepted invitation");
export type AcceptedInvitation = z.output<typeof acceptedInvitation>;

export const declinedInvitation = z.object({
  id: z.uuid(),
  status: z.literal("declined"),
  dealershipId: z.number().int().nullable(),
});

/** An open (or expired, not yet answered) invitation as whoever sent it lists it. */
export const sentInvitation = z
  .object({
    id: z.uuid(),
    role: z.enum(INVITATION_ROLES),
    email: z.string(),
    name: z.string().nullable().describe("The invited salesperson's public name, when they have a profile"),
    dealership: dealershipNamed,
    paymentModel: z.enum(PAYMENT_MODELS).nullable(),
    invitedBy: z.string().nullable(),
    createdAt: z.date(),
    sentAt: z.date().describe("When its e-mail last went out"),
    expiresAt: z.date(),
    expired: z.boolean().describe("Past its expiry: resending opens it again with a new link"),
  })
  .describe("An invitation not answered yet, with resend and revoke");
export type SentInvitation = z.output<typeof sentInvitation>;

export const sentInvitations = z.array(sentInvitation);

export const revokedInvitation = z.object({ id: z.uuid(), revoked: z.literal(true) });
