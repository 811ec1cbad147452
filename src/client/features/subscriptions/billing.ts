// What the subscription screens share: how a status reads on the badge, how dates and periods read, and
// which queries a change of plan touches.
import { type BillingInterval, PLAN_IDS, PLANS, type Plan, type PlanAudience } from "../../../shared/plans";
import { MAX_SEATS, type SubscriptionSummary } from "../../../shared/schemas/subscriptions";
import { trpc } from "../../trpc";

/** What a dealership's managers and staff see where its owners would buy or change its plan. */
export const OWNERS_MANAGE_PLAN = "Only the dealership's owners manage its plan.";

/** Whether the account works for a dealership without owning it: its plan is not theirs to buy or change. */
export function planIsTheOwners(user: { dealershipId: number | null; dealershipRole: string | null } | null) {
  return user?.dealershipId != null && user.dealershipRole !== "owner";
}

/** "June 12, 2026": renewal, trial and invoice dates, in the reader's own zone. */
export const longDate = new Intl.DateTimeFormat("en-US", { month: "long", day: "numeric", year: "numeric" });

export function periodWord(interval: BillingInterval): "month" | "year" {
  return interval === "year" ? "year" : "month";
}

/** docs/product/subscriptions.md#badge: an active subscription is green, anything else red ('Inactive' when it gives no access). */
export function subscriptionBadge(subscription: Pick<SubscriptionSummary, "status" | "active">): {
  label: string;
  palette: "green" | "red";
} {
  if (!subscription.active) return { label: "Inactive", palette: "red" };
  if (subscription.status === "active") return { label: "Active", palette: "green" };
  if (subscription.status === "trialing") return { label: "Free trial", palette: "green" };
  const words = subscription.status.replaceAll("_", " ");
  return { label: words.charAt(0).toUpperCase() + words.slice(1), palette: "red" };
}

export function plansFor(audience: PlanAudience): Plan[] {
  return PLAN_IDS.map((id) => PLANS[id]).filter((plan) => plan.audience === audience);
}

/** Every view a change of plan shows: the billing overview and the manager's plan card. */
export function useBillingRefresh(): () => Promise<unknown> {
  const utils = trpc.useUtils();
  return () => Promise.all([utils.subscriptions.overview.invalidate(), utils.manager.overview.invalidate()]);
}

/** Why a seat count can't be bought, or null when it can (the server checks the same and the team size). */
export function seatsProblem(raw: string, plan: Plan): string | null {
  const seats = Number(raw);
  if (raw.trim() === "" || !Number.isInteger(seats)) return "Enter a whole number of salespeople.";
  if (seats < plan.minQuantity) return `${plan.name} starts at ${plan.minQuantity} salespeople.`;
  if (seats > MAX_SEATS) return `At most ${MAX_SEATS} salespeople; contact sales for more.`;
  return null;
}
