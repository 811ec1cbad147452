import * as shape from "../../../shared/schemas/appointments";
import { salespersonIdInput } from "../../../shared/schemas/salespeople";
import * as visits from "../../../shared/schemas/visits";
import { PAGE } from "../../rest/declaration";
import { admin, anyone, customer, manager, signedIn, staff, taggedRouter } from "../../trpc/procedures";
import { createBlock, deleteBlock, listBlocks, updateBlock } from "./blocks";
import { bookAppointment, rescheduleAppointment } from "./booking";
import { checkIn, checkInCode, confirmVisit } from "./checkIn";
import { escalateDispute } from "./disputeEscalation";
import { adminDisputes, decideAsAdmin, decideAsManager, managerDisputes, openDispute } from "./disputes";
import { stopReviewInvitations } from "./reviewInvitations";
import {
  cancelAppointment,
  customerAppointments,
  joinWaitlist,
  salespersonAppointments,
  updateAppointmentStatus,
} from "./service";
import { availableToday, availableTodayMany, daySlots, nextOpenMany } from "./slotLists";
import { appointmentById } from "./views";
import { visitRecord } from "./visitRecord";
import { getBookingRules, getWorkingHours, setBookingRules, setWorkingHours } from "./workingHours";

export const appointmentsRouter = taggedRouter("Appointments", {
  /** Limited to 120 per account at once (conflicting attempts included), then one every 30 seconds. */
  book: customer.mutation(shape.bookAppointmentInput, shape.appointmentView, bookAppointment, {
    limit: { perAccount: { capacity: 120, refillSeconds: 30 } },
    rest: { route: "POST /appointments", scope: "appointments:write", status: 201 },
  }),
  reschedule: signedIn.mutation(shape.rescheduleAppointmentInput, shape.rescheduled, rescheduleAppointment, {
    rest: { route: "POST /appointments/:id/reschedule", scope: "appointments:write" },
  }),
  forSalesperson: anyone.query(salespersonIdInput, shape.salespersonCalendar, salespersonAppointments, {
    rest: { route: "GET /appointments/salesperson/:id", scope: "appointments:read" },
  }),
  daySlots: anyone.query(shape.salespersonDayInput, shape.daySlots, daySlots, {
    rest: { route: "GET /appointments/salesperson/:id/:date", scope: "appointments:read" },
    description: "`?appointmentType=` picks the kind of visit, whose length decides which times fit.",
  }),
  /** 'Available Today' on a card: the fixed slots of today in the salesperson's zone, within its hours. */
  availableToday: anyone.query(salespersonIdInput, shape.daySlots, (ctx, input) =>
    availableToday(ctx.sql, ctx.user, input.id),
  ),
  /** The same for a page of cards at once (one request for a whole browse grid). */
  availableTodayMany: anyone.query(shape.salespeopleIdsInput, shape.daySlotsById, (ctx, input) =>
    availableTodayMany(ctx.sql, ctx.user, input.ids),
  ) /** Each salesperson's next open time, by the same rules as the slot grid: for cards and team lists. */,
  nextOpen: anyone.query(shape.salespeopleIdListInput, shape.nextOpenById, nextOpenMany, {
    rest: { route: "GET /appointments/next-open", scope: "appointments:read" },
    description:
      "`?ids=1,2,3`: each salesperson's next open time within 14 days (for the shortest kind of visit), keyed by id; null when none.",
  }),

  mine: customer.query(shape.appointmentList, (ctx) => customerAppointments(ctx, ctx.user.id)),
  forCustomer: signedIn.query(
    shape.customerAppointmentsInput,
    shape.appointmentList,
    (ctx, input) => customerAppointments(ctx, input.userId ?? ctx.user.id),
    {
      rest: ["GET /appointments/customer", "GET /appointments/customer/:userId"],
    },
  ),
  byId: signedIn.query(shape.appointmentIdInput, shape.appointmentView, appointmentById),
  updateStatus: staff.mutation(
    shape.updateAppointmentStatusInput,
    shape.appointmentView,
    updateAppointmentStatus,
    { rest: { route: "PATCH /appointments/:id", scope: "appointments:write" } },
  ),
  cancel: signedIn.mutation(shape.cancelAppointmentInput, shape.appointmentView, cancelAppointment, {
    rest: { route: "PATCH /appointments/:id/cancel", scope: "appointments:write" },
  }),
  joinWaitlist: customer.mutation(shape.waitlistInput, shape.waitlistEntry, joinWaitlist, {
    rest: { route: "POST /appointments/waitlist", status: 201 },
  }),
  // A visit's paths are under /visits: /appointments/{id}/… would share a template with /appointments/salesperson/{id}.
  /** The visit's status trail and dispute, for its buyer and staff. */
  record: signedIn.query(shape.appointmentIdInput, visits.visitRecord, visitRecord, {
    rest: "GET /visits/:id/record",
  }),
  /** Today's check-in code of the salesperson's dealership (or their own, when independent), for staff to show. */
  checkInCode: staff.query(salespersonIdInput, shape.checkInCode, checkInCode, {
    rest: "GET /salespeople/:id/check-in-code",
    description: "Staff: today's check-in code to show at the desk.",
  }),
  /** The buyer enters the check-in code at the dealership, around the visit's start. */
  checkIn: customer.mutation(shape.checkInInput, shape.appointmentView, checkIn, {
    rest: "POST /visits/:id/check-in",
    description:
      "The buyer: body `{ code }`, the dealership's check-in code of the day, around the visit's start.",
  }),
  /** The buyer's "I went" on a visit that closed by itself unconfirmed. */
  confirmVisit: customer.mutation(shape.appointmentIdInput, shape.appointmentView, confirmVisit, {
    rest: "POST /visits/:id/confirm",
    description: 'The buyer\'s "I went" on a visit that closed by itself unconfirmed.',
  }),
  /** The buyer's "I was there" on their visit marked no-show. */
  dispute: customer.mutation(visits.openDisputeInput, visits.visitRecord, openDispute, {
    rest: { route: "POST /visits/:id/dispute", status: 201 },
    description:
      'The buyer: body `{ statement }` ("I was there"), within 7 days of the no-show being marked.',
  }),
  /** The buyer's "Ask KnowBefore to review" on a dispute the dealership's manager rejected. */
  escalateDispute: customer.mutation(visits.escalateDisputeInput, visits.visitRecord, escalateDispute, {
    rest: "POST /visits/:id/dispute/escalation",
    description:
      "The buyer, on a dispute the dealership's manager rejected: body `{ note? }`; administrators decide, finally.",
  }),
  /** The one-click stop of e-mailed invitations to review (the token is the e-mailed secret). */
  stopReviewInvitations: anyone.mutation(
    visits.unsubscribeInput,
    visits.unsubscribed,
    stopReviewInvitations,
    { rest: "POST /review-invitations/stop" },
  ),
});

