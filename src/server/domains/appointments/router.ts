import * as shape from "../../../shared/schemas/appointments";
import {
  appointmentIdInput,
  blockIdInput,
  bookAppointmentInput,
  cancelAppointmentInput,
  checkInInput,
  createBlockInput,
  customerAppointmentsInput,
  rescheduleAppointmentInput,
  salespeopleIdsInput,
  salespersonDayInput,
  setWorkingHoursInput,
  updateAppointmentStatusInput,
  updateBlockInput,
  waitlistInput,
} from "../../../shared/schemas/appointments";
import { salespersonIdInput } from "../../../shared/schemas/salespeople";
import * as visits from "../../../shared/schemas/visits";
import { router } from "../../trpc/init";
import { admin, anyone, customer, manager, signedIn, staff } from "../../trpc/procedures";
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
import { availableToday, availableTodayMany, daySlots } from "./slotLists";
import { appointmentById } from "./views";
import { visitRecord } from "./visitRecord";
import { getWorkingHours, setWorkingHours } from "./workingHours";

export const appointmentsRouter = router({
  /** Limited to 120 per account at once (conflicting attempts included), then one every 30 seconds. */
  book: customer.mutation(bookAppointmentInput, shape.appointmentView, bookAppointment, {
    limit: { perAccount: { capacity: 120, refillSeconds: 30 } },
  }),
  reschedule: signedIn.mutation(rescheduleAppointmentInput, shape.rescheduled, rescheduleAppointment),
  forSalesperson: anyone.query(salespersonIdInput, shape.salespersonCalendar, (ctx, input) =>
    salespersonAppointments(ctx, input.id),
  ),
  daySlots: anyone.query(salespersonDayInput, shape.daySlots, (ctx, input) =>
    daySlots(ctx.sql, ctx.user, input.id, input.date),
  ),
  /** 'Available Today' on a card: the fixed slots of today in the salesperson's zone, within its hours. */
  availableToday: anyone.query(salespersonIdInput, shape.daySlots, (ctx, input) =>
    availableToday(ctx.sql, ctx.user, input.id),
  ),
  /** The same for a page of cards at once (one request for a whole browse grid). */
  availableTodayMany: anyone.query(salespeopleIdsInput, shape.daySlotsById, (ctx, input) =>
    availableTodayMany(ctx.sql, ctx.user, input.ids),
  ),
  mine: customer.query(shape.appointmentList, (ctx) => customerAppointments(ctx, ctx.user.id)),
  forCustomer: signedIn.query(customerAppointmentsInput, shape.appointmentList, (ctx, input) =>
    customerAppointments(ctx, input.userId ?? ctx.user.id),
  ),
  byId: signedIn.query(appointmentIdInput, shape.appointmentView, (ctx, input) =>
    appointmentById(ctx, input.id),
  ),
  updateStatus: staff.mutation(updateAppointmentStatusInput, shape.appointmentView, updateAppointmentStatus),
  cancel: signedIn.mutation(cancelAppointmentInput, shape.appointmentView, cancelAppointment),
  joinWaitlist: customer.mutation(waitlistInput, shape.waitlistEntry, (ctx, input) =>
    joinWaitlist(ctx, input.salespersonId, input.date),
  ),
  /** The visit's status trail and dispute, for its buyer and staff. */
  record: signedIn.query(appointmentIdInput, visits.visitRecord, (ctx, input) => visitRecord(ctx, input.id)),
  /** Today's check-in code of the salesperson's dealership (or their own, when independent), for staff to show. */
  checkInCode: staff.query(salespersonIdInput, shape.checkInCode, (ctx, input) => checkInCode(ctx, input.id)),
  /** The buyer enters the check-in code at the dealership, around the visit's start. */
  checkIn: customer.mutation(checkInInput, shape.appointmentView, checkIn),
  /** The buyer's "I went" on a visit that closed by itself unconfirmed. */
  confirmVisit: customer.mutation(appointmentIdInput, shape.appointmentView, (ctx, input) =>
    confirmVisit(ctx, input.id),
  ),
  /** The buyer's "I was there" on their visit marked no-show. */
  dispute: customer.mutation(visits.openDisputeInput, visits.visitRecord, openDispute),
  /** The buyer's "Ask KnowBefore to review" on a dispute the dealership's manager rejected. */
  escalateDispute: customer.mutation(visits.escalateDisputeInput, visits.visitRecord, escalateDispute),
  /** The one-click stop of e-mailed invitations to review (the token is the e-mailed secret). */
  stopReviewInvitations: anyone.mutation(visits.unsubscribeInput, visits.unsubscribed, (ctx, input) =>
    stopReviewInvitations(ctx, input.token),
  ),
});

/** Disputes of no-shows: the dealership's manager decides, then administrators. */
export const visitDisputesRouter = router({
  forManager: manager.query(visits.disputeListInput, visits.disputeList, managerDisputes),
  managerDecide: manager.mutation(visits.decideDisputeInput, visits.decidedDispute, decideAsManager),
  list: admin.query(visits.disputeListInput, visits.disputeList, adminDisputes),
  adminDecide: admin.mutation(visits.decideDisputeInput, visits.decidedDispute, decideAsAdmin),
});

export const availabilityRouter = router({
  create: staff.mutation(createBlockInput, shape.savedBlock, createBlock),
  update: staff.mutation(updateBlockInput, shape.savedBlock, updateBlock),
  remove: staff.mutation(blockIdInput, shape.removedBlock, (ctx, input) => deleteBlock(ctx, input.id)),
  forSalesperson: staff.query(salespersonIdInput, shape.availabilityBlocks, (ctx, input) =>
    listBlocks(ctx, input.id),
  ),
  /** The salesperson's own working hours, with the dealership's opening hours they sit within. */
  workingHours: staff.query(salespersonIdInput, shape.workingHours, (ctx, input) =>
    getWorkingHours(ctx, input.id),
  ),
  setWorkingHours: staff.mutation(setWorkingHoursInput, shape.workingHours, setWorkingHours),
});
