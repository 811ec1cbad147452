import { describe, expect, it } from "vitest";
import { dealershipWorkspace, REPORT_COLUMNS } from "./figures";

const figures: Parameters<(typeof REPORT_COLUMNS)[number]["value"]>[0] = {
  appointments: 40,
  completed: 25,
  cancellations: 6,
  noShows: 3,
  reviews: 12,
  averageRating: 4.25,
  misconductCases: 1,
  customerMessages: 30,
  repliedMessages: 28,
  averageReplyMinutes: 95,
  conversionRate: 62.5,
};

const row = (values: Partial<typeof figures>) =>
  Object.fromEntries(REPORT_COLUMNS.map((c) => [c.label, c.value({ ...figures, ...values })]));

describe("the group report's columns", () => {
  it("write a dealership's month: counts, conversion as a percentage, rating and reply time", () => {
    expect(row({})).toEqual({
      Visits: "40",
      Completed: "25",
      Conversion: "62.5%",
      Cancellations: "6",
      "No-shows": "3",
      Reviews: "12",
      "Avg. rating": "4.3",
      "Misconduct cases": "1",
      "Avg. reply time": "1 h 35 min",
    });
  });

  it("say so where there is nothing to measure: no visits, reviews or replies", () => {
    const empty = row({
      appointments: 0,
      completed: 0,
      conversionRate: null,
      reviews: 0,
      averageRating: null,
      averageReplyMinutes: null,
    });
    expect([empty.Conversion, empty["Avg. rating"], empty["Avg. reply time"]]).toEqual([
      "—",
      "Not yet rated",
      "—",
    ]);
  });
});

describe("a dealership's workspace for its group's people", () => {
  it("is the manager dashboard for owners and managers, Bookings for staff", () => {
    expect(dealershipWorkspace("group_owner")).toBe("/manager/dashboard");
    expect(dealershipWorkspace("group_manager")).toBe("/manager/dashboard");
    expect(dealershipWorkspace("group_staff")).toBe("/bookings");
  });
});
