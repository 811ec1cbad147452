import * as accounts from "../../../shared/schemas/accounts";
import * as shape from "../../../shared/schemas/admin";
import * as common from "../../../shared/schemas/common";
import * as security from "../../../shared/schemas/security";
import { PAGE, UPLOAD_BODY_LIMIT } from "../../rest/declaration";
import { admin, adminAccount, anyone, anyoneBeforeMfa, taggedRouter } from "../../trpc/procedures";
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

export const adminRouter = taggedRouter("Administration", {
  /** Answers a bearer token: the admin console keeps it as `adminSession` and sends it on admin calls. */
  login: anyoneBeforeMfa.mutation(shape.adminLoginInput, shape.adminLoginAnswer, adminLogin, {
    rest: "POST /admin/login",
  }),
  /** The second step when the administrator has MFA on: the challenge `login` answered and a code. */
  verifyMfa: anyoneBeforeMfa.mutation(security.verifyMfaInput, shape.adminSession, adminVerifyMfa, {
    rest: "POST /admin/verify-mfa",
  }),
  /** The second step with a passkey instead: a challenge for the account's passkeys, then its answer. */
  passkeyOptions: anyoneBeforeMfa.mutation(
    shape.adminPasskeyOptionsInput,
    security.passkeyRequestOptions,
    adminPasskeyOptions,
    {
      rest: "POST /admin/passkey-options",
      description:
        "The same step with a passkey: a challenge for the account's passkeys, then the passkey's answer.",
    },
  ),
  verifyPasskey: anyoneBeforeMfa.mutation(
    shape.adminPasskeySignInInput,
    shape.adminSession,
    adminVerifyPasskey,
    { rest: "POST /admin/verify-passkey" },
  ),
  /**
   * Re-authentication (docs/product/admin.md#re-authentication): what it asks for, a passkey challenge, and
   * the proof itself, after which role changes, exports and new API keys are open for a few minutes.
   */
  reauthenticationMethods: adminAccount.query(shape.reauthenticationMethods, reauthenticationMethods, {
    rest: "GET /admin/reauthentication",
    description:
      "Re-authentication: what it asks for, a passkey challenge, and the proof (password, admin code, second factor) that opens role changes, exports and new API keys to the session for a few minutes.",
  }),
  reauthenticationOptions: adminAccount.mutation(security.passkeyRequestOptions, reauthenticationOptions, {
    rest: "POST /admin/reauthentication/passkey-options",
  }),
  reauthenticate: adminAccount.mutation(shape.reauthenticateInput, shape.reauthentication, reauthenticate, {
    rest: "POST /admin/reauthenticate",
  }),
  verify: adminAccount.query(
    shape.adminAccount,
    (ctx) => ({
      user: ctx.user,
      expiresAt: ctx.session.expiresAt,
    }),
    { rest: "GET /admin/verify" },
  ),
  /** Ends the console's session on the server (the browser forgets its token either way). */
  logout: adminAccount.mutation(common.ok, adminLogout, { rest: "POST /admin/logout" }),
  overview: admin.query(shape.adminOverview, adminOverview, { rest: "GET /admin/overview" }),

  users: admin.query(shape.adminUsersInput, shape.adminUsersPage, listUsers, {
    rest: { route: "GET /public/users", ...PAGE },
  }),
  updateUser: admin.mutation(shape.updateUserInput, shape.adminUser, updateUser, {
    rest: "PATCH /admin/user/:id",
  }),
  deleteUser: admin.mutation(shape.deleteUserInput, shape.deletedUser, deleteUser, {
    rest: "DELETE /admin/user/:id",
    description: "Body `{ reason }`; answers `{ deletedUser: email }`.",
  }),
  // An account's lifecycle (docs/product/admin.md#account-lifecycle).
  createUser: admin.mutation(accounts.createUserInput, accounts.accountChange, createUser, {
    rest: { route: "POST /admin/users", status: 201 },
  }),
  changeRole: admin.mutation(accounts.changeRoleInput, accounts.accountChange, changeRole, {
    rest: "PUT /admin/user/:id/role",
  }),
  suspendUser: admin.mutation(accounts.suspendUserInput, accounts.accountChange, suspendUser, {
    rest: "POST /admin/user/:id/suspend",
    description: "Body `{ reason }`.",
  }),
  reactivateUser: admin.mutation(accounts.reactivateUserInput, accounts.accountChange, reactivateUser, {
    rest: "POST /admin/user/:id/reactivate",
    description: "Body `{ reason }`.",
  }),
  promotions: admin.query(accounts.openPromotions, listPromotions, { rest: "GET /admin/promotions" }),
  requestPromotion: admin.mutation(
    accounts.requestPromotionInput,
    accounts.promotionRequest,
    requestPromotion,
    { rest: { route: "POST /admin/promotions", status: 201 } },
  ),
  decidePromotion: admin.mutation(accounts.decidePromotionInput, accounts.promotionRequest, decidePromotion, {
    rest: "POST /admin/promotions/:id/decision",
    description: 'Body `{ decision: "approve" | "decline" | "withdraw" }`.',
  }),
  monitor: admin.query(accounts.monitorSnapshot, monitorSnapshot, { rest: "GET /admin/monitor" }),

  salespeople: admin.query(shape.adminSalespeopleInput, shape.adminSalespeoplePage, listSalespeople, {
    rest: { route: "GET /admin/salespeople", ...PAGE },
  }),
  createSalesperson: admin.mutation(shape.createSalespersonInput, shape.adminSalesperson, createSalesperson, {
    rest: { route: "POST /salespeople", status: 201 },
  }),
  updateSalesperson: admin.mutation(
    shape.updateSalespersonAdminInput,
    shape.adminSalesperson,
    updateSalesperson,
    { rest: "PUT /salespeople/:id" },
  ),
  deleteSalesperson: admin.mutation(shape.deleteByIdInput, shape.deletedSalesperson, deleteSalesperson, {
    rest: "DELETE /admin/salesperson/:id",
    description: "Body `{ reason }`; answers `{ deletedSalesperson: name }`.",
  }),
  uploadSalespersonPhoto: admin.mutation(
    shape.salespersonPhotoInput,
    shape.salespersonPhoto,
    uploadSalespersonPhoto,
    {
      rest: {
        route: "POST /admin/salesperson/:id/upload-photo",
        upload: "profileImageUrl",
        maxBody: UPLOAD_BODY_LIMIT,
      },
    },
  ),

  /** Public fields for everyone; administrators also get owner, manager and counts. */
  dealerships: anyone.query(shape.dealershipsInput, shape.dealershipsPage, listDealerships, {
    rest: { route: "GET /dealerships", ...PAGE },
    description:
      "Public fields for everyone; administrators also get ownerId, managerId, the manager's e-mail and counts.",
  }),
  createDealership: admin.mutation(shape.createDealershipInput, shape.adminDealership, createDealership, {
    rest: { route: "POST /dealerships", status: 201 },
  }),
  updateDealership: admin.mutation(shape.updateDealershipInput, shape.adminDealership, updateDealership, {
    rest: "PUT /dealerships/:id",
  }),
  deleteDealership: admin.mutation(shape.deleteByIdInput, shape.deletedDealership, deleteDealership, {
    rest: "DELETE /admin/dealership/:id",
    description:
      "Body `{ reason }`; answers `{ deletedDealership: name }`, or 409 while salespeople or a paid plan remain.",
  }),
  uploadDealershipLogo: admin.mutation(
    shape.dealershipLogoInput,
    shape.dealershipLogo,
    uploadDealershipLogo,
    {
      rest: {
        route: "POST /admin/dealership/:id/upload-logo",
        upload: "logoUrl",
        maxBody: UPLOAD_BODY_LIMIT,
      },
    },
  ),
});
