import { z } from "zod";
import {
  profileUpdateInput,
  redeemLinkInput,
  requestLoginInput,
  salespersonRegisterInput,
} from "../../../shared/schemas/auth";
import { authedProcedure, publicProcedure, router } from "../../trpc/init";
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
  me: publicProcedure.query(({ ctx }) => ctx.user),
  userById: authedProcedure
    .input(z.strictObject({ id: z.uuid("Unknown user id") }))
    .query(({ ctx, input }) => getUserById(ctx, input.id)),
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
