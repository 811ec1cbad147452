import { describe, expect, it } from "vitest";
import type { Slot } from "../../../shared/slots";
import { runsOf } from "./openings";

const at = (date: string, time: string) => ({
  date,
  slot: { time, label: time, state: "available", startsAt: new Date(`${date}T${time}:00Z`) } satisfies Slot,
});

describe("runsOf", () => {
  it("joins consecutive grid times of a date into one run, from its first start to its last", () => {
    expect(
      runsOf([
        at("2031-03-04", "09:00"),
        at("2031-03-04", "09:30"),
        at("2031-03-04", "10:00"),
        at("2031-03-04", "11:00"),
        at("2031-03-05", "09:00"),
      ]),
    ).toBe(
      "{[2031-03-04T09:00:00.000Z,2031-03-04T10:00:00.000Z],[2031-03-04T11:00:00.000Z,2031-03-04T11:00:00.000Z]," +
        "[2031-03-05T09:00:00.000Z,2031-03-05T09:00:00.000Z]}",
    );
  });

  it("keeps the runs of two dates apart even when their times touch", () => {
    expect(runsOf([at("2031-03-04", "23:30"), { ...at("2031-03-05", "00:00") }])).toBe(
      "{[2031-03-04T23:30:00.000Z,2031-03-04T23:30:00.000Z],[2031-03-05T00:00:00.000Z,2031-03-05T00:00:00.000Z]}",
    );
    expect(runsOf([])).toBe("{}");
  });
});
