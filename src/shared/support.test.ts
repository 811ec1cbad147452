import { describe, expect, it } from "vitest";
import { PLANS } from "./plans";
import { ageText, dueLabel, prioritySupportPlans, SUPPORT_REPLY_HOURS } from "./support";

const at = (iso: string) => new Date(iso);

describe("support clocks", () => {
  it("says how long is left, how late it is, and nothing once answered", () => {
    const due = at("2026-03-02T12:00:00Z");
    expect(dueLabel(due, at("2026-03-02T07:00:00Z"), true)).toBe("Due in 5 h");
    expect(dueLabel(due, at("2026-03-02T11:45:00Z"), true)).toBe("Due in 15 min");
    expect(dueLabel(due, at("2026-03-02T14:00:00Z"), true)).toBe("Overdue by 2 h");
    expect(dueLabel(due, at("2026-03-05T12:00:00Z"), true)).toBe("Overdue by 3 d");
    expect(dueLabel(due, at("2026-03-02T14:00:00Z"), false)).toBeNull();
    expect(ageText(at("2026-03-02T07:00:00Z"), at("2026-03-02T12:00:00Z"))).toBe("5 h");
  });

  it("gives priority to paid plans only, by audience, and a shorter reply time", () => {
    for (const id of prioritySupportPlans("salesperson")) expect(PLANS[id].audience).toBe("salesperson");
    for (const id of prioritySupportPlans("dealership")) expect(PLANS[id].audience).toBe("dealership");
    expect(prioritySupportPlans("salesperson")).toContain("salesperson-professional");
    expect(prioritySupportPlans("dealership")).toContain("dealer-basic");
    expect(SUPPORT_REPLY_HOURS.priority).toBeLessThan(SUPPORT_REPLY_HOURS.standard);
  });
});
