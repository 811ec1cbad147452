import { describe, expect, it } from "vitest";
import { addDays, dayClock, fromZoned, isIsoDate, toOffsetIso, toZoned, zoneOffsetMinutes } from "./time";

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

describe("converting with kept offsets", () => {
  const formats = new Map<string, Intl.DateTimeFormat>();
  /** The wall clock as Intl shows it, read afresh for every instant: what every conversion used to do. */
  function intlWallClock(instant: Date, timeZone: string) {
    let format = formats.get(timeZone);
    if (!format) {
      format = new Intl.DateTimeFormat("en-US", {
        timeZone,
        hourCycle: "h23",
        year: "numeric",
        month: "2-digit",
        day: "2-digit",
        hour: "2-digit",
        minute: "2-digit",
        weekday: "short",
        timeZoneName: "longOffset",
      });
      formats.set(timeZone, format);
    }
    const parts: Record<string, string> = {};
    for (const p of format.formatToParts(instant)) parts[p.type] = p.value;
    const weekday = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"].indexOf(parts.weekday ?? "");
    // The offset as Intl names it: "GMT", "GMT-05:00", or to the second ("GMT+05:41:16") where a zone still
    // kept its local mean time, into the 20th century.
    const [, sign, hh, mm, ss] = /^GMT(?:([+-])(\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(
      parts.timeZoneName ?? "",
    )!;
    const seconds = Number(hh ?? 0) * 3600 + Number(mm ?? 0) * 60 + Number(ss ?? 0);
    const offsetMinutes = Math.round(((sign === "-" ? -1 : 1) * seconds) / 60);
    return {
      date: `${parts.year}-${parts.month}-${parts.day}`,
      time: `${parts.hour}:${parts.minute}`,
      weekday,
      offsetMinutes,
    };
  }

  // Whole-hour, half-hour and quarter-hour offsets, a 30-minute daylight-saving shift, no daylight saving.
  const zones = [
    "America/New_York",
    "America/Chicago",
    "America/Denver",
    "America/Phoenix",
    "America/Los_Angeles",
    "America/Anchorage",
    "Pacific/Honolulu",
    "America/St_Johns",
    "Europe/London",
    "Asia/Kathmandu",
    "Australia/Lord_Howe",
    "Pacific/Chatham",
  ];

  function expectSame(instant: Date, timeZone: string) {
    const zoned = toZoned(instant, timeZone);
    expect(
      {
        date: zoned.date,
        time: zoned.time,
        weekday: zoned.weekday,
        offsetMinutes: zoneOffsetMinutes(instant, timeZone),
      },
      `${instant.toISOString()} ${timeZone}`,
    ).toEqual(intlWallClock(instant, timeZone));
  }

  it("agree with Intl every 7.5 minutes around each zone's changes of 2026, and through the year", () => {
    for (const timeZone of zones) {
      // The year's changes of offset, found day by day; then the two days around each, walked both ways.
      const changes: number[] = [];
      let before = intlWallClock(new Date(Date.UTC(2026, 0, 1)), timeZone).offsetMinutes;
      for (let day = 1; day <= 365; day++) {
        const at = Date.UTC(2026, 0, 1) + day * 86_400_000;
        const offset = intlWallClock(new Date(at), timeZone).offsetMinutes;
        if (offset !== before) changes.push(at);
        before = offset;
      }
      for (const change of changes) {
        for (let ms = change - 2 * 86_400_000; ms <= change + 86_400_000; ms += 450_000) {
          expectSame(new Date(ms), timeZone);
          expectSame(new Date(ms + 59_999), timeZone);
        }
        for (let ms = change + 86_400_000; ms >= change - 2 * 86_400_000; ms -= 450_000) {
          expectSame(new Date(ms - 1), timeZone);
        }
      }
      for (let ms = Date.UTC(2026, 11, 31); ms >= Date.UTC(2026, 0, 1); ms -= 86_400_000 / 7) {
        expectSame(new Date(ms), timeZone);
      }
    }
  }, 30_000);

  it("agree with Intl at random instants from 1900 to 2100", () => {
    let seed = 42;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const from = Date.UTC(1900, 0, 1);
    const to = Date.UTC(2100, 11, 31);
    for (let i = 0; i < 5_000; i++) {
      expectSame(new Date(Math.floor(from + random() * (to - from))), zones[i % zones.length]!);
    }
  });

  it("convert a day's times as fromZoned does, every day of 2026 and on each day a change falls on", () => {
    // Every quarter hour of the day, and times written otherwise; Santiago changes at midnight.
    const times = Array.from({ length: 96 }, (_, i) => {
      const minutes = i * 15;
      return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
    });
    times.push("9:00", "23:59");
    for (const timeZone of [...zones, "America/Santiago", "America/Havana", "Asia/Kolkata"]) {
      for (let day = 0; day < 365; day++) {
        const date = addDays("2026-01-01", day);
        const { at, start, end } = dayClock(date, timeZone);
        expect([start, end]).toEqual([
          fromZoned(date, "00:00", timeZone).getTime(),
          fromZoned(addDays(date, 1), "00:00", timeZone).getTime(),
        ]);
        for (const time of times)
          expect(at(time), `${date} ${time} ${timeZone}`).toBe(fromZoned(date, time, timeZone).getTime());
      }
    }
  }, 30_000);
});
