// The plans' ids and billing periods alone: what a route's search check and the shared schemas need, without
// the plan declaration itself (src/shared/plans.ts), which only the pages that show plans load.

export const PLAN_IDS = [
  "salesperson",
  "salesperson-professional",
  "dealer-basic",
  "dealer-professional",
  "dealer-enterprise",
] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export const BILLING_INTERVALS = ["month", "year"] as const;
export type BillingInterval = (typeof BILLING_INTERVALS)[number];

export function isPlanId(value: string): value is PlanId {
  return (PLAN_IDS as readonly string[]).includes(value);
}
