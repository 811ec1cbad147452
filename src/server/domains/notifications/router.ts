import * as shape from "../../../shared/schemas/notifications";
import { markNotificationsReadInput, notificationsListInput } from "../../../shared/schemas/notifications";
import { router, signedInProcedure } from "../../trpc/init";
import { answers } from "../../trpc/output";
import { listNotifications, markNotificationsRead } from "./service";

export const notificationsRouter = router({
  list: signedInProcedure
    .input(notificationsListInput)
    .output(answers(shape.notificationsList))
    .query(({ ctx, input }) => listNotifications(ctx.sql, ctx.user, input?.limit)),
  markRead: signedInProcedure
    .input(markNotificationsReadInput)
    .output(answers(shape.notificationsMarked))
    .mutation(({ ctx, input }) => markNotificationsRead(ctx.sql, ctx.user, input.ids)),
  markAllRead: signedInProcedure
    .output(answers(shape.notificationsMarked))
    .mutation(({ ctx }) => markNotificationsRead(ctx.sql, ctx.user, "all")),
});
