// The one plan catalogue: what each plan charges (in cents, monthly and annual), how many salespeople it allows,
// the free trial and what each plan includes. Every page, document, the checkout and Stripe's price read it, and
// no other module states a price (docs/decisions/015-one-plan-declaration.md). Change a price here and the
// pricing cards, the dealership plans page, the manager dashboard, checkout, Stripe's price and the limits follow.

import type { BillingInterval, PlanId } from "./planIds";

export { BILLING_INTERVALS, type BillingInterval, isPlanId, PLAN_IDS, type PlanId } from "./planIds";

export type PlanAudience = "salesperson" | "dealership";

/** How the salesperson limit of a dealership plan is set: a fixed number, the seats bought, or none. */
export type SalespersonAllowance =
  | { kind: "fixed"; salespeople: number }
  | { kind: "seats" }
  | { kind: "unlimited" };

export type Plan = {
  id: PlanId;
  name: string;
  audience: PlanAudience;
  /** What one unit costs per month, in cents: what checkout charges (docs/product/subscriptions.md#plans-and-prices). */
  unitAmountCents: number;
  /** What a unit is: the whole plan, one salesperson seat, or one dealership. */
  unit: "plan" | "seat" | "dealership";
  /** The fewest units a subscription may have (Professional: 10 seats). */
  minQuantity: number;
  /** Dealership plans only. */
  allowance: SalespersonAllowance | null;
  /** One sentence on who the plan is for; figures in it are read from the fields above. */
  summary: string;
  /** The same sentence when a dealer group buys the plan for all its dealerships; null: a group cannot buy it. */
  groupSummary: string | null;
  /** What the plan includes, as every plan card lists it. */
  features: readonly string[];
};

/** Annual billing charges ten months: two months free (docs/product/subscriptions.md#plans-and-prices). */
export const ANNUAL_MONTHS_CHARGED = 10;

/** The first paid subscription of a salesperson or dealership starts with this many free days, no card needed. */
export const FREE_TRIAL_DAYS = 30;

/**
 * Salespeople a dealership without a paid plan may have: the 10 every dealership had before billing arrived,
 * so no team loses a member (docs/decisions/008-plan-prices.md).
 */
export const FREE_DEALERSHIP_SALESPERSON_LIMIT = 10;

const DEALER_BASIC_SALESPEOPLE = 10;
const DEALER_PROFESSIONAL_MIN_SEATS = 10;

/**
 * The one declaration of every plan: what checkout charges, how many salespeople it allows, and what it
 * includes. Every page, the checkout and the Stripe price read it (docs/decisions/015-one-plan-declaration.md).
 */
export const PLANS: Readonly<Record<PlanId, Plan>> = {
  salesperson: {
    id: "salesperson",
    name: "Salesperson Basic",
    audience: "salesperson",
    unitAmountCents: 79_99,
    unit: "plan",
    minQuantity: 1,
    allowance: null,
    summary: "Everything in the free profile, with priority support.",
    groupSummary: null,
    features: ["Everything in the free profile", "Priority support: shorter reply times"],
  },
  "salesperson-professional": {
    id: "salesperson-professional",
    name: "Salesperson Professional",
    audience: "salesperson",
    unitAmountCents: 129_99,
    unit: "plan",
    minQuantity: 1,
    allowance: null,
    summary: "Everything in the free profile, with priority support.",
    groupSummary: null,
    features: ["Everything in the free profile", "Priority support: shorter reply times"],
  },
  "dealer-basic": {
    id: "dealer-basic",
    name: "Dealer Basic",
    audience: "dealership",
    unitAmountCents: 690_00,
    unit: "plan",
    minQuantity: 1,
    allowance: { kind: "fixed", salespeople: DEALER_BASIC_SALESPEOPLE },
    summary: `One dealership with up to ${DEALER_BASIC_SALESPEOPLE} salespeople.`,
    groupSummary: null,
    features: [
      "Verified profiles for your team",
      "Manager dashboard",
      "Customer feedback per salesperson",
      "Priority support: shorter reply times",
    ],
  },
  "dealer-professional": {
    id: "dealer-professional",
    name: "Dealer Professional",
    audience: "dealership",
    unitAmountCents: 89_00,
    unit: "seat",
    minQuantity: DEALER_PROFESSIONAL_MIN_SEATS,
    allowance: { kind: "seats" },
    summary: `One seat per salesperson, at least ${DEALER_PROFESSIONAL_MIN_SEATS} salespeople.`,
    groupSummary: `Seats shared by every dealership of the group: one per salesperson, at least ${DEALER_PROFESSIONAL_MIN_SEATS}.`,
    features: [
      "Everything in Dealer Basic",
      "As many salespeople as seats bought",
      "Performance leaderboard",
      "Compliance reports and incident tracking",
    ],
  },
  "dealer-enterprise": {
    id: "dealer-enterprise",
    name: "Dealer Enterprise",
    audience: "dealership",
    unitAmountCents: 845_00,
    unit: "dealership",
    minQuantity: 1,
    allowance: { kind: "unlimited" },
    summary: "Any number of salespeople at this dealership.",
    groupSummary: "Any number of salespeople at every dealership of the group.",
    features: ["Everything in Dealer Professional", "No limit on salespeople", "CRM integrations"],
  },
};

