import { z } from "zod";
import {
  appointmentIdInput,
  bookAppointmentInput,
  cancelAppointmentInput,
  createBlockInput,
  customerAppointmentsInput,
  rescheduleAppointmentInput,
  salespersonDayInput,
  updateAppointmentStatusInput,
  updateBlockInput,
  waitlistInput,
} from "../../../shared/schemas/appointments";
import { idSchema } from "../../../shared/schemas/common";
import { salespersonIdInput } from "../../../shared/schemas/salespeople";
import { AVAILABLE_TODAY_TIMES } from "../../../shared/slots";
import { todayIn } from "../../../shared/time";
import { appError, authedProcedure, customerProcedure, publicProcedure, router } from "../../trpc/init";
import { createBlock, deleteBlock, listBlocks, updateBlock } from "./blocks";
import { bookAppointment, rescheduleAppointment, sideOf } from "./booking";
import {
  cancelAppointment,
  customerAppointments,
  daySlots,
  joinWaitlist,
  salespersonAppointments,
  updateAppointmentStatus,
} from "./service";
import { loadAppointmentRow, toAppointmentView } from "./views";

export const appointmentsRouter = router({
  book: customerProcedure
    .input(bookAppointmentInput)
    .mutation(({ ctx, input }) => bookAppointment(ctx, input)),
  reschedule: authedProcedure
    .input(rescheduleAppointmentInput)
    .mutation(({ ctx, input }) => rescheduleAppointment(ctx, input)),
  forSalesperson: publicProcedure
    .input(salespersonIdInput)
    .query(({ ctx, input }) => salespersonAppointments(ctx, input.id)),
  daySlots: publicProcedure
    .input(salespersonDayInput)
    .query(({ ctx, input }) => daySlots(ctx.sql, input.id, input.date)),
  /** 'Available Today' on a card: the fixed slots of today in the salesperson's zone. */
  availableToday: publicProcedure.input(salespersonIdInput).query(async ({ ctx, input }) => {
    const [row] = await ctx.sql<
      { time_zone: string }[]
    >`select time_zone from salespeople where id = ${input.id}`;
    if (!row) throw appError("NOT_FOUND", "Salesperson Not Found", "SALESPERSON_NOT_FOUND");
    return daySlots(ctx.sql, input.id, todayIn(row.time_zone), AVAILABLE_TODAY_TIMES);
  }),
  /** The same for a page of cards at once (one request for a whole browse grid). */
  availableTodayMany: publicProcedure
    .input(z.strictObject({ ids: z.array(idSchema).min(1).max(100) }))
    .query(async ({ ctx, input }) => {
      const rows = await ctx.sql<{ id: number; time_zone: string }[]>`
        select id, time_zone from salespeople where id in ${ctx.sql([...new Set(input.ids)])}`;
      const days = await Promise.all(
        rows.map((row) => daySlots(ctx.sql, row.id, todayIn(row.time_zone), AVAILABLE_TODAY_TIMES)),
      );
      return Object.fromEntries(days.map((d) => [d.salespersonId, d]));
    }),
  mine: customerProcedure.query(({ ctx }) => customerAppointments(ctx, ctx.user.id)),
  forCustomer: authedProcedure
    .input(customerAppointmentsInput)
    .query(({ ctx, input }) => customerAppointments(ctx, input.userId)),
  byId: authedProcedure.input(appointmentIdInput).query(async ({ ctx, input }) => {
    const row = await loadAppointmentRow(ctx.sql, input.id);
    if (!row) throw appError("NOT_FOUND", "Appointment not found", "APPOINTMENT_NOT_FOUND");
    if (!sideOf(ctx.user, row))
      throw appError("FORBIDDEN", "You can only see your own appointments", "NOT_OWNER");
    return toAppointmentView(row);
  }),
  updateStatus: authedProcedure
    .input(updateAppointmentStatusInput)
    .mutation(({ ctx, input }) => updateAppointmentStatus(ctx, input)),
  cancel: authedProcedure
    .input(cancelAppointmentInput)
    .mutation(({ ctx, input }) => cancelAppointment(ctx, input)),
  joinWaitlist: customerProcedure
    .input(waitlistInput)
    .mutation(({ ctx, input }) => joinWaitlist(ctx, input.salespersonId, input.date)),
});

export const availabilityRouter = router({
  create: authedProcedure.input(createBlockInput).mutation(({ ctx, input }) => createBlock(ctx, input)),
  update: authedProcedure.input(updateBlockInput).mutation(({ ctx, input }) => updateBlock(ctx, input)),
  remove: authedProcedure
    .input(z.strictObject({ id: idSchema }))
    .mutation(({ ctx, input }) => deleteBlock(ctx, input.id)),
  forSalesperson: authedProcedure
    .input(salespersonIdInput)
    .query(({ ctx, input }) => listBlocks(ctx, input.id)),
});
