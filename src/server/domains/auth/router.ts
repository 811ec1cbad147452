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
  signedIn,
  userIdInput,
} from "../../../shared/schemas/auth";
import { ok } from "../../../shared/schemas/common";
import { verifyMfaInput } from "../../../shared/schemas/security";
import {
  appError,
  publicProcedure,
  router,
  salespersonOrManagerOrAdminProcedure,
  signedInProcedure,
} from "../../trpc/init";
import { answers } from "../../trpc/output";
import { completeMfaSignIn } from "../security/secondFactor";
import { describeLoginLink, findSessionUser, redeemLoginLink, signOut } from "./linkRedemption";
import { getUserById, registerSalesperson, updateOwnProfile } from "./service";
import { requestCustomerLogin, requestSalespersonLogin } from "./signInLinks";

export const authRouter = router({
  /** The caller, or null when signed out. */
  me: publicProcedure
    .meta({ access: "public", beforeMfa: true })
    .output(answers(sessionUser.nullable()))
    .query(({ ctx }) => ctx.user),
  /** The caller; 401 when signed out (REST's GET /api/auth/user). */
  currentUser: signedInProcedure
    .meta({ access: "authed", beforeMfa: true })
    .output(answers(sessionUser))
    .query(({ ctx }) => ctx.user),
  /** The caller, when a salesperson, a manager or an administrator (GET /api/salesperson/auth/user). */
  staffUser: salespersonOrManagerOrAdminProcedure.output(answers(sessionUser)).query(({ ctx }) => ctx.user),
  userById: signedInProcedure
    .input(userIdInput)
    .output(answers(sessionUser))
    .query(({ ctx, input }) => getUserById(ctx, input.id)),
  requestLogin: publicProcedure
    .input(requestLoginInput)
    .output(answers(requestLoginOutput))
    .mutation(({ ctx, input }) => requestCustomerLogin(ctx, input.email)),
  /** A mutation (POST) so the token stays out of URLs and access logs. */
  describeLink: publicProcedure
    .input(redeemLinkInput)
    .output(answers(linkDescription))
    .mutation(({ ctx, input }) => describeLoginLink(ctx, input.token)),
  redeemLink: publicProcedure
    .input(redeemLinkInput)
    .output(answers(redeemedLink))
    .mutation(({ ctx, input }) => redeemLoginLink(ctx, input.token)),
  /** The second step of a link sign-in when the account has MFA on: the challenge and a code. */
  verifyMfa: publicProcedure
    .input(verifyMfaInput)
    .output(answers(signedIn))
    .mutation(async ({ ctx, input }) => {
      const done = await completeMfaSignIn(ctx, input, "session");
      const user = await findSessionUser(ctx, done.userId);
      if (!user) throw appError("UNAUTHORIZED", "This sign-in has expired. Please start again.");
      return { user, redirectTo: done.redirectTo };
    }),
  logout: publicProcedure
    .meta({ access: "public", beforeMfa: true })
    .output(answers(ok))
    .mutation(async ({ ctx }) => {
      await signOut(ctx);
      return { ok: true as const };
    }),
  updateProfile: signedInProcedure
    .input(profileUpdateInput)
    .output(answers(sessionUser))
    .mutation(({ ctx, input }) => updateOwnProfile(ctx, input)),
});

export const salespersonAuthRouter = router({
  requestLogin: publicProcedure
    .input(requestLoginInput)
    .output(answers(requestLoginOutput))
    .mutation(({ ctx, input }) => requestSalespersonLogin(ctx, input.email)),
  register: publicProcedure
    .input(salespersonRegisterInput)
    .output(answers(registeredSalesperson))
    .mutation(({ ctx, input }) => registerSalesperson(ctx, input)),
});
