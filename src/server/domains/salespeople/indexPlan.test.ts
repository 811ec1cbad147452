import { describe, expect, it } from "vitest";
import { browseSalespeopleInput } from "../../../shared/schemas/salespeople";
import { IndexData, type IndexRow } from "./indexData";
import { indexPlan } from "./indexPlan";

/** A listed salesperson in Chicago whose kept open times are `runs` (first and last start of each run). */
function row(id: number, runs: number[], notice = 0): IndexRow {
  return {
    id,
    rating: 4,
    rating_text: "4.00",
    reviews: 1,
    pressure: 4,
    pressure_text: "4.00",
    years: 3,
    status: "available",
    city: "chicago",
    dealership_id: null,
    specialties: [],
    verified: false,
    search_text: "someone chicago",
    notice,
    zone: "America/Chicago",
    soonest: runs[0] ?? null,
    runs,
  };
}

async function indexOf(rows: IndexRow[]) {
  return IndexData.build(
    (async function* () {
      yield rows;
    })(),
  );
}

/** The ids the plan's filters keep of everyone, as of `now`. */
function openAt(data: IndexData, available: string, now: Date): number[] {
  const plan = indexPlan(data, browseSalespeopleInput.parse({ available }), now);
  expect(plan).not.toBeNull();
  const slots = Int32Array.from(data.all.slots.subarray(0, data.all.size));
  let n = slots.length;
  for (const filter of plan!.filters) n = filter(slots, n);
  return [...slots.subarray(0, n)].map((slot) => data.id[slot]!).sort((a, b) => a - b);
}

describe("the browse index's availability filter", () => {
  // 2027-03-10 is a Wednesday; 15:00 to 16:00 UTC is 09:00 to 10:00 in Chicago (CST, before the change).
  const date = "2027-03-10";
  const first = Date.parse(`${date}T15:00:00Z`);
  const last = Date.parse(`${date}T16:00:00Z`);

  it("keeps someone until their last open time, to the millisecond, within a minute and across minutes", async () => {
    const data = await indexOf([row(1, [first, last]), row(2, [first, last], 30)]);
    // Earlier that day: both.
    expect(openAt(data, date, new Date(`${date}T12:00:00Z`))).toEqual([1, 2]);
    // Within the minute the second's notice reaches its last time (15:30), before and after it, in turn.
    expect(openAt(data, date, new Date(last - 30 * 60_000 - 20_000))).toEqual([1, 2]);
    expect(openAt(data, date, new Date(last - 30 * 60_000))).toEqual([1, 2]);
    expect(openAt(data, date, new Date(last - 30 * 60_000 + 1))).toEqual([1]);
    // The first's last time, 16:00, to the millisecond, then a minute later.
    expect(openAt(data, date, new Date(last))).toEqual([1]);
    expect(openAt(data, date, new Date(last + 1))).toEqual([]);
    expect(openAt(data, date, new Date(last + 60_000))).toEqual([]);
  });

  it("reads a salesperson's times again once they change, whatever was noted for the minute", async () => {
    const data = await indexOf([row(1, [first, last]), row(2, [])]);
    const now = new Date(`${date}T12:00:00Z`);
    expect(openAt(data, date, now)).toEqual([1]);
    data.put(1, row(1, []));
    data.put(2, row(2, [first, first]));
    expect(openAt(data, date, now)).toEqual([2]);
    // Another date's spans: nobody.
    expect(openAt(data, "2027-03-11", now)).toEqual([]);
  });
});
