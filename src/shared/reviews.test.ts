import { describe, expect, it } from "vitest";
import { contactDetailIn, nextReviewAllowed, REVIEW_COOLDOWN_DAYS } from "./reviews";

describe("contactDetailIn", () => {
  it("finds e-mail addresses, web addresses and phone numbers, also spelled out to dodge filters", () => {
    expect(contactDetailIn("Write to jo.smith+cars@example.com")).toBe("an e-mail address");
    expect(contactDetailIn("mail jo (at) example (dot) com")).toBe("an e-mail address");
    expect(contactDetailIn("See https://cheap-cars.example/deal")).toBe("a web address");
    expect(contactDetailIn("better prices at www.otherlot.biz")).toBe("a web address");
    expect(contactDetailIn("visit otherlot.com today")).toBe("a web address");
    expect(contactDetailIn("Call me at (512) 555-0100")).toBe("a phone number");
    expect(contactDetailIn("text 512.555.0100")).toBe("a phone number");
    expect(contactDetailIn("+1 512 555 0100")).toBe("a phone number");
    expect(contactDetailIn(null, "", "5125550100")).toBe("a phone number");
  });

  it("leaves ordinary review text alone: years, prices, mileage, ratings", () => {
    expect(contactDetailIn("Bought a 2019 2020 model for $25,000 with 45,000 miles. 5/5!")).toBeNull();
    expect(contactDetailIn("Great visit, e.g. no pressure at all.", null, undefined)).toBeNull();
  });
});

describe("nextReviewAllowed", () => {
  it("is the cooldown's number of days after the last review", () => {
    const last = new Date("2026-01-01T10:00:00Z");
    expect(nextReviewAllowed(last).getTime() - last.getTime()).toBe(REVIEW_COOLDOWN_DAYS * 86_400_000);
  });
});
