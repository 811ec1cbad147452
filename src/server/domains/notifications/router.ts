import { markNotificationsReadInput, notificationsListInput } from "../../../shared/schemas/notifications";
import { authedProcedure, router } from "../../trpc/init";
import { listNotifications, markNotificationsRead } from "./service";

export const notificationsRouter = router({
  list: authedProcedure
    .input(notificationsListInput)
    .query(({ ctx, input }) => listNotifications(ctx.sql, ctx.user, input?.limit)),
  markRead: authedProcedure
    .input(markNotificationsReadInput)
    .mutation(({ ctx, input }) => markNotificationsRead(ctx.sql, ctx.user, input.ids)),
  markAllRead: authedProcedure.mutation(({ ctx }) => markNotificationsRead(ctx.sql, ctx.user, "all")),
});
