import { markNotificationsReadInput, notificationsListInput } from "../../../shared/schemas/notifications";
import { router, signedInProcedure } from "../../trpc/init";
import { listNotifications, markNotificationsRead } from "./service";

export const notificationsRouter = router({
  list: signedInProcedure
    .input(notificationsListInput)
    .query(({ ctx, input }) => listNotifications(ctx.sql, ctx.user, input?.limit)),
  markRead: signedInProcedure
    .input(markNotificationsReadInput)
    .mutation(({ ctx, input }) => markNotificationsRead(ctx.sql, ctx.user, input.ids)),
  markAllRead: signedInProcedure.mutation(({ ctx }) => markNotificationsRead(ctx.sql, ctx.user, "all")),
});
