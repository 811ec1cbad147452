// What other features use of subscriptions: the plans a salesperson can check out.
export { CHECKOUT_PLANS } from "./plans";
