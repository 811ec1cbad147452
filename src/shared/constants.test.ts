import { describe, expect, it } from "vitest";
import {
  ALL_SPECIALTIES,
  BROWSE_SPECIALTIES,
  formatRating,
  ratingBand,
  SELF_EDIT_SPECIALTIES,
} from "./constants";
import { browseSalespeopleInput } from "./schemas/salespeople";

describe("rating bands (docs/product/reviews.md#rating-bands)", () => {
  it("splits at 4.5 and 3.5", () => {
    expect(ratingBand(5)).toBe("top");
    expect(ratingBand(4.5)).toBe("top");
    expect(ratingBand(4.49)).toBe("average");
    expect(ratingBand(3.5)).toBe("average");
    expect(ratingBand(3.49)).toBe("needs-improvement");
  });
  it("shows one decimal", () => {
    expect(formatRating(4.25)).toBe("4.3");
    expect(formatRating(null)).toBe("0.0");
  });
});

describe("specialties", () => {
  it("unites both lists without duplicates", () => {
    expect(ALL_SPECIALTIES).toHaveLength(new Set([...BROWSE_SPECIALTIES, ...SELF_EDIT_SPECIALTIES]).size);
    expect(ALL_SPECIALTIES).toContain("Used Cars");
  });
});

describe("browse filters", () => {
  it("drop 'all' and empty values and read 4+ as 4", () => {
    const parsed = browseSalespeopleInput.parse({
      specialty: "all",
      city: "",
      rating: "4+",
      yearsOfExperience: "5",
    });
    expect(parsed).toEqual({ rating: "4", yearsOfExperience: 5, page: 1, pageSize: 24 });
  });
  it("refuse unknown keys", () => {
    expect(browseSalespeopleInput.safeParse({ sort: "name" }).success).toBe(false);
  });
});
