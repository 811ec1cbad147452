import * as onboarding from "../../../shared/schemas/onboarding";
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
  file: anyone.mutation(applicationInput, onboarding.applicationReceipt, fileApplication, {
    rest: { route: "POST /dealership-applications", status: 201 },
  }),
  /** A mutation (POST) so the token stays out of URLs and access logs, as sign-in links do. */
  describeConfirmation: anyone.mutation(
    onboarding.applicationTokenInput,
    onboarding.applicationLink,
    describeApplicationLink,
    { rest: "POST /dealership-applications/confirmation/describe" },
  ),
  confirm: anyone.mutation(
    onboarding.applicationTokenInput,
    onboarding.applicationConfirmed,
    confirmApplication,
    { rest: "POST /dealership-applications/confirmation" },
  ),
  applications: admin.query(onboarding.applicationsListInput, onboarding.applicationsPage, listApplications, {
    rest: {
      route: "GET /admin/dealership-applications",
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
  decide: admin.mutation(
    onboarding.applicationDecisionInput,
    onboarding.dealershipApplication,
    decideApplication,
    {
      rest: "POST /admin/dealership-applications/:id/decision",
      description:
        'Body `{ decision: "approve" | "decline", reason }` (a reason to decline; it is e-mailed).',
    },
  ),
});
