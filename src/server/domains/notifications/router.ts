import * as shape from "../../../shared/schemas/notifications";
import { markNotificationsReadInput, notificationsListInput } from "../../../shared/schemas/notifications";
import { router } from "../../trpc/init";
import { signedIn } from "../../trpc/procedures";
import { listNotifications, markNotificationsRead } from "./service";

export const notificationsRouter = router({
  list: signedIn.query(notificationsListInput, shape.notificationsList, (ctx, input) =>
    listNotifications(ctx.sql, ctx.user, input?.limit),
  ),
  markRead: signedIn.mutation(markNotificationsReadInput, shape.notificationsMarked, (ctx, input) =>
    markNotificationsRead(ctx.sql, ctx.user, input.ids),
  ),
  markAllRead: signedIn.mutation(shape.notificationsMarked, (ctx) =>
    markNotificationsRead(ctx.sql, ctx.user, "all"),
  ),
});
