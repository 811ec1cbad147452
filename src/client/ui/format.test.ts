import { describe, expect, it } from "vitest";
import { countOf, dueLabel, plural, timeAgo } from "./format";

describe("timeAgo", () => {
  const now = Date.UTC(2026, 5, 12, 12, 0, 0);
  it("reads recent times in words", () => {
    expect(timeAgo(new Date(now - 20_000), now)).toBe("just now");
    expect(timeAgo(new Date(now - 5 * 60_000), now)).toBe("5 minutes ago");
    expect(timeAgo(new Date(now - 3 * 3_600_000), now)).toBe("3 hours ago");
    expect(timeAgo(new Date(now - 86_400_000), now)).toBe("yesterday");
  });
  it("falls back to a date after a week", () => {
    expect(timeAgo(new Date(now - 10 * 86_400_000), now)).toMatch(/^Jun \d+$/);
  });
});

describe("countOf", () => {
  it("names one thing in the singular and more in the plural", () => {
    expect(countOf(1, "case")).toBe("1 case");
    expect(countOf(0, "case")).toBe("0 cases");
    expect(countOf(1320, "transfer request")).toBe("1,320 transfer requests");
  });
  it("says salespeople, not salespersons", () => {
    expect(countOf(1, "salesperson")).toBe("1 salesperson");
    expect(countOf(1320, "salesperson")).toBe("1,320 salespeople");
    expect(plural("salesperson")).toBe("salespeople");
  });
});

describe("dueLabel", () => {
  const at = (iso: string) => new Date(iso);
  it("says how long is left, how late it is, and nothing once answered", () => {
    const due = at("2026-03-02T12:00:00Z");
    expect(dueLabel(due, at("2026-03-02T07:00:00Z"), true)).toBe("Due in 5 h");
    expect(dueLabel(due, at("2026-03-02T11:45:00Z"), true)).toBe("Due in 15 min");
    expect(dueLabel(due, at("2026-03-02T14:00:00Z"), true)).toBe("Overdue by 2 h");
    expect(dueLabel(due, at("2026-03-05T12:00:00Z"), true)).toBe("Overdue by 3 d");
    expect(dueLabel(due, at("2026-03-02T14:00:00Z"), false)).toBeNull();
  });
});
