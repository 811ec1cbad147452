import * as shape from "../../../shared/schemas/subscriptions";
import {
  changePlanInput,
  checkoutStatusInput,
  createSubscriptionInput,
  dealershipInfoInput,
  subscriptionRefInput,
} from "../../../shared/schemas/subscriptions";
import { publicProcedure, router, signedInProcedure } from "../../trpc/init";
import { answers } from "../../trpc/output";
import { cancelSubscription, changePlan, resumeSubscription } from "./changes";
import { checkoutOutcome, createSubscription } from "./checkout";
import { paymentsConfig } from "./provider";
import { billingOverview, dealershipInfo, subscriptionById } from "./reads";

/** Plans, checkout and the subscription's life; webhooks arrive outside tRPC (webhook.ts). */
export const subscriptionsRouter = router({
  /** Whether this server takes payments, and the key the browser's payment form needs. */
  config: publicProcedure.output(answers(shape.paymentsConfig)).query(({ ctx }) => paymentsConfig(ctx)),
  /** The caller's own salesperson plan and the plan of the dealership they manage, with invoices. */
  overview: signedInProcedure.output(answers(shape.billingOverview)).query(({ ctx }) => billingOverview(ctx)),
  create: signedInProcedure
    .input(createSubscriptionInput)
    .output(answers(shape.checkoutStart))
    .mutation(({ ctx, input }) => createSubscription(ctx, input)),
  checkoutStatus: signedInProcedure
    .input(checkoutStatusInput)
    .output(answers(shape.checkoutOutcome))
    .query(({ ctx, input }) => checkoutOutcome(ctx, input)),
  byId: signedInProcedure
    .input(subscriptionRefInput)
    .output(answers(shape.subscriptionDetail))
    .query(({ ctx, input }) => subscriptionById(ctx, input.id)),
  dealershipInfo: signedInProcedure
    .input(dealershipInfoInput)
    .output(answers(shape.dealershipSubscriptionInfo))
    .query(({ ctx, input }) => dealershipInfo(ctx, input.dealershipId)),
  cancel: signedInProcedure
    .input(subscriptionRefInput)
    .output(answers(shape.subscriptionDetail))
    .mutation(({ ctx, input }) => cancelSubscription(ctx, input.id)),
  resume: signedInProcedure
    .input(subscriptionRefInput)
    .output(answers(shape.subscriptionDetail))
    .mutation(({ ctx, input }) => resumeSubscription(ctx, input.id)),
  changePlan: signedInProcedure
    .input(changePlanInput)
    .output(answers(shape.subscriptionDetail))
    .mutation(({ ctx, input }) => changePlan(ctx, input)),
});
