import { describe, expect, it } from "vitest";
import {
  AVAILABLE_TODAY_TIMES,
  availableToday,
  canCancel,
  formatSlot12h,
  SLOT_TIMES,
  slotGrid,
} from "./slots";

const tz = "America/New_York";
const now = new Date("2026-06-01T12:00:00Z"); // 08:00 in New York

describe("slot grid", () => {
  it("has 25 half-hour slots from 9:00 AM to 9:00 PM", () => {
    expect(SLOT_TIMES).toHaveLength(25);
    expect(SLOT_TIMES[0]).toBe("09:00");
    expect(SLOT_TIMES.at(-1)).toBe("21:00");
    expect(formatSlot12h("09:00")).toBe("9:00 AM");
    expect(formatSlot12h("12:30")).toBe("12:30 PM");
    expect(formatSlot12h("21:00")).toBe("9:00 PM");
  });

  it("marks slots within 30 minutes of a scheduled appointment as booked", () => {
    const appointment = new Date("2026-06-02T14:00:00Z"); // 10:00 local
    const grid = slotGrid({
      date: "2026-06-02",
      timeZone: tz,
      held: [{ startsAt: appointment, minutes: 30 }],
      blocks: [],
      now,
    });
    const state = (t: string) => grid.find((s) => s.time === t)?.state;
    expect(state("09:30")).toBe("available"); // 30 minutes before: not booked
    expect(state("10:00")).toBe("booked");
    expect(state("10:30")).toBe("available");
    const offGrid = slotGrid({
      date: "2026-06-02",
      timeZone: tz,
      held: [{ startsAt: new Date("2026-06-02T14:15:00Z"), minutes: 30 }],
      blocks: [],
      now,
    });
    expect(offGrid.filter((s) => s.state === "booked").map((s) => s.time)).toEqual(["10:00", "10:30"]);
  });

  it("marks slots inside a block as blocked, and weekly blocks on later weeks at the same wall-clock time", () => {
    const block = {
      startsAt: new Date("2026-03-02T14:00:00Z"),
      endsAt: new Date("2026-03-02T15:00:00Z"),
      isRecurring: true,
    }; // Mon 9-10 EST
    // Two weeks later daylight-saving time applies: the block stays 9-10 AM local.
    const grid = slotGrid({
      date: "2026-03-16",
      timeZone: tz,
      held: [],
      blocks: [block],
      now: new Date("2026-03-01T00:00:00Z"),
    });
    expect(grid.filter((s) => s.state === "blocked").map((s) => s.time)).toEqual(["09:00", "09:30"]);
    const tuesday = slotGrid({
      date: "2026-03-17",
      timeZone: tz,
      held: [],
      blocks: [block],
      now: new Date("2026-03-01T00:00:00Z"),
    });
    expect(tuesday.some((s) => s.state === "blocked")).toBe(false);
    const before = slotGrid({
      date: "2026-02-23",
      timeZone: tz,
      held: [],
      blocks: [block],
      now: new Date("2026-02-01T00:00:00Z"),
    });
    expect(before.some((s) => s.state === "blocked")).toBe(false);
  });

  it("holds a visit for its length plus the gap kept after it, on both sides of a new visit", () => {
    const visit = new Date("2026-06-02T14:00:00Z"); // 10:00 local, an hour with 30 minutes kept after
    const grid = slotGrid({
      date: "2026-06-02",
      timeZone: tz,
      held: [{ startsAt: visit, minutes: 90 }],
      blocks: [],
      now,
      visitMinutes: 60,
      bufferMinutes: 30,
    });
    const booked = grid.filter((s) => s.state === "booked").map((s) => s.time);
    // A new 60-minute visit plus its 30 minutes may not reach 10:00, nor start before 11:30.
    expect(booked).toEqual(
      ["08:30", "09:00", "09:30", "10:00", "10:30", "11:00"].filter((t) => SLOT_TIMES.includes(t)),
    );
    expect(grid.find((s) => s.time === "11:30")?.state).toBe("available");
  });

  it("marks times inside the notice asked for as too soon, and every open time of a full day as full", () => {
    const grid = slotGrid({
      date: "2026-06-01",
      timeZone: tz,
      held: [],
      blocks: [],
      now: new Date("2026-06-01T13:10:00Z"), // 09:10 local
      minNoticeHours: 2,
    });
    expect(grid.find((s) => s.time === "09:00")?.state).toBe("past");
    expect(grid.find((s) => s.time === "11:00")?.state).toBe("too-soon");
    expect(grid.find((s) => s.time === "11:30")?.state).toBe("available");
    const full = slotGrid({ date: "2026-06-02", timeZone: tz, held: [], blocks: [], now, dayFull: true });
    expect(new Set(full.map((s) => s.state))).toEqual(new Set(["full"]));
  });

  it("marks past slots", () => {
    const grid = slotGrid({
      date: "2026-06-01",
      timeZone: tz,
      held: [],
      blocks: [],
      now: new Date("2026-06-01T15:10:00Z"),
    });
    expect(grid.find((s) => s.time === "11:00")?.state).toBe("past");
    expect(grid.find((s) => s.time === "11:30")?.state).toBe("available");
  });

  it("shows at most four 'Available Today' slots and counts the rest", () => {
    const grid = slotGrid({
      date: "2026-06-01",
      timeZone: tz,
      held: [],
      blocks: [],
      now,
      times: AVAILABLE_TODAY_TIMES,
    });
    const today = availableToday(grid);
    expect(today.shown.map((s) => s.label)).toEqual(["9:00 AM", "10:00 AM", "11:00 AM", "2:00 PM"]);
    expect(today.more).toBe(5);
  });
});

describe("cancellation window", () => {
  it("allows cancelling only scheduled appointments more than 2 hours away", () => {
    const start = new Date("2026-06-01T12:00:00Z");
    expect(canCancel({ status: "scheduled", startsAt: start }, new Date("2026-06-01T09:59:59Z"))).toBe(true);
    expect(canCancel({ status: "scheduled", startsAt: start }, new Date("2026-06-01T10:00:00Z"))).toBe(false);
    expect(canCancel({ status: "completed", startsAt: start }, new Date("2026-06-01T08:00:00Z"))).toBe(false);
  });
});
