import { describe, expect, it } from "vitest";
import { cronMatches, parseCron } from "./cron";

const at = (iso: string) => new Date(iso);

describe("cron schedules", () => {
  it.each([
    // The minutes their fields allow, in UTC.
    ["*/5 * * * *", ["2031-03-04T10:25:59Z"], ["2031-03-04T10:26:00Z"]],
    ["17 3 * * *", ["2031-03-04T03:17:00Z"], ["2031-03-04T04:17:00Z", "2031-03-04T03:18:00Z"]],
    ["0,30 9-17/4 1 1-6 *", ["2031-02-01T13:30:00Z"], ["2031-02-01T11:30:00Z", "2031-07-01T13:30:00Z"]],
    // A day on either its date or its weekday when both are set, as cron does: 2031-03-02 is a Sunday (0, or 7);
    // the 15th is a Saturday.
    ["0 12 1 * 7", ["2031-03-02T12:00:00Z", "2031-03-01T12:00:00Z"], ["2031-03-15T12:00:00Z"]],
    ["0 12 * * 0", ["2031-03-02T12:00:00Z"], ["2031-03-01T12:00:00Z"]],
  ])("match the minutes their fields allow: %s matches %j, not %j", (expression, matching, missing) => {
    const schedule = parseCron(expression);
    for (const iso of matching) expect(cronMatches(schedule, at(iso)), iso).toBe(true);
    for (const iso of missing) expect(cronMatches(schedule, at(iso)), iso).toBe(false);
  });

  it("refuse what they cannot read, naming the field", () => {
    expect(() => parseCron("* * * *")).toThrow(/five fields/);
    expect(() => parseCron("60 * * * *")).toThrow(/invalid minute "60"/);
    expect(() => parseCron("* 5-2 * * *")).toThrow(/invalid hour "5-2"/);
    expect(() => parseCron("* * 0 * *")).toThrow(/invalid day of month "0"/);
    expect(() => parseCron("*/0 * * * *")).toThrow(/invalid minute/);
    expect(() => parseCron("* * * JAN *")).toThrow(/invalid month "JAN"/);
  });

  it("check a day's minutes against the app's schedules in well under a millisecond each", () => {
    // What the once-a-minute check costs: pg-boss's scheduler spent 7-18 ms per schedule on each check.
    const schedules = ["*/5 * * * *", "17 3 * * *", "41 2 * * *", "23 * * * *"].map(parseCron);
    const start = performance.now();
    let due = 0;
    for (let minute = 0; minute < 24 * 60; minute++) {
      const when = new Date(Date.UTC(2031, 2, 4, 0, minute));
      for (const schedule of schedules) if (cronMatches(schedule, when)) due++;
    }
    expect(due).toBe(288 + 1 + 1 + 24);
    expect(performance.now() - start).toBeLessThan(4 * 24 * 60 * 0.1);
  });
});
