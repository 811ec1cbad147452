import * as shape from "../../../shared/schemas/appointments";
import {
  appointmentIdInput,
  blockIdInput,
  bookAppointmentInput,
  cancelAppointmentInput,
  createBlockInput,
  customerAppointmentsInput,
  rescheduleAppointmentInput,
  salespeopleIdsInput,
  salespersonDayInput,
  updateAppointmentStatusInput,
  updateBlockInput,
  waitlistInput,
} from "../../../shared/schemas/appointments";
import { salespersonIdInput } from "../../../shared/schemas/salespeople";
import {
  customerProcedure,
  publicProcedure,
  router,
  salespersonOrManagerOrAdminProcedure,
  signedInProcedure,
} from "../../trpc/init";
import { answers } from "../../trpc/output";
import { createBlock, deleteBlock, listBlocks, updateBlock } from "./blocks";
import { bookAppointment, rescheduleAppointment } from "./booking";
import {
  availableToday,
  availableTodayMany,
  cancelAppointment,
  customerAppointments,
  daySlots,
  joinWaitlist,
  salespersonAppointments,
  updateAppointmentStatus,
} from "./service";
import { appointmentById } from "./views";

export const appointmentsRouter = router({
  book: customerProcedure
    .input(bookAppointmentInput)
    .output(answers(shape.appointmentView))
    .mutation(({ ctx, input }) => bookAppointment(ctx, input)),
  reschedule: signedInProcedure
    .input(rescheduleAppointmentInput)
    .output(answers(shape.rescheduled))
    .mutation(({ ctx, input }) => rescheduleAppointment(ctx, input)),
  forSalesperson: publicProcedure
    .input(salespersonIdInput)
    .output(answers(shape.salespersonCalendar))
    .query(({ ctx, input }) => salespersonAppointments(ctx, input.id)),
  daySlots: publicProcedure
    .input(salespersonDayInput)
    .output(answers(shape.daySlots))
    .query(({ ctx, input }) => daySlots(ctx.sql, ctx.user, input.id, input.date)),
  /** 'Available Today' on a card: the fixed slots of today in the salesperson's zone. */
  availableToday: publicProcedure
    .input(salespersonIdInput)
    .output(answers(shape.daySlots))
    .query(({ ctx, input }) => availableToday(ctx.sql, ctx.user, input.id)),
  /** The same for a page of cards at once (one request for a whole browse grid). */
  availableTodayMany: publicProcedure
    .input(salespeopleIdsInput)
    .output(answers(shape.daySlotsById))
    .query(({ ctx, input }) => availableTodayMany(ctx.sql, ctx.user, input.ids)),
  mine: customerProcedure
    .output(answers(shape.appointmentList))
    .query(({ ctx }) => customerAppointments(ctx, ctx.user.id)),
  forCustomer: signedInProcedure
    .input(customerAppointmentsInput)
    .output(answers(shape.appointmentList))
    .query(({ ctx, input }) => customerAppointments(ctx, input.userId)),
  byId: signedInProcedure
    .input(appointmentIdInput)
    .output(answers(shape.appointmentView))
    .query(({ ctx, input }) => appointmentById(ctx, input.id)),
  updateStatus: salespersonOrManagerOrAdminProcedure
    .input(updateAppointmentStatusInput)
    .output(answers(shape.appointmentView))
    .mutation(({ ctx, input }) => updateAppointmentStatus(ctx, input)),
  cancel: signedInProcedure
    .input(cancelAppointmentInput)
    .output(answers(shape.appointmentView))
    .mutation(({ ctx, input }) => cancelAppointment(ctx, input)),
  joinWaitlist: customerProcedure
    .input(waitlistInput)
    .output(answers(shape.waitlistEntry))
    .mutation(({ ctx, input }) => joinWaitlist(ctx, input.salespersonId, input.date)),
});

export const availabilityRouter = router({
  create: salespersonOrManagerOrAdminProcedure
    .input(createBlockInput)
    .output(answers(shape.savedBlock))
    .mutation(({ ctx, input }) => createBlock(ctx, input)),
  update: salespersonOrManagerOrAdminProcedure
    .input(updateBlockInput)
    .output(answers(shape.savedBlock))
    .mutation(({ ctx, input }) => updateBlock(ctx, input)),
  remove: salespersonOrManagerOrAdminProcedure
    .input(blockIdInput)
    .output(answers(shape.removedBlock))
    .mutation(({ ctx, input }) => deleteBlock(ctx, input.id)),
  forSalesperson: salespersonOrManagerOrAdminProcedure
    .input(salespersonIdInput)
    .output(answers(shape.availabilityBlocks))
    .query(({ ctx, input }) => listBlocks(ctx, input.id)),
});
