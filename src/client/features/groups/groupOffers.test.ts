import { describe, expect, it } from "vitest";
import { chargeCents, PLANS } from "../../../shared/plans";
import { groupOffers } from "./groupOffers";

describe("groupOffers", () => {
  it("prices Enterprise per dealership of the group and Professional by the group's salespeople", () => {
    const [enterprise, professional] = groupOffers({ dealerships: 3, salespeople: 14 });
    expect(enterprise!.amountCents).toBe(chargeCents(PLANS["dealer-enterprise"], "month", 3));
    expect(professional!.amountCents).toBe(chargeCents(PLANS["dealer-professional"], "month", 14));
  });

  it("never offers Professional below its minimum seats", () => {
    const [, professional] = groupOffers({ dealerships: 2, salespeople: 4 });
    expect(professional!.amountCents).toBe(
      chargeCents(PLANS["dealer-professional"], "month", PLANS["dealer-professional"].minQuantity),
    );
    expect(professional!.what).toContain(`${PLANS["dealer-professional"].minQuantity} seats`);
  });
});
