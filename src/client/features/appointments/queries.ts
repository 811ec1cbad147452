// What the appointment screens read, declared once for their routes and components.
import { trpcUtils } from "../../trpc";

export const appointmentQueries = { mine: () => trpcUtils.appointments.mine.queryOptions() };
