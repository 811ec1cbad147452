import {
  adminLoginInput,
  adminSalespeopleInput,
  adminUsersInput,
  createDealershipInput,
  createSalespersonInput,
  dealershipLogoInput,
  dealershipsInput,
  deleteByIdInput,
  deleteUserInput,
  salespersonPhotoInput,
  updateDealershipInput,
  updateSalespersonAdminInput,
  updateUserInput,
} from "../../../shared/schemas/admin";
import { verifyMfaInput } from "../../../shared/schemas/security";
import { adminAccountProcedure, adminProcedure, publicProcedure, router } from "../../trpc/init";
import {
  createDealership,
  deleteDealership,
  listDealerships,
  updateDealership,
  uploadDealershipLogo,
} from "./dealerships";
import { adminLogin, adminLogout, adminVerifyMfa } from "./login";
import { adminOverview } from "./overview";
import {
  createSalesperson,
  deleteSalesperson,
  listSalespeople,
  updateSalesperson,
  uploadSalespersonPhoto,
} from "./salespeople";
import { deleteUser, listUsers, updateUser } from "./users";

export const adminRouter = router({
  /** Answers a bearer token: the admin console keeps it as `adminSession` and sends it on admin calls. */
  login: publicProcedure
    .meta({ access: "public", beforeMfa: true })
    .input(adminLoginInput)
    .mutation(({ ctx, input }) => adminLogin(ctx, input)),
  /** The second step when the administrator has MFA on: the challenge `login` answered and a code. */
  verifyMfa: publicProcedure
    .meta({ access: "public", beforeMfa: true })
    .input(verifyMfaInput)
    .mutation(({ ctx, input }) => adminVerifyMfa(ctx, input)),
  verify: adminAccountProcedure.query(({ ctx }) => ({ user: ctx.user, expiresAt: ctx.session.expiresAt })),
  /** Ends the console's session on the server (the browser forgets its token either way). */
  logout: adminAccountProcedure.mutation(({ ctx }) => adminLogout(ctx)),
  overview: adminProcedure.query(({ ctx }) => adminOverview(ctx)),

  users: adminProcedure.input(adminUsersInput).query(({ ctx, input }) => listUsers(ctx, input)),
  updateUser: adminProcedure.input(updateUserInput).mutation(({ ctx, input }) => updateUser(ctx, input)),
  deleteUser: adminProcedure.input(deleteUserInput).mutation(({ ctx, input }) => deleteUser(ctx, input)),

  salespeople: adminProcedure
    .input(adminSalespeopleInput)
    .query(({ ctx, input }) => listSalespeople(ctx, input)),
  createSalesperson: adminProcedure
    .input(createSalespersonInput)
    .mutation(({ ctx, input }) => createSalesperson(ctx, input)),
  updateSalesperson: adminProcedure
    .input(updateSalespersonAdminInput)
    .mutation(({ ctx, input }) => updateSalesperson(ctx, input)),
  deleteSalesperson: adminProcedure
    .input(deleteByIdInput)
    .mutation(({ ctx, input }) => deleteSalesperson(ctx, input)),
  uploadSalespersonPhoto: adminProcedure
    .input(salespersonPhotoInput)
    .mutation(({ ctx, input }) => uploadSalespersonPhoto(ctx, input)),

  /** Public fields for everyone; administrators also get owner, manager and counts. */
  dealerships: publicProcedure.input(dealershipsInput).query(({ ctx, input }) => listDealerships(ctx, input)),
  createDealership: adminProcedure
    .input(createDealershipInput)
    .mutation(({ ctx, input }) => createDealership(ctx, input)),
  updateDealership: adminProcedure
    .input(updateDealershipInput)
    .mutation(({ ctx, input }) => updateDealership(ctx, input)),
  deleteDealership: adminProcedure
    .input(deleteByIdInput)
    .mutation(({ ctx, input }) => deleteDealership(ctx, input)),
  uploadDealershipLogo: adminProcedure
    .input(dealershipLogoInput)
    .mutation(({ ctx, input }) => uploadDealershipLogo(ctx, input)),
});
