import { z } from "zod";
import { idSchema } from "../../../shared/schemas/common";
import { authedProcedure, router } from "../../trpc/init";
import { listNotifications, markNotificationsRead } from "./service";

export const notificationsRouter = router({
  list: authedProcedure
    .input(z.strictObject({ limit: z.number().int().min(1).max(100).default(30) }).optional())
    .query(({ ctx, input }) => listNotifications(ctx.sql, ctx.user, input?.limit)),
  markRead: authedProcedure
    .input(z.strictObject({ ids: z.array(idSchema).min(1).max(100) }))
    .mutation(({ ctx, input }) => markNotificationsRead(ctx.sql, ctx.user, input.ids)),
  markAllRead: authedProcedure.mutation(({ ctx }) => markNotificationsRead(ctx.sql, ctx.user, "all")),
});
