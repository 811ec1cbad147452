// Checkout plans and their display prices (SPEC.md section 9). The server decides the actual charge.
export const CHECKOUT_PLANS = {
  salesperson: { name: "Salesperson Basic", price: "$79.99", period: "per month", audience: "salesperson" },
  "salesperson-professional": {
    name: "Salesperson Professional",
    price: "$129.99",
    period: "per month",
    audience: "salesperson",
  },
  "dealer-basic": { name: "Dealer Basic", price: "$690", period: "per month", audience: "dealership" },
  "dealer-professional": {
    name: "Dealer Professional",
    price: "$890",
    period: "per month",
    audience: "dealership",
  },
  "dealer-enterprise": {
    name: "Dealer Enterprise",
    price: "$845",
    period: "per dealership per month",
    audience: "dealership",
  },
} as const;

export type CheckoutPlanId = keyof typeof CHECKOUT_PLANS;
export const CHECKOUT_PLAN_IDS = Object.keys(CHECKOUT_PLANS) as [CheckoutPlanId, ...CheckoutPlanId[]];
