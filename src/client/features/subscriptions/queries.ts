// What the subscription screens read, declared once for their routes and components.
import { trpcUtils } from "../../trpc";

/** Our subscription id and what the payment provider appended to the checkout's return address. */
export type CheckoutReturnIds = {
  subscription?: string | undefined;
  payment_intent?: string | undefined;
  setup_intent?: string | undefined;
  redirect_status?: string | undefined;
};

export const subscriptionQueries = {
  overview: () => trpcUtils.subscriptions.overview.queryOptions(),
  config: () => trpcUtils.subscriptions.config.queryOptions(),
  checkoutStatus: (search: CheckoutReturnIds) =>
    trpcUtils.subscriptions.checkoutStatus.queryOptions({
      ...(search.subscription ? { subscription: search.subscription } : {}),
      ...(search.payment_intent ? { payment_intent: search.payment_intent } : {}),
      ...(search.setup_intent ? { setup_intent: search.setup_intent } : {}),
      ...(search.redirect_status ? { redirect_status: search.redirect_status } : {}),
    }),
};
