import * as shape from "../../../shared/schemas/notifications";
import { router } from "../../trpc/init";
import { signedIn } from "../../trpc/procedures";
import { listNotifications, markNotificationsRead } from "./service";

export const notificationsRouter = router({
  list: signedIn.query(shape.notificationsListInput, shape.notificationsList, (ctx, input) =>
    listNotifications(ctx.sql, ctx.user, input?.limit),
  ),
  markRead: signedIn.mutation(shape.markNotificationsReadInput, shape.notificationsMarked, (ctx, input) =>
    markNotificationsRead(ctx.sql, ctx.user, input.ids),
  ),
  markAllRead: signedIn.mutation(shape.notificationsMarked, (ctx) =>
    markNotificationsRead(ctx.sql, ctx.user, "all"),
  ),
});
