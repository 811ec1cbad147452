import * as shape from "../../../shared/schemas/site";
import {
  contactMessageInput,
  contactMessagesListInput,
  dealershipsNearInput,
} from "../../../shared/schemas/site";
import { router } from "../../trpc/init";
import { admin, anyone } from "../../trpc/procedures";
import {
  cityOptions,
  dealershipsNear,
  listContactMessages,
  receiveContactMessage,
  siteStats,
  testimonials,
} from "./service";

export const siteRouter = router({
  stats: anyone.query(shape.siteStats, (ctx) => siteStats(ctx.sql)),
  testimonials: anyone.query(shape.testimonials, (ctx) => testimonials(ctx.sql)),
  contact: anyone.mutation(contactMessageInput, shape.contactReceipt, receiveContactMessage),
  contactMessages: admin.query(contactMessagesListInput, shape.contactMessagesPage, (ctx, input) =>
    listContactMessages(ctx.sql, input),
  ),
  cities: anyone.query(shape.cityOptions, () => cityOptions()),
  dealershipsNear: anyone.query(dealershipsNearInput, shape.nearbyDealerships, (ctx, input) =>
    dealershipsNear(ctx.sql, input),
  ),
});
