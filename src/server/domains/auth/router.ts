import {
  profileUpdateInput,
  redeemLinkInput,
  requestLoginInput,
  salespersonRegisterInput,
  userIdInput,
} from "../../../shared/schemas/auth";
import { authedProcedure, publicProcedure, router, staffProcedure } from "../../trpc/init";
import {
  describeLoginLink,
  getUserById,
  redeemLoginLink,
  registerSalesperson,
  requestCustomerLogin,
  requestSalespersonLogin,
  signOut,
  updateOwnProfile,
} from "./service";

export const authRouter = router({
  /** The caller, or null when signed out. */
  me: publicProcedure.query(({ ctx }) => ctx.user),
  /** The caller; 401 when signed out (REST's GET /api/auth/user). */
  currentUser: authedProcedure.query(({ ctx }) => ctx.user),
  /** The caller, when a salesperson, a manager or an administrator (GET /api/salesperson/auth/user). */
  staffUser: staffProcedure.query(({ ctx }) => ctx.user),
  userById: authedProcedure.input(userIdInput).query(({ ctx, input }) => getUserById(ctx, input.id)),
  requestLogin: publicProcedure
    .input(requestLoginInput)
    .mutation(({ ctx, input }) => requestCustomerLogin(ctx, input.email)),
  /** A mutation (POST) so the token stays out of URLs and access logs. */
  describeLink: publicProcedure
    .input(redeemLinkInput)
    .mutation(({ ctx, input }) => describeLoginLink(ctx, input.token)),
  redeemLink: publicProcedure
    .input(redeemLinkInput)
    .mutation(({ ctx, input }) => redeemLoginLink(ctx, input.token)),
  logout: publicProcedure.mutation(async ({ ctx }) => {
    await signOut(ctx);
    return { ok: true as const };
  }),
  updateProfile: authedProcedure
    .input(profileUpdateInput)
    .mutation(({ ctx, input }) => updateOwnProfile(ctx, input)),
});

export const salespersonAuthRouter = router({
  requestLogin: publicProcedure
    .input(requestLoginInput)
    .mutation(({ ctx, input }) => requestSalespersonLogin(ctx, input.email)),
  register: publicProcedure
    .input(salespersonRegisterInput)
    .mutation(({ ctx, input }) => registerSalesperson(ctx, input)),
});