/** What people get without any plan: customers always, salespeople until they subscribe. */
export const FREE_TIERS = {
  customer: {
    name: "Customer",
    features: [
      "Search and filter verified salespeople",
      "Read visit-verified reviews",
      "Book and manage appointments",
      "Rate salespeople after your visit",
    ],
  },
  salesperson: {
    name: "Free",
    features: [
      "Public profile with photo, bio and specialties",
      "Bookings from buyers, with e-mail invites and reminders",
      "Visit-verified reviews",
      "Performance overview and growth insights",
    ],
  },
} as const;

/** What the subscription charges each billing period, in cents. */
export function chargeCents(plan: Plan, interval: BillingInterval, quantity = plan.minQuantity): number {
  const months = interval === "year" ? ANNUAL_MONTHS_CHARGED : 1;
  return plan.unitAmountCents * Math.max(quantity, plan.minQuantity) * months;
}

/** Whether a dealer group may buy the plan for all its dealerships: the plans that say what they are for a group. */
export function groupMayBuy(plan: Plan): boolean {
  return plan.groupSummary !== null;
}

/** How many salespeople a dealership plan allows with this many seats (null: no limit). */
export function salespersonLimit(plan: Plan, seats: number): number | null {
  const allowance = plan.allowance;
  if (!allowance) return FREE_DEALERSHIP_SALESPERSON_LIMIT;
  if (allowance.kind === "fixed") return allowance.salespeople;
  if (allowance.kind === "seats") return Math.max(seats, plan.minQuantity);
  return null;
}

/** "$79.99", "$690", "$8,900": dollars, with cents only when there are some. */
export function formatCents(cents: number, currency = "usd"): string {
  return new Intl.NumberFormat("en-US", {
    style: "currency",
    currency: currency.toUpperCase(),
    minimumFractionDigits: cents % 100 === 0 ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(cents / 100);
}

const UNIT_PERIOD: Record<Plan["unit"], string> = {
  plan: "",
  seat: "/salesperson",
  dealership: "/dealership",
};

/**
 * A plan's price as the plan cards show it: what one unit costs per month (or per year, ten months), and the
 * unit. Dealer Professional reads "$89 /salesperson/month", Dealer Basic "$690 /month".
 */
export function cardPrice(
  plan: Plan,
  interval: BillingInterval = "month",
): { cents: number; price: string; period: string } {
  const cents = plan.unitAmountCents * (interval === "year" ? ANNUAL_MONTHS_CHARGED : 1);
  return { cents, price: formatCents(cents), period: `${UNIT_PERIOD[plan.unit]}/${interval}` };
}

/** What a year of monthly billing costs more than a year billed annually (two months free). */
export function annualSavingsCents(plan: Plan, quantity = plan.minQuantity): number {
  return chargeCents(plan, "month", quantity) * 12 - chargeCents(plan, "year", quantity);
}

/**
 * The smallest subscription of a plan as one line: "$890" "per month for 10 salespeople, $89 for each one
 * more" (the checkout's first figure).
 */
export function priceLine(plan: Plan): { price: string; period: string } {
  const price = formatCents(chargeCents(plan, "month"));
  if (plan.unit === "seat")
    return {
      price,
      period: `per month for ${plan.minQuantity} salespeople, ${formatCents(plan.unitAmountCents)} for each one more`,
    };
  if (plan.unit === "dealership") return { price, period: "per dealership per month" };
  return { price, period: "per month" };
}

/** A dealership's plan as the manager dashboard knows it (src/shared/schemas/manager.ts, managerPlan). */
export type TeamPlan = {
  planId: PlanId | null;
  name: string;
  salespersonLimit: number | null;
  used: number;
};

/**
 * What adding one more salesperson (an invitation holds a place) means on this dealership's own plan: included
 * while places are left, else what the plan allows next. Never a figure checkout does not charge.
 */
export function addSalespersonEffect(team: TeamPlan): string {
  const { planId, name, salespersonLimit: limit, used } = team;
  if (limit === null) return `Included in your ${name} plan, which has no limit on salespeople.`;
  const free = planId === null;
  if (used < limit)
    return free
      ? `No charge: the free allowance covers up to ${limit} salespeople (${used} of ${limit} places used).`
      : `Included in your ${name} plan (${used} of ${limit} places used).`;
  if (free)
    return `The free allowance's ${limit} places are all used: ${PLANS["dealer-professional"].name} and ${PLANS["dealer-enterprise"].name} allow more.`;
  const plan = PLANS[planId];
  if (plan.unit === "seat")
    return `All ${limit} seats of your ${name} plan are used: one more seat is +${formatCents(plan.unitAmountCents)}/month, from Manage plan.`;
  return `All ${limit} places of your ${name} plan are used: ${PLANS["dealer-professional"].name} and ${PLANS["dealer-enterprise"].name} allow more.`;
}
