import { adminLoginInput } from "../../../shared/schemas/admin";
import { adminProcedure, publicProcedure, router } from "../../trpc/init";
import { adminLogin } from "./login";

export const adminRouter = router({
  /** Answers a bearer token: the admin console keeps it as `adminSession` and sends it on admin calls. */
  login: publicProcedure.input(adminLoginInput).mutation(({ ctx, input }) => adminLogin(ctx, input)),
  verify: adminProcedure.query(({ ctx }) => ({ user: ctx.user })),
});
