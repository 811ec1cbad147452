import { describe, expect, it } from "vitest";
import type { AppointmentView } from "../../../shared/schemas/appointments";
import { isFullView, splitAppointments } from "./appointmentLists";

const NOW = Date.parse("2026-06-10T15:00:00Z");

function appointment(id: number, iso: string, status = "scheduled"): AppointmentView {
  return {
    id,
    salespersonId: 1,
    salespersonName: "Sam",
    dealership: null,
    appointmentType: "Test Drive",
    scheduledDateTime: iso,
    durationMinutes: 30,
    scheduledAt: iso,
    timeZone: "America/New_York",
    status,
    customerName: "Casey",
    customerPhone: "555-0100",
    customerEmail: null,
    notes: null,
    cancellationReason: null,
    cancelledBy: null,
    cancelledAt: null,
    completedAt: null,
    checkedInAt: null,
    visitEvidence: null,
    noShowUntil: null,
    canCancel: true,
  };
}

describe("splitAppointments", () => {
  it("puts scheduled future visits under Upcoming, soonest first, and everything else under Past", () => {
    const list = [
      appointment(1, "2026-06-12T10:00:00-04:00"),
      appointment(2, "2026-06-11T10:00:00-04:00"),
      appointment(3, "2026-06-09T10:00:00-04:00", "completed"),
      appointment(4, "2026-06-13T10:00:00-04:00", "cancelled"),
      appointment(5, "2026-06-10T09:00:00-04:00"),
    ];
    const { upcoming, past, awaitingOutcome } = splitAppointments(list, NOW);
    expect(upcoming.map((a) => a.id)).toEqual([2, 1]);
    expect(past.map((a) => a.id)).toEqual([4, 5, 3]);
    // A scheduled visit whose time has passed still needs Complete or No-show.
    expect(awaitingOutcome).toBe(1);
  });

  it("recognises the owner's full views", () => {
    expect(isFullView(appointment(1, "2026-06-12T10:00:00-04:00"))).toBe(true);
    expect(isFullView({ id: 1, scheduledDateTime: "x", status: "scheduled" })).toBe(false);
  });
});
