import {
  applicationConfirmed,
  applicationDecisionInput,
  applicationLink,
  applicationReceipt,
  applicationsListInput,
  applicationsPage,
  applicationTokenInput,
  dealershipApplication,
} from "../../../shared/schemas/onboarding";
import { TOTAL_COUNT } from "../../rest/declaration";
import { admin, anyone, taggedRouter } from "../../trpc/procedures";
import {
  applicationInput,
  confirmApplication,
  describeApplicationLink,
  fileApplication,
} from "./applications";
import { decideApplication, listApplications } from "./review";

export const onboardingRouter = taggedRouter("Dealership applications", {
  /** The public "List your dealership" form. */
  file: anyone.mutation(applicationInput, applicationReceipt, fileApplication, {
    rest: { method: "POST", path: "/dealership-applications", input: "body", status: 201 },
  }),
  /** A mutation (POST) so the token stays out of URLs and access logs, as sign-in links do. */
  describeConfirmation: anyone.mutation(
    applicationTokenInput,
    applicationLink,
    (ctx, input) => describeApplicationLink(ctx, input.token),
    { rest: { method: "POST", path: "/dealership-applications/confirmation/describe", input: "body" } },
  ),
  confirm: anyone.mutation(
    applicationTokenInput,
    applicationConfirmed,
    (ctx, input) => confirmApplication(ctx, input.token),
    { rest: { method: "POST", path: "/dealership-applications/confirmation", input: "body" } },
  ),
  applications: admin.query(applicationsListInput, applicationsPage, listApplications, {
    rest: {
      method: "GET",
      path: "/admin/dealership-applications",
      input: "query",
      shape: (list) => ({
        body: list.items,
        headers: { "X-Total-Count": String(list.total), "X-Pending-Count": String(list.pending) },
      }),
      responds: {
        kind: "page",
        headers: { ...TOTAL_COUNT, "X-Pending-Count": "How many applications wait for a decision" },
      },
    },
  }),
  decide: admin.mutation(applicationDecisionInput, dealershipApplication, decideApplication, {
    rest: {
      method: "POST",
      path: "/admin/dealership-applications/:id/decision",
      input: "body",
      description:
        'Body `{ decision: "approve" | "decline", reason }` (a reason to decline; it is e-mailed).',
    },
  }),
});
