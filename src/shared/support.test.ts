import { describe, expect, it } from "vitest";
import { PLANS } from "./plans";
import { prioritySupportPlans, SUPPORT_REPLY_HOURS } from "./support";

describe("support tiers", () => {
  it("gives priority to paid plans only, by audience, and a shorter reply time", () => {
    for (const id of prioritySupportPlans("salesperson")) expect(PLANS[id].audience).toBe("salesperson");
    for (const id of prioritySupportPlans("dealership")) expect(PLANS[id].audience).toBe("dealership");
    expect(prioritySupportPlans("salesperson")).toContain("salesperson-professional");
    expect(prioritySupportPlans("dealership")).toContain("dealer-basic");
    expect(SUPPORT_REPLY_HOURS.priority).toBeLessThan(SUPPORT_REPLY_HOURS.standard);
  });
});
