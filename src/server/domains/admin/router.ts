import * as shape from "../../../shared/schemas/admin";
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
import * as common from "../../../shared/schemas/common";
import { verifyMfaInput } from "../../../shared/schemas/security";
import { adminEvenWithoutMfaProcedure, adminProcedure, publicProcedure, router } from "../../trpc/init";
import { answers } from "../../trpc/output";
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
    .output(answers(shape.adminLoginAnswer))
    .mutation(({ ctx, input }) => adminLogin(ctx, input)),
  /** The second step when the administrator has MFA on: the challenge `login` answered and a code. */
  verifyMfa: publicProcedure
    .meta({ access: "public", beforeMfa: true })
    .input(verifyMfaInput)
    .output(answers(shape.adminSession))
    .mutation(({ ctx, input }) => adminVerifyMfa(ctx, input)),
  verify: adminEvenWithoutMfaProcedure
    .output(answers(shape.adminAccount))
    .query(({ ctx }) => ({ user: ctx.user, expiresAt: ctx.session.expiresAt })),
  /** Ends the console's session on the server (the browser forgets its token either way). */
  logout: adminEvenWithoutMfaProcedure.output(answers(common.ok)).mutation(({ ctx }) => adminLogout(ctx)),
  overview: adminProcedure.output(answers(shape.adminOverview)).query(({ ctx }) => adminOverview(ctx)),

  users: adminProcedure
    .input(adminUsersInput)
    .output(answers(shape.adminUsersPage))
    .query(({ ctx, input }) => listUsers(ctx, input)),
  updateUser: adminProcedure
    .input(updateUserInput)
    .output(answers(shape.adminUser))
    .mutation(({ ctx, input }) => updateUser(ctx, input)),
  deleteUser: adminProcedure
    .input(deleteUserInput)
    .output(answers(shape.deletedUser))
    .mutation(({ ctx, input }) => deleteUser(ctx, input)),

  salespeople: adminProcedure
    .input(adminSalespeopleInput)
    .output(answers(shape.adminSalespeoplePage))
    .query(({ ctx, input }) => listSalespeople(ctx, input)),
  createSalesperson: adminProcedure
    .input(createSalespersonInput)
    .output(answers(shape.adminSalesperson))
    .mutation(({ ctx, input }) => createSalesperson(ctx, input)),
  updateSalesperson: adminProcedure
    .input(updateSalespersonAdminInput)
    .output(answers(shape.adminSalesperson))
    .mutation(({ ctx, input }) => updateSalesperson(ctx, input)),
  deleteSalesperson: adminProcedure
    .input(deleteByIdInput)
    .output(answers(shape.deletedSalesperson))
    .mutation(({ ctx, input }) => deleteSalesperson(ctx, input)),
  uploadSalespersonPhoto: adminProcedure
    .input(salespersonPhotoInput)
    .output(answers(shape.salespersonPhoto))
    .mutation(({ ctx, input }) => uploadSalespersonPhoto(ctx, input)),

  /** Public fields for everyone; administrators also get owner, manager and counts. */
  dealerships: publicProcedure
    .input(dealershipsInput)
    .output(answers(shape.dealershipsPage))
    .query(({ ctx, input }) => listDealerships(ctx, input)),
  createDealership: adminProcedure
    .input(createDealershipInput)
    .output(answers(shape.adminDealership))
    .mutation(({ ctx, input }) => createDealership(ctx, input)),
  updateDealership: adminProcedure
    .input(updateDealershipInput)
    .output(answers(shape.adminDealership))
    .mutation(({ ctx, input }) => updateDealership(ctx, input)),
  deleteDealership: adminProcedure
    .input(deleteByIdInput)
    .output(answers(shape.deletedDealership))
    .mutation(({ ctx, input }) => deleteDealership(ctx, input)),
  uploadDealershipLogo: adminProcedure
    .input(dealershipLogoInput)
    .output(answers(shape.dealershipLogo))
    .mutation(({ ctx, input }) => uploadDealershipLogo(ctx, input)),
});
