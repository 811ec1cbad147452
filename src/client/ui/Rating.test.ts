import { describe, expect, it } from "vitest";
import { NOT_YET_RATED, ratingBandInfo, ratingText } from "./Rating";

describe("ratingText", () => {
  it("says 'Not yet rated' for someone without reviews, never a rating of 0.0", () => {
    expect(ratingText(0, 0)).toBe("Not yet rated");
    expect(ratingText(null)).toBe("Not yet rated");
    expect(ratingText(undefined, 3)).toBe("Not yet rated");
    expect(ratingBandInfo(0, 0).label).toBe(NOT_YET_RATED);
  });

  it("writes a rated average to one decimal", () => {
    expect(ratingText(4.25, 8)).toBe("4.3");
    expect(ratingText(5, 1)).toBe("5.0");
    expect(ratingText(3.5)).toBe("3.5");
  });
});
