import { describe, expect, it } from "vitest";
import { headlineFigures } from "./marketing";

const stats = (over: Partial<Parameters<typeof headlineFigures>[0] & object> = {}) => ({
  verifiedSalespeople: 1260,
  averageRating: 3.742,
  ratingsCount: 9000,
  dealershipPartners: 60,
  demoData: null,
  ...over,
});

const values = (s: Parameters<typeof headlineFigures>[0]) =>
  Object.fromEntries(headlineFigures(s).map((f) => [f.key, f.value]));

describe("headlineFigures", () => {
  it("rounds live counts down to the floor's step when the marketing floor holds", () => {
    expect(values(stats())).toEqual({
      verifiedSalespeople: "1,200+",
      averageRating: "3.7",
      dealershipPartners: "60+",
    });
    expect(values(stats({ verifiedSalespeople: 104_999, dealershipPartners: 1234 }))).toMatchObject({
      verifiedSalespeople: "104,900+",
      dealershipPartners: "1,230+",
    });
  });

  it("shows the exact count, not the claim, when the real figure is below the floor", () => {
    expect(values(stats({ verifiedSalespeople: 312, dealershipPartners: 7, averageRating: 4.96 }))).toEqual({
      verifiedSalespeople: "312",
      averageRating: "5.0",
      dealershipPartners: "7",
    });
    expect(values(stats({ verifiedSalespeople: 1199 })).verifiedSalespeople).toBe("1,199");
  });

  it("never shows a rating when there are none", () => {
    const [, rating] = headlineFigures(stats({ averageRating: null, ratingsCount: 0 }));
    expect(rating).toMatchObject({ value: "New", live: true, source: "No ratings yet" });
  });

  it("falls back to the marketing wording, marked as not live, when no stats are available", () => {
    const figures = headlineFigures(null);
    expect(figures.map((f) => f.value)).toEqual(["1,200+", "4.8", "50+"]);
    expect(figures.every((f) => !f.live)).toBe(true);
  });
});
