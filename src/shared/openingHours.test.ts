import { describe, expect, it } from "vitest";
import {
  bookableTimes,
  bookingDay,
  type HoursSources,
  openAt,
  outsideHoursMessage,
  weekdayOf,
  withinBookingDay,
} from "./openingHours";
import type { DealershipHours } from "./schemas/dealershipHours";
import { SLOT_TIMES } from "./slots";

const week = (open: string, close: string, sunday: { open: string; close: string } | null = null) =>
  ({
    monday: { open, close },
    tuesday: { open, close },
    wednesday: { open, close },
    thursday: { open, close },
    friday: { open, close },
    saturday: { open, close },
    sunday,
  }) satisfies DealershipHours;

const dealershipOnly = (hours: DealershipHours): HoursSources => ({ dealership: hours, salesperson: null });
const ny = "America/New_York";

describe("opening hours", () => {
  it("names the weekday of a local date", () => {
    expect(weekdayOf("2026-12-06")).toBe("sunday");
    expect(weekdayOf("2026-12-07")).toBe("monday");
  });

  it("offers no time on a closed day and says the dealership is closed", () => {
    const sources = dealershipOnly(week("09:00", "20:00"));
    expect(bookingDay(sources, "2026-12-06")).toEqual({ kind: "closed", closedBy: "dealership" });
    expect(bookableTimes(sources, "2026-12-06", ny)).toEqual([]);
    // 20:30 on Sunday 6 December 2026 in New York (EST, UTC-5).
    expect(outsideHoursMessage(sources, new Date("2026-12-07T01:30:00Z"), ny)).toBe(
      "The dealership is closed at that time (Sunday 20:30). Choose a time within its opening hours.",
    );
  });

  it("keeps only slots whose whole half hour ends by closing time", () => {
    const sources = dealershipOnly(week("09:00", "18:00"));
    const times = bookableTimes(sources, "2026-12-07", ny);
    expect(times[0]).toBe("09:00");
    expect(times.at(-1)).toBe("17:30");
    expect(times).not.toContain("18:00");
    // 17:45 would end at 18:15: outside, though it starts before closing.
    const day = bookingDay(sources, "2026-12-07");
    expect(withinBookingDay(day, "2026-12-07", "17:45", ny)).toBe(false);
    expect(withinBookingDay(day, "2026-12-07", "17:30", ny)).toBe(true);
    expect(outsideHoursMessage(sources, new Date("2026-12-07T23:00:00Z"), ny)).toBe(
      "The dealership is closed at that time (Monday 18:00). Choose a time within its opening hours.",
    );
  });

  it("reads the hours in the dealership's zone on a daylight-saving change day", () => {
    const sources = dealershipOnly(week("09:00", "20:00", { open: "09:00", close: "20:00" }));
    // New York falls back on Sunday 1 November 2026: 13:30Z is 09:30 EDT the day before, 08:30 EST that day.
    expect(outsideHoursMessage(sources, new Date("2026-10-31T13:30:00Z"), ny)).toBeNull();
    expect(outsideHoursMessage(sources, new Date("2026-11-01T13:30:00Z"), ny)).toBe(
      "The dealership is closed at that time (Sunday 08:30). Choose a time within its opening hours.",
    );
    expect(outsideHoursMessage(sources, new Date("2026-11-01T14:00:00Z"), ny)).toBeNull();
    // The last visit, 19:30 to 20:00 EST, ends exactly at closing; one at 20:00 does not fit.
    expect(outsideHoursMessage(sources, new Date("2026-11-02T00:30:00Z"), ny)).toBeNull();
    expect(outsideHoursMessage(sources, new Date("2026-11-02T01:00:00Z"), ny)).not.toBeNull();
    expect(bookableTimes(sources, "2026-11-01", ny)).toEqual(SLOT_TIMES.filter((t) => t <= "19:30"));
  });

  it("is the same in a zone without daylight saving", () => {
    const sources = dealershipOnly(week("10:00", "12:00"));
    expect(bookableTimes(sources, "2026-07-01", "America/Phoenix")).toEqual([
      "10:00",
      "10:30",
      "11:00",
      "11:30",
    ]);
    // 17:00Z is 10:00 in Phoenix all year.
    expect(outsideHoursMessage(sources, new Date("2026-07-01T17:00:00Z"), "America/Phoenix")).toBeNull();
    expect(outsideHoursMessage(sources, new Date("2026-07-01T16:30:00Z"), "America/Phoenix")).not.toBeNull();
  });

  it("narrows the dealership's hours by the salesperson's own working hours", () => {
    const sources: HoursSources = {
      dealership: week("09:00", "20:00"),
      salesperson: { ...week("12:00", "22:00"), tuesday: null },
    };
    expect(bookingDay(sources, "2026-12-07")).toEqual({ kind: "open", open: "12:00", close: "20:00" });
    expect(bookingDay(sources, "2026-12-08")).toEqual({ kind: "closed", closedBy: "salesperson" });
    // Monday 10:00 EST: the dealership is open, the salesperson is not working.
    expect(outsideHoursMessage(sources, new Date("2026-12-07T15:00:00Z"), ny)).toBe(
      "The salesperson is not working at that time (Monday 10:00). Choose a time within their working hours.",
    );
    // Monday 20:00 EST: the dealership has closed, whatever the salesperson's hours say.
    expect(outsideHoursMessage(sources, new Date("2026-12-08T01:00:00Z"), ny)).toMatch(
      /^The dealership is closed/,
    );
  });

  it("uses a salesperson's own hours without a dealership, and the whole grid when nobody stated any", () => {
    const independent: HoursSources = { dealership: null, salesperson: week("08:00", "10:00") };
    expect(bookableTimes(independent, "2026-12-07", ny)).toEqual(["09:00", "09:30"]);
    expect(bookingDay(independent, "2026-12-06")).toEqual({ kind: "closed", closedBy: "salesperson" });
    const none: HoursSources = { dealership: null, salesperson: null };
    expect(bookableTimes(none, "2026-12-06", ny)).toEqual(SLOT_TIMES);
    expect(outsideHoursMessage(none, new Date("2026-12-07T01:30:00Z"), ny)).toBeNull();
  });
});

describe("openAt", () => {
  const hours = week("09:00", "18:00");
  it("reads the dealership's own wall clock: open from opening, closed at closing", () => {
    // 13:00 UTC on a Monday in winter is 08:00 in New York, 14:00 UTC is 09:00.
    expect(openAt(hours, "America/New_York", new Date("2025-01-06T13:59:00Z"))).toBe(false);
    expect(openAt(hours, "America/New_York", new Date("2025-01-06T14:00:00Z"))).toBe(true);
    expect(openAt(hours, "America/New_York", new Date("2025-01-06T22:59:00Z"))).toBe(true);
    expect(openAt(hours, "America/New_York", new Date("2025-01-06T23:00:00Z"))).toBe(false);
    // 01:00 UTC on that Monday is 10:00 in Tokyo (open there) and Sunday 20:00 in New York (closed).
    expect(openAt(hours, "Asia/Tokyo", new Date("2025-01-06T01:00:00Z"))).toBe(true);
    expect(openAt(hours, "America/New_York", new Date("2025-01-06T01:00:00Z"))).toBe(false);
  });
  it("is closed all day on a closed weekday, and unknown without stated hours", () => {
    expect(openAt(hours, "America/New_York", new Date("2025-01-05T17:00:00Z"))).toBe(false);
    expect(openAt(null, "America/New_York", new Date("2025-01-06T17:00:00Z"))).toBeNull();
  });
});
