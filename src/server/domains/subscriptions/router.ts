import * as shape from "../../../shared/schemas/subscriptions";
import {
  changePlanInput,
  checkoutStatusInput,
  createSubscriptionInput,
  dealershipInfoInput,
  subscriptionRefInput,
} from "../../../shared/schemas/subscriptions";
import { router } from "../../trpc/init";
import { anyone, signedIn } from "../../trpc/procedures";
import { cancelSubscription, changePlan, resumeSubscription } from "./changes";
import { checkoutOutcome, createSubscription } from "./checkout";
import { paymentsConfig } from "./provider";
import { billingOverview, dealershipInfo, subscriptionById } from "./reads";

/** Plans, checkout and the subscription's life; webhooks arrive outside tRPC (webhook.ts). */
export const subscriptionsRouter = router({
  /** Whether this server takes payments, and the key the browser's payment form needs. */
  config: anyone.query(shape.paymentsConfig, paymentsConfig),
  /** The caller's own salesperson plan and the plan of the dealership they manage, with invoices. */
  overview: signedIn.query(shape.billingOverview, billingOverview),
  create: signedIn.mutation(createSubscriptionInput, shape.checkoutStart, createSubscription),
  checkoutStatus: signedIn.query(checkoutStatusInput, shape.checkoutOutcome, checkoutOutcome),
  byId: signedIn.query(subscriptionRefInput, shape.subscriptionDetail, (ctx, input) =>
    subscriptionById(ctx, input.id),
  ),
  dealershipInfo: signedIn.query(dealershipInfoInput, shape.dealershipSubscriptionInfo, (ctx, input) =>
    dealershipInfo(ctx, input.dealershipId),
  ),
  cancel: signedIn.mutation(subscriptionRefInput, shape.subscriptionDetail, (ctx, input) =>
    cancelSubscription(ctx, input.id),
  ),
  resume: signedIn.mutation(subscriptionRefInput, shape.subscriptionDetail, (ctx, input) =>
    resumeSubscription(ctx, input.id),
  ),
  changePlan: signedIn.mutation(changePlanInput, shape.subscriptionDetail, changePlan),
});
