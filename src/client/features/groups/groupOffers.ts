// What a dealer group's plans would charge it, counted as the server counts it (its dealerships, its salespeople),
// with figures read from the plan declaration only.
import { chargeCents, PLANS } from "../../../shared/plans";
import type { GroupBilling } from "../../../shared/schemas/subscriptions";

export const people = (n: number) => (n === 1 ? "1 salesperson" : `${n} salespeople`);
export const dealerships = (n: number) => (n === 1 ? "1 dealership" : `${n} dealerships`);

/** What each plan a group may buy would charge it a month now, counted as the server counts it. */
export function groupOffers(group: Pick<GroupBilling, "dealerships" | "salespeople">) {
  const enterprise = PLANS["dealer-enterprise"];
  const professional = PLANS["dealer-professional"];
  const seats = Math.max(group.salespeople, professional.minQuantity);
  return [
    {
      plan: enterprise,
      amountCents: chargeCents(enterprise, "month", group.dealerships),
      what: `${dealerships(group.dealerships)}, any number of salespeople`,
    },
    {
      plan: professional,
      amountCents: chargeCents(professional, "month", seats),
      what: `${seats} seats shared by all its dealerships`,
    },
  ];
}
