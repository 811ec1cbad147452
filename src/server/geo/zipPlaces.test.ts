import { describe, expect, it } from "vitest";
import { zipPlace } from "./zipPlaces";

describe("zipPlace", () => {
  it("answers a ZIP code's city, state, centre and the state's time zone", () => {
    const place = zipPlace("60611");
    expect(place).toMatchObject({
      zipCode: "60611",
      city: "Chicago",
      state: "IL",
      timeZone: "America/Chicago",
    });
    expect(place?.latitude).toBeCloseTo(41.9, 0);
    expect(place?.longitude).toBeCloseTo(-87.6, 0);
  });

  it("reads a ZIP+4 by its first five digits", () => {
    expect(zipPlace("10001-1234")?.city).toBe("New York");
  });

  it("answers null for malformed, unknown and Canadian codes", () => {
    expect(zipPlace("ABCDE")).toBeNull();
    expect(zipPlace("1234")).toBeNull();
    expect(zipPlace("00000")).toBeNull();
    expect(zipPlace("M5V")).toBeNull();
  });
});
