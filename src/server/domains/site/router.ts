import { dealershipPage, dealershipSlugInput } from "../../../shared/schemas/dealershipPage";
import * as shape from "../../../shared/schemas/site";
import * as siteStatsShape from "../../../shared/schemas/siteStats";
import { PAGE } from "../../rest/declaration";
import { admin, anyone, taggedRouter } from "../../trpc/procedures";
import { getDealershipPage } from "./dealershipPage";
import {
  cityOptions,
  dealershipsNear,
  listContactMessages,
  receiveContactMessage,
  siteStats,
  testimonials,
} from "./service";
import { replyToCase, supportCase, supportContact, updateSupportCase } from "./support";

export const siteRouter = taggedRouter("Site", {
  stats: anyone.query(siteStatsShape.siteStats, (ctx) => siteStats(ctx.sql), { rest: "GET /site/stats" }),
  testimonials: anyone.query(shape.testimonials, (ctx) => testimonials(ctx.sql)),
  /** The support phone line when SUPPORT_PHONE is set, with its hours (docs/product/support.md#phone). */
  supportContact: anyone.query(shape.supportContact, (ctx) => supportContact(ctx.env), {
    rest: "GET /site/support-contact",
    description: "The support phone line and its hours, or `{ phone: null }` when none is configured.",
  }),
  /** Limited per account here; its per-address bucket is the site's own (CONTACT_RATE_LIMIT). */
  contact: anyone.mutation(shape.contactMessageInput, shape.contactReceipt, receiveContactMessage, {
    limit: { perAccount: { capacity: 5, refillSeconds: 120 } },
    rest: { route: "POST /contact", status: 201 },
  }),
  // The support inbox (docs/product/support.md): contact messages as cases.
  contactMessages: admin.query(
    shape.contactMessagesListInput,
    shape.contactMessagesPage,
    (ctx, input) => listContactMessages(ctx.sql, input),
    { rest: { route: "GET /admin/support", ...PAGE } },
  ),
  /** A support case: the message, its status and assignee, and the replies sent (docs/product/support.md). */
  supportCase: admin.query(
    shape.supportCaseInput,
    shape.supportCase,
    (ctx, input) => supportCase(ctx.sql, input.id),
    { rest: "GET /admin/support/:id" },
  ),
  replyToCase: admin.mutation(shape.supportReplyInput, shape.supportReplyAnswer, replyToCase, {
    rest: { route: "POST /admin/support/:id/replies", status: 201 },
  }),
  updateSupportCase: admin.mutation(shape.updateSupportCaseInput, shape.supportCase, updateSupportCase, {
    rest: "PATCH /admin/support/:id",
    description: "Body `{ status?, assigneeId? }` (null hands the case back).",
  }),
  cities: anyone.query(shape.cityOptions, () => cityOptions()),
  dealershipsNear: anyone.query(
    shape.dealershipsNearInput,
    shape.nearbyDealerships,
    (ctx, input) => dealershipsNear(ctx.sql, input),
    { rest: "GET /site/dealerships-nearby" },
  ),
  /** A dealership's public page (docs/product/dealerships.md#the-dealerships-page). */
  dealershipPage: anyone.query(
    dealershipSlugInput,
    dealershipPage,
    (ctx, input) => getDealershipPage(ctx.sql, input.slug),
    {
      rest: { route: "GET /site/dealerships/:slug", scope: "salespeople:read" },
      description:
        "A dealership by its page address: where it is, its hours and whether it is open now, its publicly listed team, the team's aggregate rating and latest published reviews with their replies.",
    },
  ),
});
