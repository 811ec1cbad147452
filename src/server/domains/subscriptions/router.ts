import * as shape from "../../../shared/schemas/subscriptions";
import { anyone, signedIn, taggedRouter } from "../../trpc/procedures";
import { cancelSubscription, changePlan, resumeSubscription } from "./changes";
import { checkoutOutcome, createSubscription } from "./checkout";
import { paymentsConfig } from "./provider";
import { billingOverview, dealershipInfo, subscriptionById } from "./reads";

/** Plans, checkout and the subscription's life; webhooks arrive outside tRPC (webhook.ts). */
export const subscriptionsRouter = taggedRouter("Subscriptions", {
  /** Whether this server takes payments, and the key the browser's payment form needs. */
  config: anyone.query(shape.paymentsConfig, paymentsConfig, { rest: "GET /payments/config" }),
  /** The caller's own salesperson plan and the plan of the dealership they manage, with invoices. */
  overview: signedIn.query(shape.billingOverview, billingOverview, { rest: "GET /subscriptions/mine" }),
  create: signedIn.mutation(shape.createSubscriptionInput, shape.checkoutStart, createSubscription, {
    rest: "POST /create-subscription",
  }),
  checkoutStatus: signedIn.query(shape.checkoutStatusInput, shape.checkoutOutcome, checkoutOutcome, {
    rest: "GET /subscriptions/checkout-status",
    description:
      "What the return page shows: `?subscription=&payment_intent=` (or `setup_intent=`) as Stripe appends them.",
  }),
  byId: signedIn.query(shape.subscriptionRefInput, shape.subscriptionDetail, subscriptionById, {
    rest: "GET /subscriptions/:id",
  }),
  dealershipInfo: signedIn.query(
    shape.dealershipInfoInput,
    shape.dealershipSubscriptionInfo,
    dealershipInfo,
    { rest: "GET /subscription-info/:dealershipId" },
  ),
  cancel: signedIn.mutation(shape.subscriptionRefInput, shape.subscriptionDetail, cancelSubscription, {
    rest: "POST /subscriptions/:id/cancel",
  }),
  resume: signedIn.mutation(shape.subscriptionRefInput, shape.subscriptionDetail, resumeSubscription, {
    rest: "POST /subscriptions/:id/resume",
  }),
  changePlan: signedIn.mutation(shape.changePlanInput, shape.subscriptionDetail, changePlan, {
    rest: "POST /subscriptions/:id/change-plan",
    description: "Body `{ planType, seats? }`: prorated from now.",
  }),
});