/** Disputes of no-shows: the dealership's manager decides, then administrators. */
export const visitDisputesRouter = taggedRouter("Appointments", {
  forManager: manager.query(visits.disputeListInput, visits.disputeList, managerDisputes, {
    rest: { route: "GET /visit-disputes/manager", ...PAGE },
  }),
  managerDecide: manager.mutation(visits.decideDisputeInput, visits.decidedDispute, decideAsManager, {
    rest: "POST /visit-disputes/:id/manager-decision",
    description: 'The dealership\'s manager: body `{ decision: "uphold" | "reject", note }`.',
  }),
  list: admin.query(visits.disputeListInput, visits.disputeList, adminDisputes, {
    rest: { route: "GET /visit-disputes", ...PAGE },
  }),
  adminDecide: admin.mutation(visits.decideDisputeInput, visits.decidedDispute, decideAsAdmin, {
    rest: "POST /visit-disputes/:id/decision",
    description:
      'Administrators, once the dispute is escalated: body `{ decision: "uphold" | "reject", note }`.',
  }),
});

export const availabilityRouter = taggedRouter("Appointments", {
  create: staff.mutation(shape.createBlockInput, shape.savedBlock, createBlock, {
    rest: { route: "POST /availability-blocks", scope: "appointments:write", status: 201 },
  }),
  update: staff.mutation(shape.updateBlockInput, shape.savedBlock, updateBlock, {
    rest: { route: "PATCH /availability-blocks/:id", scope: "appointments:write" },
  }),
  remove: staff.mutation(shape.blockIdInput, shape.removedBlock, deleteBlock, {
    rest: { route: "DELETE /availability-blocks/:id", scope: "appointments:write" },
  }),
  forSalesperson: staff.query(salespersonIdInput, shape.availabilityBlocks, listBlocks, {
    rest: { route: "GET /availability-blocks/salesperson/:id", scope: "appointments:read" },
  }),
  workingHours: staff.query(salespersonIdInput, shape.workingHours, getWorkingHours, {
    rest: { route: "GET /working-hours/salesperson/:id", scope: "appointments:read" },
    description: "The salesperson's own working hours, with the dealership's opening hours they sit within.",
  }),
  setWorkingHours: staff.mutation(shape.setWorkingHoursInput, shape.workingHours, setWorkingHours, {
    rest: { route: "PUT /working-hours/salesperson/:id", scope: "appointments:write" },
    description:
      "Body `{ hours }`: every weekday `{ open, close }` or null (off); `hours: null` goes back to the dealership's.",
  }),
  bookingRules: staff.query(salespersonIdInput, shape.bookingRules, getBookingRules, {
    rest: { route: "GET /booking-rules/salesperson/:id", scope: "appointments:read" },
    description: "Visit lengths by kind, minimum notice, the gap kept after visits and the daily limit.",
  }),
  setBookingRules: staff.mutation(shape.setBookingRulesInput, shape.bookingRules, setBookingRules, {
    rest: { route: "PUT /booking-rules/salesperson/:id", scope: "appointments:write" },
    description:
      "Body `{ rules }`: `{ visitMinutes, minNoticeHours, bufferMinutes, dailyCap }`; `rules: null` goes back to the defaults. Booked visits keep theirs.",
  }),
});
