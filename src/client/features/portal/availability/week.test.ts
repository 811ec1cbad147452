import { describe, expect, it } from "vitest";
import { blockOnDate, mondayOf, weekDates, weekRangeLabel } from "./week";

const NY = "America/New_York";

describe("weeks", () => {
  it("start on Monday", () => {
    expect(mondayOf("2026-06-10")).toBe("2026-06-08"); // a Wednesday
    expect(mondayOf("2026-06-08")).toBe("2026-06-08");
    expect(mondayOf("2026-06-14")).toBe("2026-06-08"); // a Sunday
    expect(weekDates("2026-06-08")).toEqual([
      "2026-06-08",
      "2026-06-09",
      "2026-06-10",
      "2026-06-11",
      "2026-06-12",
      "2026-06-13",
      "2026-06-14",
    ]);
  });

  it("read as a short range", () => {
    expect(weekRangeLabel("2026-06-08")).toBe("Jun 8 – 14, 2026");
    expect(weekRangeLabel("2026-06-29")).toBe("Jun 29 – Jul 5, 2026");
    expect(weekRangeLabel("2026-12-28")).toBe("Dec 28, 2026 – Jan 3, 2027");
  });
});

describe("blockOnDate", () => {
  const weekly = {
    startDateTime: "2026-06-08T12:00:00-04:00",
    endDateTime: "2026-06-08T13:00:00-04:00",
    isRecurring: true,
  };

  it("repeats a weekly block on the same weekday and wall-clock time, also across a clock change", () => {
    expect(blockOnDate(weekly, "2026-06-15", NY)).toEqual([
      {
        start: Date.parse("2026-06-15T12:00:00-04:00"),
        end: Date.parse("2026-06-15T13:00:00-04:00"),
        continuesFromBefore: false,
        continuesAfter: false,
      },
    ]);
    // November 9 is after the change to standard time: still noon to 1 PM locally.
    expect(blockOnDate(weekly, "2026-11-09", NY)[0]?.start).toBe(Date.parse("2026-11-09T12:00:00-05:00"));
    expect(blockOnDate(weekly, "2026-06-16", NY)).toEqual([]);
    // Not before it was created.
    expect(blockOnDate(weekly, "2026-06-01", NY)).toEqual([]);
  });

  it("clips a one-off block that spans days to each day it covers", () => {
    const vacation = {
      startDateTime: "2026-06-10T15:00:00-04:00",
      endDateTime: "2026-06-12T10:00:00-04:00",
      isRecurring: false,
    };
    const first = blockOnDate(vacation, "2026-06-10", NY)[0]!;
    expect(first.continuesFromBefore).toBe(false);
    expect(first.continuesAfter).toBe(true);
    const middle = blockOnDate(vacation, "2026-06-11", NY)[0]!;
    expect(middle.continuesFromBefore && middle.continuesAfter).toBe(true);
    expect(middle.end - middle.start).toBe(24 * 3_600_000);
    expect(blockOnDate(vacation, "2026-06-12", NY)[0]?.end).toBe(Date.parse("2026-06-12T10:00:00-04:00"));
    expect(blockOnDate(vacation, "2026-06-13", NY)).toEqual([]);
  });
});
