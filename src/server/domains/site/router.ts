import * as shape from "../../../shared/schemas/site";
import {
  contactMessageInput,
  contactMessagesListInput,
  dealershipsNearInput,
} from "../../../shared/schemas/site";
import { adminProcedure, publicProcedure, router } from "../../trpc/init";
import { answers } from "../../trpc/output";
import {
  cityOptions,
  dealershipsNear,
  listContactMessages,
  receiveContactMessage,
  siteStats,
  testimonials,
} from "./service";

export const siteRouter = router({
  stats: publicProcedure.output(answers(shape.siteStats)).query(({ ctx }) => siteStats(ctx.sql)),
  testimonials: publicProcedure.output(answers(shape.testimonials)).query(({ ctx }) => testimonials(ctx.sql)),
  contact: publicProcedure
    .input(contactMessageInput)
    .output(answers(shape.contactReceipt))
    .mutation(({ ctx, input }) => receiveContactMessage(ctx, input)),
  contactMessages: adminProcedure
    .input(contactMessagesListInput)
    .output(answers(shape.contactMessagesPage))
    .query(({ ctx, input }) => listContactMessages(ctx.sql, input)),
  cities: publicProcedure.output(answers(shape.cityOptions)).query(() => cityOptions()),
  dealershipsNear: publicProcedure
    .input(dealershipsNearInput)
    .output(answers(shape.nearbyDealerships))
    .query(({ ctx, input }) => dealershipsNear(ctx.sql, input)),
});
