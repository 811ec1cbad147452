// The one plan catalogue: what each checkout plan charges (in cents, monthly and annual), how many salespeople
// it allows, the free trial, and the marketing figures each page shows. The public pages give several figures (docs/product/subscriptions.md#marketing-figures)
// for the same plans; docs/decisions/008-plan-prices.md says which one is charged. Change a price here and
// checkout, Stripe's price, the plan cards and the limits follow.

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
  /** What one unit costs per month, in cents: the checkout display price (docs/product/subscriptions.md#plans-and-prices). */
  unitAmountCents: number;
  /** What a unit is: the whole plan, one salesperson seat, or one dealership. */
  unit: "plan" | "seat" | "dealership";
  /** The fewest units a subscription may have (Professional: 10 seats). */
  minQuantity: number;
  /** Dealership plans only. */
  allowance: SalespersonAllowance | null;
  /** The checkout's price line, e.g. "$890" "per month for 10 salespeople". */
  display: { price: string; period: string };
  summary: string;
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

export const PLANS: Readonly<Record<PlanId, Plan>> = {
  salesperson: {
    id: "salesperson",
    name: "Salesperson Basic",
    audience: "salesperson",
    unitAmountCents: 79_99,
    unit: "plan",
    minQuantity: 1,
    allowance: null,
    display: { price: "$79.99", period: "per month" },
    summary: "Stand out in search and follow your numbers more closely.",
  },
  "salesperson-professional": {
    id: "salesperson-professional",
    name: "Salesperson Professional",
    audience: "salesperson",
    unitAmountCents: 129_99,
    unit: "plan",
    minQuantity: 1,
    allowance: null,
    display: { price: "$129.99", period: "per month" },
    summary: "Everything in Basic plus priority placement and premium support.",
  },
  "dealer-basic": {
    id: "dealer-basic",
    name: "Dealer Basic",
    audience: "dealership",
    unitAmountCents: 690_00,
    unit: "plan",
    minQuantity: 1,
    allowance: { kind: "fixed", salespeople: 10 },
    display: { price: "$690", period: "per month" },
    summary: "One dealership with up to 10 salespeople.",
  },
  "dealer-professional": {
    id: "dealer-professional",
    name: "Dealer Professional",
    audience: "dealership",
    unitAmountCents: 89_00,
    unit: "seat",
    minQuantity: 10,
    allowance: { kind: "seats" },
    display: { price: "$890", period: "per month for 10 salespeople, $89 for each one more" },
    summary: "$89 per salesperson per month, at least 10 salespeople.",
  },
  "dealer-enterprise": {
    id: "dealer-enterprise",
    name: "Dealer Enterprise",
    audience: "dealership",
    unitAmountCents: 845_00,
    unit: "dealership",
    minQuantity: 1,
    allowance: { kind: "unlimited" },
    display: { price: "$845", period: "per dealership per month" },
    summary: "Any number of salespeople at this dealership.",
  },
};

export function isPlanId(value: string): value is PlanId {
  return (PLAN_IDS as readonly string[]).includes(value);
}

/** What the subscription charges each billing period, in cents. */
export function chargeCents(plan: Plan, interval: BillingInterval, quantity = plan.minQuantity): number {
  const months = interval === "year" ? ANNUAL_MONTHS_CHARGED : 1;
  return plan.unitAmountCents * Math.max(quantity, plan.minQuantity) * months;
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

// Marketing figures: what each page says, as docs/product/subscriptions.md#marketing-figures gives them for that page. ---------------------

/** The public /pricing page. */
export const MARKETING_PLANS = {
  customer: { name: "Customer", monthlyCents: 0, annualCents: 0, maxSalespeople: null },
  professional: { name: "Professional", monthlyCents: 99_00, annualCents: 990_00, maxSalespeople: null },
  dealership: { name: "Dealership", monthlyCents: 899_00, annualCents: 8_990_00, maxSalespeople: 10 },
} as const;

/** /dealer-subscription: the three plan cards, the calculator and the enterprise group price. */
export const DEALER_PLAN_PAGE = {
  basic: { monthlyCents: 89_00, maxSalespeople: 10 },
  professional: { perSalespersonCents: 89_00, minSalespeople: 10 },
  enterprise: { perDealershipCents: 845_00, minDealerships: 5, groupDiscountPercent: 5 },
  calculatorTeamSizes: [10, 15, 20, 25],
  enterpriseGroup: { baseCents: 11_000_00, perAdditionalDealershipCents: 900_00 },
} as const;

/** The manager dashboard's plan card. */
export const MANAGER_DASHBOARD_FIGURES = {
  basicMonthlyCents: 499_00,
  dealershipPaidSalespersonCents: 99_00,
} as const;
