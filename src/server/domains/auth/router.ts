import {
  linkDescription,
  profileUpdateInput,
  redeemedLink,
  redeemLinkInput,
  registeredSalesperson,
  requestLoginInput,
  requestLoginOutput,
  salespersonRegisterInput,
  sessionUser,
  signedIn as signedInAnswer,
  userIdInput,
} from "../../../shared/schemas/auth";
import * as common from "../../../shared/schemas/common";
import { passkeyRequestOptions, passkeySignInInput, verifyMfaInput } from "../../../shared/schemas/security";
import { appError } from "../../trpc/init";
import {
  anyone,
  anyoneBeforeMfa,
  signedIn,
  signedInBeforeMfa,
  staff,
  taggedRouter,
} from "../../trpc/procedures";
import { requireKnownZip } from "../onboarding/applications";
import { passkeySignInOptions, signInWithPasskey } from "../security/passkeys";
import { completeMfaSignIn } from "../security/secondFactor";
import { describeLoginLink, findSessionUser, redeemLoginLink, signOut } from "./linkRedemption";
import { getUserById, registerSalesperson, updateOwnProfile } from "./service";
import { requestCustomerLogin, requestSalespersonLogin } from "./signInLinks";

/** The shared registration fields, and a ZIP code we can place wherever one is given. */
const registrationInput = salespersonRegisterInput.superRefine((input, issues) => {
  if (input.joining === "independent") requireKnownZip(issues, input.zipCode, ["zipCode"]);
  if (input.joining === "unlisted")
    requireKnownZip(issues, input.application?.zipCode, ["application", "zipCode"]);
});

export const authRouter = taggedRouter("Authentication", {
  /** The caller, or null when signed out. */
  me: anyoneBeforeMfa.query(sessionUser.nullable(), (ctx) => ctx.user),
  /** The caller; 401 when signed out. */
  currentUser: signedInBeforeMfa.query(sessionUser, (ctx) => ctx.user, { rest: "GET /auth/user" }),
  /** The caller, when a salesperson, a manager or an administrator. */
  staffUser: staff.query(sessionUser, (ctx) => ctx.user, { rest: "GET /salesperson/auth/user" }),
  userById: signedIn.query(userIdInput, sessionUser, getUserById, { rest: "GET /auth/user/:id" }),
  requestLogin: anyone.mutation(requestLoginInput, requestLoginOutput, requestCustomerLogin, {
    rest: "POST /auth/request-login",
  }),
  /** A mutation (POST) so the token stays out of URLs and access logs. */
  describeLink: anyone.mutation(redeemLinkInput, linkDescription, describeLoginLink, {
    rest: "GET /salesperson/auth/verify",
  }),
  redeemLink: anyone.mutation(redeemLinkInput, redeemedLink, redeemLoginLink, { rest: "POST /auth/redeem" }),
  /** The second step of a link sign-in when the account has MFA on: the challenge and a code. */
  verifyMfa: anyone.mutation(
    verifyMfaInput,
    signedInAnswer,
    async (ctx, input) => {
      const done = await completeMfaSignIn(ctx, input, "session");
      const user = await findSessionUser(ctx, done.userId);
      if (!user) throw appError("UNAUTHORIZED", "This sign-in has expired. Please start again.");
      return { user, redirectTo: done.redirectTo };
    },
    {
      rest: "POST /auth/verify-mfa",
      description: "The second step of a sign-in (link or admin form) when the account has MFA on.",
    },
  ),
  /** A passkey sign-in, step 1: a challenge for any passkey of this site (no e-mail address needed). */
  passkeySignInOptions: anyone.mutation(passkeyRequestOptions, passkeySignInOptions, {
    rest: "POST /auth/passkey/options",
  }),
  /** Step 2: the signed challenge; a verified passkey is both factors, so the session starts at once. */
  passkeySignIn: anyone.mutation(passkeySignInInput, signedInAnswer, signInWithPasskey, {
    rest: "POST /auth/passkey",
  }),
  logout: anyoneBeforeMfa.mutation(
    common.ok,
    async (ctx) => {
      await signOut(ctx);
      return { ok: true as const };
    },
    {
      rest: [
        "POST /salesperson/auth/logout",
        {
          route: "POST /logout",
          shape: () => ({ redirect: "/" }),
          responds: { kind: "redirect", to: "/" },
        },
      ],
      description:
        "Signs out. The site's sign-out form posts to /logout, which then goes home; a GET there answers 405 (it changes state).",
    },
  ),
  updateProfile: signedIn.mutation(profileUpdateInput, sessionUser, updateOwnProfile, {
    rest: "PATCH /auth/user/:id",
  }),
  // A salesperson's own sign-in link and self-registration (the portal's).
  requestSalespersonLogin: anyone.mutation(requestLoginInput, requestLoginOutput, requestSalespersonLogin, {
    rest: "POST /salesperson/auth/login",
  }),
  /** Limited to 5 at once, then one every 10 minutes per address. */
  registerSalesperson: anyone.mutation(registrationInput, registeredSalesperson, registerSalesperson, {
    limit: { perAddress: { capacity: 5, refillSeconds: 600 } },
    rest: { route: "POST /salesperson/auth/register", status: 201 },
  }),
});
