import { z } from "zod";
import { idSchema } from "../../../shared/schemas/common";
import {
  dataUrlUploadInput,
  overviewInput,
  updateSalespersonInput,
  updateStatusInput,
} from "../../../shared/schemas/portal";
import { salespersonIdInput } from "../../../shared/schemas/salespeople";
import {
  appError,
  authedProcedure,
  managerProcedure,
  publicProcedure,
  router,
  salespersonProcedure,
} from "../../trpc/init";
import { getSalesperson } from "../salespeople/service";
import { salespersonOverview } from "./analytics";
import { growthInsights } from "./insights";
import { bytesFromDataUrl, processProfileImage, storeProfileImage } from "./photos";
import {
  recordProfileView,
  updateSalespersonProfile,
  updateSalespersonStatus,
  verifySalesperson,
} from "./profile";

export const portalRouter = router({
  /** The signed-in salesperson's own profile, as the dashboard shows it. */
  me: salespersonProcedure.query(({ ctx }) => getSalesperson(ctx.db, ctx.salespersonId)),
  overview: authedProcedure.input(overviewInput).query(async ({ ctx, input }) => {
    const id = await subjectFor(ctx, input.salespersonId);
    return salespersonOverview(ctx.sql, id, input.period);
  }),
  insights: authedProcedure
    .input(z.strictObject({ salespersonId: idSchema.optional() }).optional())
    .query(async ({ ctx, input }) => growthInsights(ctx.sql, await subjectFor(ctx, input?.salespersonId))),
  update: authedProcedure
    .input(updateSalespersonInput)
    .mutation(({ ctx, input }) => updateSalespersonProfile(ctx, input)),
  updateStatus: authedProcedure
    .input(updateStatusInput)
    .mutation(({ ctx, input }) => updateSalespersonStatus(ctx, input)),
  uploadPhoto: salespersonProcedure.input(dataUrlUploadInput).mutation(async ({ ctx, input }) => {
    const image = await processProfileImage(bytesFromDataUrl(input.profileImageUrl));
    const urls = await storeProfileImage(ctx.sql, ctx.salespersonId, image);
    ctx.browseCache.clear();
    return urls;
  }),
  recordView: publicProcedure
    .input(salespersonIdInput)
    .mutation(({ ctx, input }) => recordProfileView(ctx, input.id)),
  verify: managerProcedure
    .input(
      z.strictObject({
        salespersonId: idSchema,
        verified: z.boolean().default(true),
      }),
    )
    .mutation(({ ctx, input }) => verifySalesperson(ctx, input.salespersonId, input.verified)),
});

async function subjectFor(
  ctx: {
    user: { salespersonId: number | null; managedDealershipId: number | null; role: string };
    sql: import("../../db/client").Sql;
  },
  requested?: number,
): Promise<number> {
  const own = ctx.user.salespersonId;
  if (requested === undefined || requested === own) {
    if (own === null)
      throw appError("FORBIDDEN", "This dashboard is for salesperson accounts", "NOT_SALESPERSON");
    return own;
  }
  const [row] = await ctx.sql`
    select id from salespeople where id = ${requested}
       and (dealership_id = ${ctx.user.managedDealershipId ?? -1} or ${ctx.user.role === "admin"})`;
  if (!row) throw appError("FORBIDDEN", "You can only see your own dashboard", "NOT_OWNER");
  return requested;
}
