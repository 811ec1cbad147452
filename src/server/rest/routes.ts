// Every REST path of docs/product/api.md#rest-paths, one declarative entry each: method, path, the procedure it runs,
// where the input comes from, the status, and the answer's shape where older clients expect one. Access, validation
// and the work itself live in the procedures; nothing here decides anything. The file is long because the API has
// that many paths: one table, in the order of the API's documentation, is what a reader compares against it, and
// a table split across files would make a missing or doubled path harder to see.
import { IMAGE_UPLOAD_MAX_BYTES } from "../../shared/constants";
import { browseItemsJson } from "../domains/salespeople/browse";
import { type MountedRoute, type Redirect, route } from "./route";

const TOTAL_COUNT = { "X-Total-Count": "How many rows match the filters, over all pages" };

/** A data URL of a 5 MB image is about 6.7 MB of base64; multipart adds a little framing. */
const UPLOAD_BODY_LIMIT = Math.ceil((IMAGE_UPLOAD_MAX_BYTES * 4) / 3) + 64 * 1024;

export const REST_ROUTES: readonly MountedRoute[] = [
  // Authentication
  route({ method: "POST", path: "/auth/request-login", procedure: "auth.requestLogin", input: "body" }),
  route({ method: "POST", path: "/auth/redeem", procedure: "auth.redeemLink", input: "body" }),
  route({ method: "GET", path: "/auth/user", procedure: "auth.currentUser", input: "none" }),
  route({ method: "GET", path: "/auth/user/:id", procedure: "auth.userById", input: "none", params: ["id"] }),
  route({
    method: "PATCH",
    path: "/auth/user/:id",
    procedure: "auth.updateProfile",
    input: "body",
    params: ["id"],
  }),
  route({ method: "GET", path: "/salesperson/auth/user", procedure: "auth.staffUser", input: "none" }),
  route({ method: "GET", path: "/salesperson/auth/verify", procedure: "auth.describeLink", input: "query" }),
  route({
    method: "POST",
    path: "/salesperson/auth/login",
    procedure: "salespersonAuth.requestLogin",
    input: "body",
  }),
  route({
    method: "POST",
    path: "/salesperson/auth/register",
    procedure: "salespersonAuth.register",
    input: "body",
    status: 201,
  }),
  route({ method: "POST", path: "/salesperson/auth/logout", procedure: "auth.logout", input: "none" }),
  /** The site's sign-out form posts here: sign out and go home. A GET answers 405 (it changes state). */
  route({
    method: "POST",
    path: "/logout",
    procedure: "auth.logout",
    input: "none",
    shape: () => ({ redirect: "/" }),
    responds: { kind: "redirect", to: "/" },
  }),
  route({ method: "POST", path: "/admin/login", procedure: "admin.login", input: "body" }),
  route({ method: "GET", path: "/admin/verify", procedure: "admin.verify", input: "none" }),
  route({ method: "POST", path: "/admin/logout", procedure: "admin.logout", input: "none" }),

  // Administrators: the console's lists (an array with X-Total-Count, as /salespeople answers) and changes
  route({ method: "GET", path: "/admin/overview", procedure: "admin.overview", input: "none" }),
  route({
    method: "GET",
    path: "/public/users",
    procedure: "admin.users",
    input: "query",
    shape: (page) => ({ body: page.items, headers: { "X-Total-Count": String(page.total) } }),
    responds: { kind: "page", headers: TOTAL_COUNT },
  }),
  route({
    method: "PATCH",
    path: "/admin/user/:id",
    procedure: "admin.updateUser",
    input: "body",
    params: ["id"],
  }),
  /** Body `{ reason }`; answers `{ deletedUser: email }`. */
  route({
    method: "DELETE",
    path: "/admin/user/:id",
    procedure: "admin.deleteUser",
    input: "body",
    params: ["id"],
  }),
  // An account's lifecycle (docs/product/admin.md#account-lifecycle)
  route({ method: "POST", path: "/admin/users", procedure: "admin.createUser", input: "body", status: 201 }),
  route({
    method: "PUT",
    path: "/admin/user/:id/role",
    procedure: "admin.changeRole",
    input: "body",
    params: ["id"],
  }),
  /** Body `{ reason }`. */
  route({
    method: "POST",
    path: "/admin/user/:id/suspend",
    procedure: "admin.suspendUser",
    input: "body",
    params: ["id"],
  }),
  /** Body `{ reason }`. */
  route({
    method: "POST",
    path: "/admin/user/:id/reactivate",
    procedure: "admin.reactivateUser",
    input: "body",
    params: ["id"],
  }),
  route({ method: "GET", path: "/admin/promotions", procedure: "admin.promotions", input: "none" }),
  route({
    method: "POST",
    path: "/admin/promotions",
    procedure: "admin.requestPromotion",
    input: "body",
    status: 201,
  }),
  /** Body `{ decision: "approve" | "decline" | "withdraw" }`. */
  route({
    method: "POST",
    path: "/admin/promotions/:id/decision",
    procedure: "admin.decidePromotion",
    input: "body",
    params: ["id"],
  }),
  route({ method: "GET", path: "/admin/monitor", procedure: "admin.monitor", input: "none" }),
  route({
    method: "GET",
    path: "/admin/salespeople",
    procedure: "admin.salespeople",
    input: "query",
    shape: (page) => ({ body: page.items, headers: { "X-Total-Count": String(page.total) } }),
    responds: { kind: "page", headers: TOTAL_COUNT },
  }),
  route({
    method: "POST",
    path: "/salespeople",
    procedure: "admin.createSalesperson",
    input: "body",
    status: 201,
  }),
  route({
    method: "PUT",
    path: "/salespeople/:id",
    procedure: "admin.updateSalesperson",
    input: "body",
    params: ["id"],
  }),
  /** Body `{ reason }`; answers `{ deletedSalesperson: name }`. */
  route({
    method: "DELETE",
    path: "/admin/salesperson/:id",
    procedure: "admin.deleteSalesperson",
    input: "body",
    params: ["id"],
  }),
  route({
    method: "POST",
    path: "/admin/salesperson/:id/upload-photo",
    procedure: "admin.uploadSalespersonPhoto",
    input: { image: "profileImageUrl" },
    params: ["id"],
    maxBody: UPLOAD_BODY_LIMIT,
  }),
  /** Public fields for everyone; administrators also get ownerId, managerId, the manager's e-mail and counts. */
  route({
    method: "GET",
    path: "/dealerships",
    procedure: "admin.dealerships",
    input: "query",
    shape: (page) => ({ body: page.items, headers: { "X-Total-Count": String(page.total) } }),
    responds: { kind: "page", headers: TOTAL_COUNT },
  }),
  route({
    method: "POST",
    path: "/dealerships",
    procedure: "admin.createDealership",
    input: "body",
    status: 201,
  }),
  route({
    method: "PUT",
    path: "/dealerships/:id",
    procedure: "admin.updateDealership",
    input: "body",
    params: ["id"],
  }),
  /** Body `{ reason }`; answers `{ deletedDealership: name }`, or 409 while salespeople or a paid plan remain. */
  route({
    method: "DELETE",
    path: "/admin/dealership/:id",
    procedure: "admin.deleteDealership",
    input: "body",
    params: ["id"],
  }),
  route({
    method: "POST",
    path: "/admin/dealership/:id/upload-logo",
    procedure: "admin.uploadDealershipLogo",
    input: { image: "logoUrl" },
    params: ["id"],
    maxBody: UPLOAD_BODY_LIMIT,
  }),

  /**
   * The audit trail (administrators: all of it; managers: their dealership's), filtered by action,
   * entityType, actorEmail, from, to, dealershipId: a JSON page with X-Total-Count, or with format=csv
   * every filtered row as a download.
   */
  route({
    method: "GET",
    path: "/admin/audit-log",
    procedure: "audit.export",
    input: "query",
    shape: (result) =>
      result.format === "csv"
        ? { file: result.file }
        : { body: result.page.items, headers: { "X-Total-Count": String(result.page.total) } },
    responds: { kind: "page", headers: TOTAL_COUNT, file: "text/csv" },
  }),

  // Salespeople and reviews
  /**
   * A JSON array, as older clients expect (docs/product/api.md#rest-paths). X-Total-Count is the exact number of matches up to
   * BROWSE_TOTAL_LIMIT (1,000); past it, X-Total-Count is 1000 and X-Total-Count-Exact is false.
   */
  route({
    method: "GET",
    path: "/salespeople",
    procedure: "salespeople.list",
    scope: "salespeople:read",
    input: "query",
    shape: (page) => ({
      json: browseItemsJson(page),
      headers: {
        "X-Total-Count": String(page.total),
        "X-Total-Count-Exact": String(page.totalExact),
        ...(page.nextCursor ? { "X-Next-Cursor": page.nextCursor } : {}),
      },
    }),
    responds: {
      kind: "page",
      headers: {
        ...TOTAL_COUNT,
        "X-Total-Count-Exact":
          "false when X-Total-Count is an estimate (very large result sets); see the docs",
        "X-Next-Cursor":
          "Where the next page starts: give it as `after` (absent when this page is not full, the last); pages on however deep, where an offset walks every match before it",
      },
    },
  }),
  route({
    method: "GET",
    path: "/salespeople/:id",
    procedure: "salespeople.byId",
    scope: "salespeople:read",
    input: "none",
    params: ["id"],
  }),
  route({
    method: "GET",
    path: "/salespeople/:id/ratings",
    procedure: "salespeople.ratings",
    scope: "salespeople:read",
    input: "none",
    params: ["id"],
  }),
  route({
    method: "GET",
    path: "/salespeople/:salespersonId/reviews",
    procedure: "reviews.list",
    scope: "salespeople:read",
    input: "query",
    params: ["salespersonId"],
  }),
  route({
    method: "PATCH",
    path: "/salespeople/:id",
    procedure: "portal.update",
    input: "body",
    params: ["id"],
  }),
  route({
    method: "PATCH",
    path: "/salespeople/:id/status",
    procedure: "portal.updateStatus",
    input: "body",
    params: ["id"],
  }),
  route({
    method: "POST",
    path: "/salespeople/:id/views",
    procedure: "portal.recordView",
    input: "none",
    params: ["id"],
  }),
  /** The signed-in salesperson's open invitations to join a dealership, and their answers. */
  route({ method: "GET", path: "/salesperson/invitations", procedure: "portal.invitations", input: "none" }),
  route({
    method: "POST",
    path: "/salesperson/invitations/:id/accept",
    procedure: "portal.acceptInvitation",
    input: "none",
    params: ["id"],
  }),
  route({
    method: "POST",
    path: "/salesperson/invitations/:id/decline",
    procedure: "portal.declineInvitation",
    input: "none",
    params: ["id"],
  }),
  route({
    method: "POST",
    path: "/profile-image-upload",
    procedure: "portal.uploadPhoto",
    input: { image: "profileImageUrl" },
    maxBody: UPLOAD_BODY_LIMIT,
  }),
  route({ method: "POST", path: "/ratings-submit", procedure: "reviews.submit", input: "body", status: 201 }),
  /** Reviews the gaming rules held, for administrators: a page with X-Total-Count, then publish or reject one. */
  route({
    method: "GET",
    path: "/admin/held-reviews",
    procedure: "reviews.heldReviews",
    input: "query",
    shape: (page) => ({ body: page.items, headers: { "X-Total-Count": String(page.total) } }),
    responds: { kind: "page", headers: TOTAL_COUNT },
  }),
  /** Body `{ decision: "publish" | "reject", note? }`. */
  route({
    method: "POST",
    path: "/admin/held-reviews/:ratingId/decision",
    procedure: "reviews.decideHeld",
    input: "body",
    params: ["ratingId"],
  }),
  route({
    method: "POST",
    path: "/contact-salesperson",
    procedure: "messages.contact",
    input: "body",
    status: 201,
  }),
  route({
    method: "POST",
    path: "/misconduct-reports",
    procedure: "reports.create",
    input: "body",
    status: 201,
  }),

  // Appointments and availability
  route({
    method: "POST",
    path: "/appointments",
    procedure: "appointments.book",
    scope: "appointments:write",
    input: "body",
    status: 201,
  }),
  route({
    method: "GET",
    path: "/appointments/salesperson/:id",
    procedure: "appointments.forSalesperson",
    scope: "appointments:read",
    input: "none",
    params: ["id"],
  }),
  route({
    method: "GET",
    path: "/appointments/salesperson/:id/:date",
    procedure: "appointments.daySlots",
    scope: "appointments:read",
    input: "none",
    params: ["id", "date"],
  }),
  route({
    method: "GET",
    path: "/appointments/customer",
    procedure: "appointments.forCustomer",
    input: "query",
  }),
  route({
    method: "GET",
    path: "/appointments/customer/:userId",
    procedure: "appointments.forCustomer",
    input: "none",
    params: ["userId"],
  }),
  route({
    method: "POST",
    path: "/appointments/waitlist",
    procedure: "appointments.joinWaitlist",
    input: "body",
    status: 201,
  }),
  route({
    method: "PATCH",
    path: "/appointments/:id",
    procedure: "appointments.updateStatus",
    scope: "appointments:write",
    input: "body",
    params: ["id"],
  }),
  route({
    method: "PATCH",
    path: "/appointments/:id/cancel",
    procedure: "appointments.cancel",
    scope: "appointments:write",
    input: "body",
    params: ["id"],
  }),
  route({
    method: "POST",
    path: "/appointments/:id/reschedule",
    procedure: "appointments.reschedule",
    scope: "appointments:write",
    input: "body",
    params: ["id"],
  }),
  // A visit's status trail and the buyer's dispute of a no-show (under /visits: /appointments/{id}/… would share
  // a template with /appointments/salesperson/{id}); the one-click stop of review invitations
  route({
    method: "GET",
    path: "/visits/:id/record",
    procedure: "appointments.record",
    input: "none",
    params: ["id"],
  }),
  /** The buyer: body `{ statement }` ("I was there"), within 7 days of the no-show being marked. */
  route({
    method: "POST",
    path: "/visits/:id/dispute",
    procedure: "appointments.dispute",
    input: "body",
    params: ["id"],
    status: 201,
  }),
  /** The buyer, on a dispute the dealership's manager rejected: body `{ note? }`; administrators decide, finally. */
  route({
    method: "POST",
    path: "/visits/:id/dispute/escalation",
    procedure: "appointments.escalateDispute",
    input: "body",
    params: ["id"],
  }),
  /** The buyer: body `{ code }`, the dealership's check-in code of the day, around the visit's start. */
  route({
    method: "POST",
    path: "/visits/:id/check-in",
    procedure: "appointments.checkIn",
    input: "body",
    params: ["id"],
  }),
  /** The buyer's "I went" on a visit that closed by itself unconfirmed. */
  route({
    method: "POST",
    path: "/visits/:id/confirm",
    procedure: "appointments.confirmVisit",
    input: "none",
    params: ["id"],
  }),
  /** Staff: today's check-in code to show at the desk. */
  route({
    method: "GET",
    path: "/salespeople/:id/check-in-code",
    procedure: "appointments.checkInCode",
    input: "none",
    params: ["id"],
  }),
  route({
    method: "POST",
    path: "/review-invitations/stop",
    procedure: "appointments.stopReviewInvitations",
    input: "body",
  }),
  route({
    method: "GET",
    path: "/visit-disputes/manager",
    procedure: "disputes.forManager",
    input: "query",
    shape: (list) => ({ body: list.items, headers: { "X-Total-Count": String(list.total) } }),
    responds: { kind: "page", headers: TOTAL_COUNT },
  }),
  /** The dealership's manager: body `{ decision: "uphold" | "reject", note }`. */
  route({
    method: "POST",
    path: "/visit-disputes/:id/manager-decision",
    procedure: "disputes.managerDecide",
    input: "body",
    params: ["id"],
  }),
  route({
    method: "GET",
    path: "/visit-disputes",
    procedure: "disputes.list",
    input: "query",
    shape: (list) => ({ body: list.items, headers: { "X-Total-Count": String(list.total) } }),
    responds: { kind: "page", headers: TOTAL_COUNT },
  }),
  /** Administrators, once the dispute is escalated: body `{ decision: "uphold" | "reject", note }`. */
  route({
    method: "POST",
    path: "/visit-disputes/:id/decision",
    procedure: "disputes.adminDecide",
    input: "body",
    params: ["id"],
  }),
  route({
    method: "POST",
    path: "/availability-blocks",
    procedure: "availability.create",
    scope: "appointments:write",
    input: "body",
    status: 201,
  }),
  route({
    method: "PATCH",
    path: "/availability-blocks/:id",
    procedure: "availability.update",
    scope: "appointments:write",
    input: "body",
    params: ["id"],
  }),
  route({
    method: "DELETE",
    path: "/availability-blocks/:id",
    procedure: "availability.remove",
    scope: "appointments:write",
    input: "none",
    params: ["id"],
  }),
  route({
    method: "GET",
    path: "/availability-blocks/salesperson/:id",
    procedure: "availability.forSalesperson",
    scope: "appointments:read",
    input: "none",
    params: ["id"],
  }),
  /** The salesperson's own working hours, with the dealership's opening hours they sit within. */
  route({
    method: "GET",
    path: "/working-hours/salesperson/:id",
    procedure: "availability.workingHours",
    scope: "appointments:read",
    input: "none",
    params: ["id"],
  }),
  /** Body `{ hours }`: every weekday `{ open, close }` or null (off); `hours: null` goes back to the dealership's. */
  route({
    method: "PUT",
    path: "/working-hours/salesperson/:id",
    procedure: "availability.setWorkingHours",
    scope: "appointments:write",
    input: "body",
    params: ["id"],
  }),

  // Dealership managers: every path works on the caller's own dealership
  route({
    method: "POST",
    path: "/manager/add-salesperson",
    procedure: "manager.addSalesperson",
    input: "body",
    status: 201,
  }),
  route({
    method: "POST",
    path: "/manager/remove-salesperson",
    procedure: "manager.removeSalesperson",
    input: "body",
  }),
  route({
    method: "GET",
    path: "/manager/overview",
    procedure: "manager.overview",
    scope: "analytics:read",
    input: "none",
  }),
  route({
    method: "GET",
    path: "/manager/team",
    procedure: "manager.team",
    scope: "salespeople:read",
    input: "query",
  }),
  route({ method: "GET", path: "/manager/invitations", procedure: "manager.invitations", input: "none" }),
  route({
    method: "POST",
    path: "/manager/invitations/:id/revoke",
    procedure: "manager.revokeInvitation",
    input: "none",
    params: ["id"],
  }),
  // Invitations of either kind (docs/product/invitations.md): answered through the e-mailed link's
  // token (in the body, never the URL), resent and revoked by whoever sent them.
  route({ method: "POST", path: "/invitations/describe", procedure: "invitations.describe", input: "body" }),
  route({ method: "POST", path: "/invitations/accept", procedure: "invitations.accept", input: "body" }),
  route({ method: "POST", path: "/invitations/decline", procedure: "invitations.decline", input: "body" }),
  route({
    method: "POST",
    path: "/invitations/:id/resend",
    procedure: "invitations.resend",
    input: "none",
    params: ["id"],
  }),
  route({
    method: "POST",
    path: "/invitations/:id/revoke",
    procedure: "invitations.revoke",
    input: "none",
    params: ["id"],
  }),
  route({
    method: "GET",
    path: "/admin/manager-invitations",
    procedure: "invitations.managerInvitations",
    input: "none",
  }),
  route({
    method: "POST",
    path: "/admin/manager-invitations",
    procedure: "invitations.inviteManager",
    input: "body",
    status: 201,
  }),
  route({
    method: "POST",
    path: "/manager/verify-salesperson",
    procedure: "portal.verify",
    input: "body",
  }),
  route({
    method: "POST",
    path: "/manager/reject-salesperson",
    procedure: "manager.rejectSalesperson",
    input: "body",
  }),
  route({
    method: "GET",
    path: "/manager/performance",
    procedure: "manager.performance",
    scope: "analytics:read",
    input: "none",
  }),
  /** The monthly report as a download: `?month=YYYY-MM&format=csv|json`. */
  route({
    method: "GET",
    path: "/manager/report",
    procedure: "manager.reportFile",
    scope: "analytics:read",
    input: "query",
    shape: (file) => ({ file }),
    responds: { kind: "file", contentTypes: ["text/csv", "application/json"] },
  }),

  /** The manager's own dealership: address, ZIP code, phone, website, hours, time zone (PUT), and its logo. */
  route({ method: "GET", path: "/manager/dealership", procedure: "manager.dealership", input: "none" }),
  route({ method: "PUT", path: "/manager/dealership", procedure: "manager.updateDealership", input: "body" }),
  route({
    method: "POST",
    path: "/manager/dealership/logo",
    procedure: "manager.uploadDealershipLogo",
    input: { image: "logoUrl" },
    maxBody: UPLOAD_BODY_LIMIT,
  }),

  // Certifications: the salesperson's own list; verification by their manager (administrators: independents')
  route({
    method: "GET",
    path: "/salesperson/certifications",
    procedure: "certifications.mine",
    input: "none",
  }),
  route({
    method: "POST",
    path: "/salesperson/certifications",
    procedure: "certifications.add",
    input: "body",
    status: 201,
  }),
  route({
    method: "PUT",
    path: "/salesperson/certifications/:id",
    procedure: "certifications.update",
    input: "body",
    params: ["id"],
  }),
  route({
    method: "DELETE",
    path: "/salesperson/certifications/:id",
    procedure: "certifications.remove",
    input: "none",
    params: ["id"],
  }),
  route({
    method: "GET",
    path: "/certifications/pending",
    procedure: "certifications.pending",
    input: "none",
  }),
  route({
    method: "GET",
    path: "/salespeople/:salespersonId/certifications",
    procedure: "certifications.forSalesperson",
    input: "none",
    params: ["salespersonId"],
  }),
  route({
    method: "POST",
    path: "/certifications/:id/verify",
    procedure: "certifications.verify",
    input: "none",
    params: ["id"],
  }),
  /** Body `{ reason? }`: the certification is deleted and the salesperson told why. */
  route({
    method: "POST",
    path: "/certifications/:id/reject",
    procedure: "certifications.reject",
    input: "body",
    params: ["id"],
  }),

  // Purchase verification: a buyer's claims; the dealership's manager (administrators: independents') decides.
  // A CRM's signed sale events arrive at POST /api/crm/inbound/{integrationId} (domains/crm/inbound.ts, raw body).
  route({
    method: "POST",
    path: "/purchase-claims",
    procedure: "purchases.claim",
    input: "body",
    status: 201,
  }),
  route({ method: "GET", path: "/purchase-claims/mine", procedure: "purchases.mine", input: "none" }),
  /** `?status=pending|confirmed|declined` (pending by default). */
  route({ method: "GET", path: "/purchase-claims", procedure: "purchases.toDecide", input: "query" }),
  /** Body `{ decision: "confirm" | "decline", reason? }`: a reason is required to decline. */
  route({
    method: "POST",
    path: "/purchase-claims/:id/decision",
    procedure: "purchases.decide",
    input: "body",
    params: ["id"],
  }),

  // Subscriptions: checkout, the return page's answer, a subscription and its invoices, a dealership's plan.
  // Stripe's webhooks arrive at POST /api/stripe/webhook (domains/subscriptions/webhook.ts, raw body).
  route({ method: "GET", path: "/payments/config", procedure: "subscriptions.config", input: "none" }),
  route({ method: "POST", path: "/create-subscription", procedure: "subscriptions.create", input: "body" }),
  route({ method: "GET", path: "/subscriptions/mine", procedure: "subscriptions.overview", input: "none" }),
  /** What the return page shows: `?subscription=&payment_intent=` (or `setup_intent=`) as Stripe appends them. */
  route({
    method: "GET",
    path: "/subscriptions/checkout-status",
    procedure: "subscriptions.checkoutStatus",
    input: "query",
  }),
  route({
    method: "GET",
    path: "/subscriptions/:id",
    procedure: "subscriptions.byId",
    input: "none",
    params: ["id"],
  }),
  route({
    method: "POST",
    path: "/subscriptions/:id/cancel",
    procedure: "subscriptions.cancel",
    input: "none",
    params: ["id"],
  }),
  route({
    method: "POST",
    path: "/subscriptions/:id/resume",
    procedure: "subscriptions.resume",
    input: "none",
    params: ["id"],
  }),
  /** Body `{ planType, seats? }`: prorated from now. */
  route({
    method: "POST",
    path: "/subscriptions/:id/change-plan",
    procedure: "subscriptions.changePlan",
    input: "body",
    params: ["id"],
  }),
  route({
    method: "GET",
    path: "/subscription-info/:dealershipId",
    procedure: "subscriptions.dealershipInfo",
    input: "none",
    params: ["dealershipId"],
  }),

  // CRM integrations: a manager's own dealership (administrators pass dealershipId). Credentials are answered masked.
  route({
    method: "GET",
    path: "/crm/providers",
    procedure: "crm.providers",
    scope: "crm:events",
    input: "none",
  }),
  route({
    method: "GET",
    path: "/crm/integrations",
    procedure: "crm.integrations",
    scope: "crm:events",
    input: "query",
  }),
  /** Answers the integration once with its `signingSecret`, the key of the webhook signatures. */
  route({ method: "POST", path: "/crm/integrations", procedure: "crm.create", input: "body", status: 201 }),
  route({
    method: "PATCH",
    path: "/crm/integrations/:id",
    procedure: "crm.update",
    input: "body",
    params: ["id"],
  }),
  route({
    method: "DELETE",
    path: "/crm/integrations/:id",
    procedure: "crm.delete",
    input: "none",
    params: ["id"],
  }),
  /** A new signing secret for sale events and deliveries, answered once; the old one stops working at once. */
  route({
    method: "POST",
    path: "/crm/integrations/:id/rotate-secret",
    procedure: "crm.rotateSecret",
    input: "none",
    params: ["id"],
  }),
  route({
    method: "POST",
    path: "/crm/integrations/:id/test",
    procedure: "crm.test",
    input: "none",
    params: ["id"],
  }),
  /** Every delivery attempt, newest first: `?page=&pageSize=&status=success|failure`; X-Total-Count. */
  route({
    method: "GET",
    path: "/crm/integrations/:id/logs",
    procedure: "crm.logs",
    scope: "crm:events",
    input: "query",
    params: ["id"],
    shape: (page) => ({ body: page.items, headers: { "X-Total-Count": String(page.total) } }),
    responds: { kind: "page", headers: TOTAL_COUNT },
  }),
  route({
    method: "POST",
    path: "/crm/logs/:logId/resend",
    procedure: "crm.resend",
    scope: "crm:events",
    input: "none",
    params: ["logId"],
  }),

  // Business intelligence: `?period=7d|30d|90d|1y` (default 30d). Administrators see the platform or pass
  // dealershipId; a manager sees their own dealership and market aggregates. Revenue: administrators only.
  route({
    method: "GET",
    path: "/analytics/executive-summary",
    procedure: "analytics.executiveSummary",
    scope: "analytics:read",
    input: "query",
  }),
  route({
    method: "GET",
    path: "/analytics/revenue",
    procedure: "analytics.revenue",
    scope: "analytics:read",
    input: "query",
  }),
  route({
    method: "GET",
    path: "/analytics/dealerships",
    procedure: "analytics.dealerships",
    scope: "analytics:read",
    input: "query",
  }),
  route({
    method: "GET",
    path: "/analytics/market",
    procedure: "analytics.market",
    scope: "analytics:read",
    input: "query",
  }),
  route({
    method: "GET",
    path: "/analytics/predictions",
    procedure: "analytics.predictions",
    scope: "analytics:read",
    input: "query",
  }),
  /**
   * Feedback insights: `?period=3m|6m|12m&salespersonId=&dealershipId=` (a salesperson sees their own). The feed
   * adds `rating`, `replied=replied|unreplied`, `search` and paging (X-Total-Count); the export is its CSV.
   */
  route({
    method: "GET",
    path: "/analytics/feedback",
    procedure: "analytics.feedbackInsights",
    scope: "analytics:read",
    input: "query",
  }),
  route({
    method: "GET",
    path: "/analytics/feedback/comments",
    procedure: "analytics.feedbackComments",
    scope: "analytics:read",
    input: "query",
    shape: (page) => ({ body: page.items, headers: { "X-Total-Count": String(page.total) } }),
    responds: { kind: "page", headers: TOTAL_COUNT },
  }),
  route({
    method: "GET",
    path: "/analytics/feedback/export",
    procedure: "analytics.feedbackExport",
    scope: "analytics:read",
    input: "query",
    shape: (file) => ({ file }),
    responds: { kind: "file", contentTypes: ["text/csv"] },
  }),

  // Transfer requests: the salesperson asks and withdraws, the receiving manager decides, then an administrator
  /** Administrators: an array with X-Total-Count, and X-Pending-Count (requests waiting for an administrator). */
  route({
    method: "GET",
    path: "/transfer-requests",
    procedure: "transfers.list",
    input: "query",
    shape: (list) => ({
      body: list.items,
      headers: { "X-Total-Count": String(list.total), "X-Pending-Count": String(list.pending) },
    }),
    responds: {
      kind: "page",
      headers: { ...TOTAL_COUNT, "X-Pending-Count": "How many requests wait for a decision" },
    },
  }),
  route({
    method: "POST",
    path: "/transfer-requests",
    procedure: "transfers.request",
    input: "body",
    status: 201,
  }),
  route({ method: "GET", path: "/transfer-requests/mine", procedure: "transfers.mine", input: "none" }),
  route({
    method: "GET",
    path: "/transfer-requests/incoming",
    procedure: "transfers.incoming",
    input: "none",
  }),
  route({
    method: "POST",
    path: "/transfer-requests/:id/withdraw",
    procedure: "transfers.withdraw",
    input: "none",
    params: ["id"],
  }),
  /** The receiving manager: body `{ decision: "accept" | "decline", reason? }` (a reason to decline). */
  route({
    method: "POST",
    path: "/transfer-requests/:id/manager-decision",
    procedure: "transfers.managerDecide",
    input: "body",
    params: ["id"],
  }),
  /** Administrators: body `{ decision: "approve" | "deny", reason }` (a reason to deny). */
  route({
    method: "POST",
    path: "/transfer-requests/:id/decision",
    procedure: "transfers.adminDecide",
    input: "body",
    params: ["id"],
  }),

  // Dealership applications: the public form, its e-mailed confirmation (tokens in bodies, never in URLs), and
  // the administrators' queue
  route({
    method: "POST",
    path: "/dealership-applications",
    procedure: "onboarding.file",
    input: "body",
    status: 201,
  }),
  route({
    method: "POST",
    path: "/dealership-applications/confirmation/describe",
    procedure: "onboarding.describeConfirmation",
    input: "body",
  }),
  route({
    method: "POST",
    path: "/dealership-applications/confirmation",
    procedure: "onboarding.confirm",
    input: "body",
  }),
  route({
    method: "GET",
    path: "/admin/dealership-applications",
    procedure: "onboarding.applications",
    input: "query",
    shape: (list) => ({
      body: list.items,
      headers: { "X-Total-Count": String(list.total), "X-Pending-Count": String(list.pending) },
    }),
    responds: {
      kind: "page",
      headers: { ...TOTAL_COUNT, "X-Pending-Count": "How many applications wait for a decision" },
    },
  }),
  /** Body `{ decision: "approve" | "decline", reason }` (a reason to decline; it is e-mailed). */
  route({
    method: "POST",
    path: "/admin/dealership-applications/:id/decision",
    procedure: "onboarding.decide",
    input: "body",
    params: ["id"],
  }),

  // Site and documents
  route({ method: "POST", path: "/contact", procedure: "site.contact", input: "body", status: 201 }),
  // The support inbox (docs/product/support.md): contact messages as cases
  route({
    method: "GET",
    path: "/admin/support",
    procedure: "site.contactMessages",
    input: "query",
    shape: (page) => ({ body: page.items, headers: { "X-Total-Count": String(page.total) } }),
    responds: { kind: "page", headers: TOTAL_COUNT },
  }),
  route({
    method: "GET",
    path: "/admin/support/:id",
    procedure: "site.supportCase",
    input: "none",
    params: ["id"],
  }),
  route({
    method: "POST",
    path: "/admin/support/:id/replies",
    procedure: "site.replyToCase",
    input: "body",
    params: ["id"],
    status: 201,
  }),
  /** Body `{ status?, assigneeId? }` (null hands the case back). */
  route({
    method: "PATCH",
    path: "/admin/support/:id",
    procedure: "site.updateSupportCase",
    input: "body",
    params: ["id"],
  }),
  route({ method: "GET", path: "/site/stats", procedure: "site.stats", input: "none" }),
  /** The support phone line and its hours, or `{ phone: null }` when none is configured. */
  route({ method: "GET", path: "/site/support-contact", procedure: "site.supportContact", input: "none" }),
  route({
    method: "GET",
    path: "/site/dealerships-nearby",
    procedure: "site.dealershipsNear",
    input: "query",
  }),
  /** `{ content, lastUpdated }`, the document shape of docs/product/public-site.md#documents. */
  route({
    method: "GET",
    path: "/documents/:slug",
    procedure: "documents.get",
    input: "none",
    params: ["slug"],
    shape: (doc) => ({ body: { content: doc.content, lastUpdated: doc.lastUpdated } }),
    responds: { kind: "fields", fields: ["content", "lastUpdated"] },
  }),
  /** Administrators replace a document's Markdown: body `{ content, title? }`. */
  route({
    method: "PUT",
    path: "/documents/:slug",
    procedure: "documents.update",
    input: "body",
    params: ["slug"],
    shape: (doc) => ({ body: { content: doc.content, lastUpdated: doc.lastUpdated, title: doc.title } }),
    responds: { kind: "fields", fields: ["content", "lastUpdated", "title"] },
  }),

  // Compliance: data requests (every user their own; administrators everyone's), retention, cleanup, reports
  route({ method: "GET", path: "/compliance/overview", procedure: "compliance.overview", input: "none" }),
  route({
    method: "GET",
    path: "/compliance/gdpr-requests",
    procedure: "compliance.requests",
    input: "query",
    shape: (page) => ({ body: page.items, headers: { "X-Total-Count": String(page.total) } }),
    responds: { kind: "page", headers: TOTAL_COUNT },
  }),
  route({
    method: "POST",
    path: "/compliance/gdpr-requests",
    procedure: "compliance.createRequest",
    input: "body",
    status: 201,
  }),
  /** Administrators: body `{ action: process | complete | reject, note? }`. */
  route({
    method: "PATCH",
    path: "/compliance/gdpr-requests/:id",
    procedure: "compliance.updateRequest",
    input: "body",
    params: ["id"],
  }),
  /** The export of a completed access or portability request: `?format=json|zip`. */
  route({
    method: "GET",
    path: "/compliance/gdpr-requests/:id/export",
    procedure: "compliance.exportFile",
    input: "query",
    params: ["id"],
    shape: (file) => ({ file }),
    responds: { kind: "file", contentTypes: ["application/json", "application/zip"] },
  }),
  route({
    method: "GET",
    path: "/compliance/retention-policies",
    procedure: "compliance.retentionPolicies",
    input: "none",
  }),
  route({
    method: "PATCH",
    path: "/compliance/retention-policies/:dataType",
    procedure: "compliance.updateRetentionPolicy",
    input: "body",
    params: ["dataType"],
  }),
  route({ method: "POST", path: "/compliance/cleanup-data", procedure: "compliance.cleanup", input: "none" }),
  /** `{ startDate, endDate }`: the report as a JSON file to download. */
  route({
    method: "POST",
    path: "/compliance/generate-report",
    procedure: "compliance.report",
    input: "body",
    shape: (report) => ({
      file: {
        filename: `compliance-report-${report.period.startDate}-${report.period.endDate}.json`,
        contentType: "application/json; charset=utf-8",
        content: JSON.stringify(report, null, 2),
      },
    }),
    responds: { kind: "file", contentTypes: ["application/json"] },
  }),

  // Security: the caller's second factor, sessions and events; administrators' settings
  route({ method: "GET", path: "/security/overview", procedure: "security.overview", input: "none" }),
  route({ method: "GET", path: "/security/mfa-status", procedure: "security.mfaStatus", input: "none" }),
  /** Starts a setup: a new secret, its otpauth URI and QR code; MFA is on only after enable-mfa. */
  route({ method: "POST", path: "/security/setup-mfa", procedure: "security.setupMfa", input: "none" }),
  route({ method: "POST", path: "/security/enable-mfa", procedure: "security.enableMfa", input: "body" }),
  route({ method: "POST", path: "/security/disable-mfa", procedure: "security.disableMfa", input: "body" }),
  route({
    method: "POST",
    path: "/security/backup-codes",
    procedure: "security.regenerateBackupCodes",
    input: "body",
  }),
  route({ method: "GET", path: "/security/sessions", procedure: "security.sessions", input: "query" }),
  /** `{ sessionId }` ends one session; `{ allOthers: true }` every other session of the caller. */
  route({
    method: "POST",
    path: "/security/terminate-session",
    procedure: "security.terminateSession",
    input: "body",
  }),
  route({
    method: "GET",
    path: "/security/events",
    procedure: "security.events",
    input: "query",
    shape: (page) => ({ body: page.items, headers: { "X-Total-Count": String(page.total) } }),
    responds: { kind: "page", headers: TOTAL_COUNT },
  }),
  route({ method: "GET", path: "/security/settings", procedure: "security.settings", input: "none" }),
  route({ method: "PUT", path: "/security/settings", procedure: "security.updateSettings", input: "body" }),
  // Passkeys: the caller's own, added in two steps (options, then the browser's answer); signing in with one
  route({ method: "GET", path: "/security/passkeys", procedure: "security.passkeys", input: "none" }),
  route({
    method: "POST",
    path: "/security/passkeys/options",
    procedure: "security.passkeyRegistrationOptions",
    input: "none",
  }),
  route({
    method: "POST",
    path: "/security/passkeys",
    procedure: "security.addPasskey",
    input: "body",
    status: 201,
  }),
  route({
    method: "PATCH",
    path: "/security/passkeys/:id",
    procedure: "security.renamePasskey",
    input: "body",
    params: ["id"],
  }),
  route({
    method: "DELETE",
    path: "/security/passkeys/:id",
    procedure: "security.removePasskey",
    input: "none",
    params: ["id"],
  }),
  route({
    method: "POST",
    path: "/auth/passkey/options",
    procedure: "auth.passkeySignInOptions",
    input: "none",
  }),
  route({ method: "POST", path: "/auth/passkey", procedure: "auth.passkeySignIn", input: "body" }),
  // Provider sign-in ("Continue with Google/Microsoft"): which providers are on, and the caller's linked
  // accounts. The sign-in itself is two browser redirects, /api/auth/oidc/:provider/start and .../callback.
  route({ method: "GET", path: "/auth/providers", procedure: "identity.providers", input: "none" }),
  route({ method: "GET", path: "/security/linked-accounts", procedure: "identity.linked", input: "none" }),
  route({
    method: "DELETE",
    path: "/security/linked-accounts/:provider",
    procedure: "identity.unlink",
    input: "none",
    params: ["provider"],
  }),
  /** The second step of a sign-in (link or admin form) when the account has MFA on. */
  route({ method: "POST", path: "/auth/verify-mfa", procedure: "auth.verifyMfa", input: "body" }),
  route({ method: "POST", path: "/admin/verify-mfa", procedure: "admin.verifyMfa", input: "body" }),
  /** The same step with a passkey: a challenge for the account's passkeys, then the passkey's answer. */
  route({
    method: "POST",
    path: "/admin/passkey-options",
    procedure: "admin.passkeyOptions",
    input: "body",
  }),
  route({ method: "POST", path: "/admin/verify-passkey", procedure: "admin.verifyPasskey", input: "body" }),
  /**
   * Re-authentication: what it asks for, a passkey challenge, and the proof (password, admin code, second
   * factor) that opens role changes, exports and new API keys to the session for a few minutes.
   */
  route({
    method: "GET",
    path: "/admin/reauthentication",
    procedure: "admin.reauthenticationMethods",
    input: "none",
  }),
  route({
    method: "POST",
    path: "/admin/reauthentication/passkey-options",
    procedure: "admin.reauthenticationOptions",
    input: "none",
  }),
  route({ method: "POST", path: "/admin/reauthenticate", procedure: "admin.reauthenticate", input: "body" }),

  // API keys of integrators: made, listed and revoked by a signed-in manager or administrator (never by a key)
  route({ method: "GET", path: "/api-keys/scopes", procedure: "apiKeys.scopes", input: "none" }),
  route({ method: "GET", path: "/api-keys", procedure: "apiKeys.list", input: "none" }),
  /** Answers the key once, in `key`; only its hash is stored. */
  route({ method: "POST", path: "/api-keys", procedure: "apiKeys.create", input: "body", status: 201 }),
  route({
    method: "DELETE",
    path: "/api-keys/:id",
    procedure: "apiKeys.revoke",
    input: "none",
    params: ["id"],
  }),
];

/** GET /api/login is where older links send signed-out visitors (docs/product/routes.md#route-states): the sign-in page. */
export const REST_REDIRECTS: readonly Redirect[] = [{ path: "/login", to: "/login" }];
