import { describe, expect, it } from "vitest";
import { round, roundOrNull } from "./numbers";

describe("round", () => {
  it("keeps the asked number of decimals", () => {
    expect(round(4.256, 2)).toBe(4.26);
    expect(round(4.254, 2)).toBe(4.25);
    expect(round(12.35, 1)).toBe(12.4);
    expect(round(-0.5, 0)).toBe(-0);
  });

  it("passes a missing figure through and reads PostgreSQL's numeric text", () => {
    expect(roundOrNull(null, 2)).toBeNull();
    expect(roundOrNull(undefined, 2)).toBeNull();
    expect(roundOrNull("4.33333", 2)).toBe(4.33);
  });
});
