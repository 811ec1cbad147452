import { describe, expect, it } from "vitest";
import { formatMiles, haversineMiles } from "./geo";

const newYork = { latitude: 40.7128, longitude: -74.006 };
const losAngeles = { latitude: 34.0522, longitude: -118.2437 };
const london = { latitude: 51.5074, longitude: -0.1278 };

describe("haversineMiles", () => {
  it("is zero from a point to itself", () => {
    expect(haversineMiles(newYork, newYork)).toBe(0);
  });

  it("matches published great-circle distances", () => {
    // New York to Los Angeles is about 2,445 miles; New York to London about 3,461 miles.
    expect(haversineMiles(newYork, losAngeles)).toBeCloseTo(2445, -1);
    expect(haversineMiles(newYork, london)).toBeCloseTo(3461, -1);
  });

  it("is symmetric and handles the antimeridian", () => {
    expect(haversineMiles(losAngeles, newYork)).toBeCloseTo(haversineMiles(newYork, losAngeles), 9);
    const west = { latitude: 0, longitude: 179.5 };
    const east = { latitude: 0, longitude: -179.5 };
    expect(haversineMiles(west, east)).toBeCloseTo(69.1, 0);
  });

  it("one degree of latitude is about 69 miles", () => {
    expect(haversineMiles({ latitude: 10, longitude: 5 }, { latitude: 11, longitude: 5 })).toBeCloseTo(
      69.1,
      1,
    );
  });

  it("stays finite for antipodal points", () => {
    const d = haversineMiles({ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 180 });
    expect(d).toBeCloseTo(Math.PI * 3958.8, 3);
  });
});

describe("formatMiles", () => {
  it("uses one decimal below ten miles and whole miles above", () => {
    expect(formatMiles(0.43)).toBe("0.4 mi");
    expect(formatMiles(9.96)).toBe("10.0 mi");
    expect(formatMiles(12.4)).toBe("12 mi");
    expect(formatMiles(1204.2)).toBe("1,204 mi");
  });
});
