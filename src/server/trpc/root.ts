// The root router: one sub-router per domain. The client imports only `type AppRouter` from here.
import { adminRouter } from "../domains/admin/router";
import { appointmentsRouter, availabilityRouter } from "../domains/appointments/router";
import { authRouter, salespersonAuthRouter } from "../domains/auth/router";
import { notificationsRouter } from "../domains/notifications/router";
import { salespeopleRouter } from "../domains/salespeople/router";
import { createCallerFactory, router } from "./init";

export const appRouter = router({
  auth: authRouter,
  salespersonAuth: salespersonAuthRouter,
  salespeople: salespeopleRouter,
  admin: adminRouter,
  appointments: appointmentsRouter,
  availability: availabilityRouter,
  notifications: notificationsRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
