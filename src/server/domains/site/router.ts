import * as shape from "../../../shared/schemas/site";
import {
  contactMessageInput,
  contactMessagesListInput,
  dealershipsNearInput,
  supportCaseInput,
  supportReplyInput,
  updateSupportCaseInput,
} from "../../../shared/schemas/site";
import * as siteStatsShape from "../../../shared/schemas/siteStats";
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
import { replyToCase, supportCase, supportContact, updateSupportCase } from "./support";

export const siteRouter = router({
  stats: anyone.query(siteStatsShape.siteStats, (ctx) => siteStats(ctx.sql)),
  testimonials: anyone.query(shape.testimonials, (ctx) => testimonials(ctx.sql)),
  /** The support phone line when SUPPORT_PHONE is set, with its hours (docs/product/support.md#phone). */
  supportContact: anyone.query(shape.supportContact, (ctx) => supportContact(ctx.env)),
  /** Limited per account here; its per-address bucket is the site's own (CONTACT_RATE_LIMIT). */
  contact: anyone.mutation(contactMessageInput, shape.contactReceipt, receiveContactMessage, {
    limit: { perAccount: { capacity: 5, refillSeconds: 120 } },
  }),
  contactMessages: admin.query(contactMessagesListInput, shape.contactMessagesPage, (ctx, input) =>
    listContactMessages(ctx.sql, input),
  ),
  /** A support case: the message, its status and assignee, and the replies sent (docs/product/support.md). */
  supportCase: admin.query(supportCaseInput, shape.supportCase, (ctx, input) =>
    supportCase(ctx.sql, input.id),
  ),
  replyToCase: admin.mutation(supportReplyInput, shape.supportReplyAnswer, replyToCase),
  updateSupportCase: admin.mutation(updateSupportCaseInput, shape.supportCase, updateSupportCase),
  cities: anyone.query(shape.cityOptions, () => cityOptions()),
  dealershipsNear: anyone.query(dealershipsNearInput, shape.nearbyDealerships, (ctx, input) =>
    dealershipsNear(ctx.sql, input),
  ),
});
