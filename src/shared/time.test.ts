import { describe, expect, it } from "vitest";
import { addDays, fromZoned, isIsoDate, toOffsetIso, toZoned, zoneOffsetMinutes } from "./time";

describe("time zones", () => {
  it("reads wall-clock times in New York across the March 2026 spring-forward change", () => {
    // 2026-03-08: clocks go from 02:00 EST to 03:00 EDT.
    expect(fromZoned("2026-03-07", "10:00", "America/New_York").toISOString()).toBe(
      "2026-03-07T15:00:00.000Z",
    );
    expect(fromZoned("2026-03-08", "10:00", "America/New_York").toISOString()).toBe(
      "2026-03-08T14:00:00.000Z",
    );
    expect(fromZoned("2026-03-08", "09:00", "America/New_York").toISOString()).toBe(
      "2026-03-08T13:00:00.000Z",
    );
    // The skipped hour resolves after the gap.
    expect(fromZoned("2026-03-08", "02:30", "America/New_York").toISOString()).toBe(
      "2026-03-08T07:30:00.000Z",
    );
  });

  it("reads wall-clock times across the November fall-back change", () => {
    expect(fromZoned("2026-11-01", "09:00", "America/New_York").toISOString()).toBe(
      "2026-11-01T14:00:00.000Z",
    );
    expect(fromZoned("2026-10-31", "09:00", "America/New_York").toISOString()).toBe(
      "2026-10-31T13:00:00.000Z",
    );
  });

  it("knows Phoenix has no daylight-saving time and Honolulu is UTC-10", () => {
    expect(zoneOffsetMinutes(new Date("2026-07-01T12:00:00Z"), "America/Phoenix")).toBe(-420);
    expect(zoneOffsetMinutes(new Date("2026-01-01T12:00:00Z"), "America/Phoenix")).toBe(-420);
    expect(fromZoned("2026-07-01", "09:00", "Pacific/Honolulu").toISOString()).toBe(
      "2026-07-01T19:00:00.000Z",
    );
  });

  it("turns instants back into wall-clock parts and offset ISO strings", () => {
    const instant = new Date("2026-03-08T14:00:00Z");
    expect(toZoned(instant, "America/New_York")).toMatchObject({
      date: "2026-03-08",
      time: "10:00",
      weekday: 0,
    });
    expect(toOffsetIso(instant, "America/New_York")).toBe("2026-03-08T10:00:00-04:00");
    expect(toOffsetIso(new Date("2026-01-15T17:30:00Z"), "America/Denver")).toBe("2026-01-15T10:30:00-07:00");
  });

  it("does calendar arithmetic and validates dates", () => {
    expect(addDays("2026-02-28", 1)).toBe("2026-03-01");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(isIsoDate("2026-02-30")).toBe(false);
    expect(isIsoDate("2026-02-28")).toBe(true);
  });
});
