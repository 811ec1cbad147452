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
import { router } from "../../trpc/init";
import { admin, anyone } from "../../trpc/procedures";
import {
  applicationInput,
  confirmApplication,
  describeApplicationLink,
  fileApplication,
} from "./applications";
import { decideApplication, listApplications } from "./review";

export const onboardingRouter = router({
  /** The public "List your dealership" form. */
  file: anyone.mutation(applicationInput, applicationReceipt, fileApplication),
  /** A mutation (POST) so the token stays out of URLs and access logs, as sign-in links do. */
  describeConfirmation: anyone.mutation(applicationTokenInput, applicationLink, (ctx, input) =>
    describeApplicationLink(ctx, input.token),
  ),
  confirm: anyone.mutation(applicationTokenInput, applicationConfirmed, (ctx, input) =>
    confirmApplication(ctx, input.token),
  ),
  applications: admin.query(applicationsListInput, applicationsPage, listApplications),
  decide: admin.mutation(applicationDecisionInput, dealershipApplication, decideApplication),
});
