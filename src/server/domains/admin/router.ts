import * as accounts from "../../../shared/schemas/accounts";
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
import * as security from "../../../shared/schemas/security";
import { verifyMfaInput } from "../../../shared/schemas/security";
import { router } from "../../trpc/init";
import { admin, adminAccount, anyone, anyoneBeforeMfa } from "../../trpc/procedures";
import { changeRole, createUser, reactivateUser, suspendUser } from "./accounts";
import {
  createDealership,
  deleteDealership,
  listDealerships,
  updateDealership,
  uploadDealershipLogo,
} from "./dealerships";
import {
  adminLogin,
  adminLogout,
  adminPasskeyOptions,
  adminVerifyMfa,
  adminVerifyPasskey,
  reauthenticate,
  reauthenticationMethods,
  reauthenticationOptions,
} from "./login";
import { monitorSnapshot } from "./monitor";
import { adminOverview } from "./overview";
import { decidePromotion, listPromotions, requestPromotion } from "./promotions";
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
  login: anyoneBeforeMfa.mutation(adminLoginInput, shape.adminLoginAnswer, adminLogin),
  /** The second step when the administrator has MFA on: the challenge `login` answered and a code. */
  verifyMfa: anyoneBeforeMfa.mutation(verifyMfaInput, shape.adminSession, adminVerifyMfa),
  /** The second step with a passkey instead: a challenge for the account's passkeys, then its answer. */
  passkeyOptions: anyoneBeforeMfa.mutation(
    shape.adminPasskeyOptionsInput,
    security.passkeyRequestOptions,
    adminPasskeyOptions,
  ),
  verifyPasskey: anyoneBeforeMfa.mutation(
    shape.adminPasskeySignInInput,
    shape.adminSession,
    adminVerifyPasskey,
  ),
  /**
   * Re-authentication (docs/product/admin.md#re-authentication): what it asks for, a passkey challenge, and
   * the proof itself, after which role changes, exports and new API keys are open for a few minutes.
   */
  reauthenticationMethods: adminAccount.query(shape.reauthenticationMethods, reauthenticationMethods),
  reauthenticationOptions: adminAccount.mutation(security.passkeyRequestOptions, reauthenticationOptions),
  reauthenticate: adminAccount.mutation(shape.reauthenticateInput, shape.reauthentication, reauthenticate),
  verify: adminAccount.query(shape.adminAccount, (ctx) => ({
    user: ctx.user,
    expiresAt: ctx.session.expiresAt,
  })),
  /** Ends the console's session on the server (the browser forgets its token either way). */
  logout: adminAccount.mutation(common.ok, adminLogout),
  overview: admin.query(shape.adminOverview, adminOverview),

  users: admin.query(adminUsersInput, shape.adminUsersPage, listUsers),
  updateUser: admin.mutation(updateUserInput, shape.adminUser, updateUser),
  deleteUser: admin.mutation(deleteUserInput, shape.deletedUser, deleteUser),
  // An account's lifecycle (docs/product/admin.md#account-lifecycle).
  createUser: admin.mutation(accounts.createUserInput, accounts.accountChange, createUser),
  changeRole: admin.mutation(accounts.changeRoleInput, accounts.accountChange, changeRole),
  suspendUser: admin.mutation(accounts.suspendUserInput, accounts.accountChange, suspendUser),
  reactivateUser: admin.mutation(accounts.reactivateUserInput, accounts.accountChange, reactivateUser),
  promotions: admin.query(accounts.openPromotions, listPromotions),
  requestPromotion: admin.mutation(
    accounts.requestPromotionInput,
    accounts.promotionRequest,
    requestPromotion,
  ),
  decidePromotion: admin.mutation(accounts.decidePromotionInput, accounts.promotionRequest, decidePromotion),
  monitor: admin.query(accounts.monitorSnapshot, monitorSnapshot),

  salespeople: admin.query(adminSalespeopleInput, shape.adminSalespeoplePage, listSalespeople),
  createSalesperson: admin.mutation(createSalespersonInput, shape.adminSalesperson, createSalesperson),
  updateSalesperson: admin.mutation(updateSalespersonAdminInput, shape.adminSalesperson, updateSalesperson),
  deleteSalesperson: admin.mutation(deleteByIdInput, shape.deletedSalesperson, deleteSalesperson),
  uploadSalespersonPhoto: admin.mutation(
    salespersonPhotoInput,
    shape.salespersonPhoto,
    uploadSalespersonPhoto,
  ),

  /** Public fields for everyone; administrators also get owner, manager and counts. */
  dealerships: anyone.query(dealershipsInput, shape.dealershipsPage, listDealerships),
  createDealership: admin.mutation(createDealershipInput, shape.adminDealership, createDealership),
  updateDealership: admin.mutation(updateDealershipInput, shape.adminDealership, updateDealership),
  deleteDealership: admin.mutation(deleteByIdInput, shape.deletedDealership, deleteDealership),
  uploadDealershipLogo: admin.mutation(dealershipLogoInput, shape.dealershipLogo, uploadDealershipLogo),
});
