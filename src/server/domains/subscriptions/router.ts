import * as shape from "../../../shared/schemas/subscriptions";
import {
  changePlanInput,
  checkoutStatusInput,
  createSubscriptionInput,
  dealershipInfoInput,
  subscriptionRefInput,
} from "../../../shared/schemas/subscriptions";
import { anyone, signedIn, taggedRouter } from "../../trpc/procedures";
import { cancelSubscription, changePlan, resumeSubscription } from "./changes";
import { checkoutOutcome, createSubscription } from "./checkout";
import { paymentsConfig } from "./provider";
import { billingOverview, dealershipInfo, subscriptionById } from "./reads";

/** Plans, checkout and the subscription's life; webhooks arrive outside tRPC (webhook.ts). */
export const subscriptionsRouter = taggedRouter("Subscriptions", {
  /** Whether this server takes payments, and the key the browser's payment form needs. */
  config: anyone.query(shape.paymentsConfig, paymentsConfig, {
    rest: { method: "GET", path: "/payments/config" },
  }),
  /** The caller's own salesperson plan and the plan of the dealership they manage, with invoices. */
  overview: signedIn.query(shape.billingOverview, billingOverview, {
    rest: { method: "GET", path: "/subscriptions/mine" },
  }),
  create: signedIn.mutation(createSubscriptionInput, shape.checkoutStart, createSubscription, {
    rest: { method: "POST", path: "/create-subscription", input: "body" },
  }),
  checkoutStatus: signedIn.query(checkoutStatusInput, shape.checkoutOutcome, checkoutOutcome, {
    rest: {
      method: "GET",
      path: "/subscriptions/checkout-status",
      input: "query",
      description:
        "What the return page shows: `?subscription=&payment_intent=` (or `setup_intent=`) as Stripe appends them.",
    },
  }),
  byId: signedIn.query(
    subscriptionRefInput,
    shape.subscriptionDetail,
    (ctx, input) => subscriptionById(ctx, input.id),
    { rest: { method: "GET", path: "/subscriptions/:id" } },
  ),
  dealershipInfo: signedIn.query(
    dealershipInfoInput,
    shape.dealershipSubscriptionInfo,
    (ctx, input) => dealershipInfo(ctx, input.dealershipId),
    { rest: { method: "GET", path: "/subscription-info/:dealershipId" } },
  ),
  cancel: signedIn.mutation(
    subscriptionRefInput,
    shape.subscriptionDetail,
    (ctx, input) => cancelSubscription(ctx, input.id),
    { rest: { method: "POST", path: "/subscriptions/:id/cancel" } },
  ),
  resume: signedIn.mutation(
    subscriptionRefInput,
    shape.subscriptionDetail,
    (ctx, input) => resumeSubscription(ctx, input.id),
    { rest: { method: "POST", path: "/subscriptions/:id/resume" } },
  ),
  changePlan: signedIn.mutation(changePlanInput, shape.subscriptionDetail, changePlan, {
    rest: {
      method: "POST",
      path: "/subscriptions/:id/change-plan",
      input: "body",
      description: "Body `{ planType, seats? }`: prorated from now.",
    },
  }),
});
