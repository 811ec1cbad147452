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
import { ok } from "../../../shared/schemas/common";
import { passkeyRequestOptions, passkeySignInInput, verifyMfaInput } from "../../../shared/schemas/security";
import { appError, router } from "../../trpc/init";
import { anyone, anyoneBeforeMfa, signedIn, signedInBeforeMfa, staff } from "../../trpc/procedures";
import { requireKnownZip } from "../onboarding/applications";
import { passkeySignInOptions, signInWithPasskey } from "../security/passkeys";
import { completeMfaSignIn } from "../security/secondFactor";
import { describeLoginLink, findSessionUser, redeemLoginLink, signOut } from "./linkRedemption";
import { getUserById, registerSalesperson, updateOwnProfile } from "./service";
import { requestCustomerLogin, requestSalespersonLogin } from "./signInLinks";

export const authRouter = router({
  /** The caller, or null when signed out. */
  me: anyoneBeforeMfa.query(sessionUser.nullable(), (ctx) => ctx.user),
  /** The caller; 401 when signed out (REST's GET /api/auth/user). */
  currentUser: signedInBeforeMfa.query(sessionUser, (ctx) => ctx.user),
  /** The caller, when a salesperson, a manager or an administrator (GET /api/salesperson/auth/user). */
  staffUser: staff.query(sessionUser, (ctx) => ctx.user),
  userById: signedIn.query(userIdInput, sessionUser, (ctx, input) => getUserById(ctx, input.id)),
  requestLogin: anyone.mutation(requestLoginInput, requestLoginOutput, (ctx, input) =>
    requestCustomerLogin(ctx, input.email),
  ),
  /** A mutation (POST) so the token stays out of URLs and access logs. */
  describeLink: anyone.mutation(redeemLinkInput, linkDescription, (ctx, input) =>
    describeLoginLink(ctx, input.token),
  ),
  redeemLink: anyone.mutation(redeemLinkInput, redeemedLink, (ctx, input) =>
    redeemLoginLink(ctx, input.token),
  ),
  /** The second step of a link sign-in when the account has MFA on: the challenge and a code. */
  verifyMfa: anyone.mutation(verifyMfaInput, signedInAnswer, async (ctx, input) => {
    const done = await completeMfaSignIn(ctx, input, "session");
    const user = await findSessionUser(ctx, done.userId);
    if (!user) throw appError("UNAUTHORIZED", "This sign-in has expired. Please start again.");
    return { user, redirectTo: done.redirectTo };
  }),
  /** A passkey sign-in, step 1: a challenge for any passkey of this site (no e-mail address needed). */
  passkeySignInOptions: anyone.mutation(passkeyRequestOptions, passkeySignInOptions),
  /** Step 2: the signed challenge; a verified passkey is both factors, so the session starts at once. */
  passkeySignIn: anyone.mutation(passkeySignInInput, signedInAnswer, signInWithPasskey),
  logout: anyoneBeforeMfa.mutation(ok, async (ctx) => {
    await signOut(ctx);
    return { ok: true as const };
  }),
  updateProfile: signedIn.mutation(profileUpdateInput, sessionUser, updateOwnProfile),
});

/** The shared registration fields, and a ZIP code we can place wherever one is given. */
const registrationInput = salespersonRegisterInput.superRefine((input, issues) => {
  if (input.joining === "independent") requireKnownZip(issues, input.zipCode, ["zipCode"]);
  if (input.joining === "unlisted")
    requireKnownZip(issues, input.application?.zipCode, ["application", "zipCode"]);
});

export const salespersonAuthRouter = router({
  requestLogin: anyone.mutation(requestLoginInput, requestLoginOutput, (ctx, input) =>
    requestSalespersonLogin(ctx, input.email),
  ),
  /** Limited to 5 at once, then one every 10 minutes per address. */
  register: anyone.mutation(registrationInput, registeredSalesperson, registerSalesperson, {
    limit: { perAddress: { capacity: 5, refillSeconds: 600 } },
  }),
});
