// Visit-verified ratings: only the customer of a completed visit with that salesperson, once, within the
// review window; a confirmed purchase adds its badge (verification.ts). The salesperson's aggregates change in
// the same transaction.
import type { z } from "zod";
import { RATING_EDIT_DAYS, RATING_WINDOW_DAYS, withinRatingWindow } from "../../../shared/reviews";
import type { editRatingInput, submitRatingInput } from "../../../shared/schemas/reviews";
import { todayIn } from "../../../shared/time";
import { appError } from "../../appError";
import { refuseAsMissing } from "../../credentials/securityEvents";
import { PG, pgErrorCode } from "../../db/pgErrors";
import type { AppointmentRow, RatingRow, SalespersonRow } from "../../db/rows";
import type { Authed } from "../../serviceContext";
import { appointmentNotFound } from "../appointments/views";
import { emitCrmEvent } from "../crm/delivery";
import { lockSalesperson, refreshAggregates } from "./aggregates";
import { announcePublishedReview } from "./announce";
import {
  DISPUTED_HELD_REASON,
  disputedHold,
  disputedVisitSql,
  reviewableWhileDisputed,
} from "./disputedReview";
import { contactDetailHold, gamingRules } from "./gamingRules";
import { linkPurchaseToReviews } from "./verification";

const NOT_ELIGIBLE = "You must select a completed appointment to leave a review.";

export async function submitRating(ctx: Authed, input: z.output<typeof submitRatingInput>) {
  if (input.userId !== undefined && input.userId !== ctx.user.id) {
    throw appError("FORBIDDEN", "You can only submit ratings as yourself", "NOT_OWNER");
  }
  const created = await ctx.sql.begin(async (tx) => {
    await lockSalesperson(tx, input.salespersonId);
    const [appointment] = await tx<
      (Pick<AppointmentRow, "customer_id" | "salesperson_id" | "status" | "completed_at"> &
        Pick<SalespersonRow, "time_zone">)[]
    >`
      select a.customer_id, a.salesperson_id, a.status, a.completed_at, s.time_zone
        from appointments a join salespeople s on s.id = a.salesperson_id
       where a.id = ${input.appointmentId} and a.customer_id = ${ctx.user.id}`;
    // Someone else's appointment answers as a missing one does.
    if (!appointment) throw await appointmentNotFound(ctx, input.appointmentId, "review of", tx);
    // A no-show the buyer disputes may be reviewed now; the review is held until the dispute is decided.
    const disputed =
      appointment.status === "no-show" && (await reviewableWhileDisputed(tx, input.appointmentId));
    if (
      appointment.salesperson_id !== input.salespersonId ||
      (!disputed && (appointment.status !== "completed" || !appointment.completed_at))
    ) {
      throw appError("BAD_REQUEST", NOT_ELIGIBLE, "APPOINTMENT_NOT_ELIGIBLE");
    }
    if (appointment.completed_at && !withinRatingWindow(appointment.completed_at)) {
      throw appError(
        "UNPROCESSABLE_CONTENT",
        `Reviews can be written within ${RATING_WINDOW_DAYS} days of the visit.`,
        "RATING_WINDOW_CLOSED",
      );
    }
    if (input.visitDate && input.visitDate > todayIn(appointment.time_zone)) {
      throw appError("BAD_REQUEST", "Visit date cannot be in the future", "VISIT_DATE_IN_FUTURE");
    }
    // The rules run for every review; a disputed visit's review is held for the dispute, their verdict kept.
    const ruled = await gamingRules(tx, ctx.user, input);
    const moderation = disputed ? disputedHold(ruled) : ruled;
    try {
      const [row] = await tx<Pick<RatingRow, "id">[]>`
        insert into ratings ${tx({
          ...moderation,
          // Optional (the four-score request of earlier integrations): absent is null, never 0.
          knowledge_rating: input.knowledgeRating ?? null,
          salesperson_id: input.salespersonId,
          user_id: ctx.user.id,
          appointment_id: input.appointmentId,
          overall_rating: input.overallRating,
          helpfulness_rating: input.helpfulnessRating,
          pressure_level_rating: input.pressureLevelRating,
          communication_rating: input.communicationRating,
          comment: input.comment,
          helpfulness_comment: input.helpfulnessComment,
          pressure_comment: input.pressureComment,
          communication_comment: input.communicationComment,
          visit_date: input.visitDate,
        })} returning id`;
      await linkPurchaseToReviews(tx, {
        customerId: ctx.user.id,
        salespersonId: input.salespersonId,
        reviewId: row!.id,
      });
      await refreshAggregates(tx, input.salespersonId);
      // A held review reaches the salesperson and their CRM when an administrator publishes it.
      if (moderation.moderation_status === "published")
        await announcePublishedReview(tx, ctx.jobs, {
          salespersonId: input.salespersonId,
          stars: input.overallRating,
        });
      if (moderation.moderation_status === "published")
        await emitCrmEvent(ctx, tx, {
          salespersonId: input.salespersonId,
          type: "rating.created",
          entityType: "rating",
          entityId: row!.id,
          data: async () => ({
            ratingId: row!.id,
            salespersonId: input.salespersonId,
            appointmentId: input.appointmentId,
            overallRating: input.overallRating,
            helpfulnessRating: input.helpfulnessRating,
            pressureLevelRating: input.pressureLevelRating,
            communicationRating: input.communicationRating,
            comment: input.comment ?? null,
            visitDate: input.visitDate ?? null,
          }),
        });
      return { id: row!.id, moderation };
    } catch (error) {
      if (pgErrorCode(error) === PG.uniqueViolation) {
        throw appError("CONFLICT", "You have already reviewed this appointment.", "ALREADY_RATED");
      }
      throw error;
    }
  });
  ctx.browseCache.clear();
  const [summary] = await ctx.sql<Pick<SalespersonRow, "average_rating" | "total_reviews">[]>`
    select average_rating::text, total_reviews from salespeople where id = ${input.salespersonId}`;
  return {
    id: created.id,
    averageRating: Number(summary!.average_rating),
    totalReviews: summary!.total_reviews,
    moderationStatus: created.moderation.moderation_status,
    heldReason: created.moderation.held_reason,
  };
}

/** The customer's own completed, unrated visits with this salesperson that are still inside the window. */
export async function eligibleAppointments(ctx: Authed, { salespersonId }: { salespersonId: number }) {
  const rows = await ctx.sql<
    (Pick<AppointmentRow, "id" | "appointment_type" | "starts_at"> &
      Pick<SalespersonRow, "time_zone"> & { completed_at: Date })[]
  >`
    select a.id, a.appointment_type, a.starts_at, coalesce(a.completed_at, a.starts_at) as completed_at, s.time_zone
      from appointments a join salespeople s on s.id = a.salesperson_id
     where a.customer_id = ${ctx.user.id} and a.salesperson_id = ${salespersonId}
       and (a.status = 'completed' and a.completed_at > now() - make_interval(days => ${RATING_WINDOW_DAYS})
            or ${disputedVisitSql(ctx.sql, "a")})
       and not exists (select 1 from ratings r where r.appointment_id = a.id)
     order by a.starts_at desc`;
  return rows.map((r) => ({
    id: r.id,
    appointmentType: r.appointment_type,
    scheduledDateTime: r.starts_at,
    completedAt: r.completed_at,
    timeZone: r.time_zone,
  }));
}

/** The customer edits their own review within the edit window; aggregates follow. */
export async function editRating(ctx: Authed, input: z.output<typeof editRatingInput>) {
  const result = await ctx.sql.begin(async (tx) => {
    const [current] = await tx<
      Pick<RatingRow, "salesperson_id" | "created_at" | "removed_at" | "held_reason">[]
    >`
      select salesperson_id, created_at, removed_at, held_reason from ratings
       where id = ${input.id} and user_id = ${ctx.user.id}`;
    if (!current) {
      // Someone else's review answers as a missing one does.
      throw await refuseAsMissing(
        ctx,
        { db: tx, table: "ratings", id: input.id },
        appError("NOT_FOUND", "Review not found", "RATING_NOT_FOUND"),
        `edit of review ${input.id}`,
      );
    }
    await lockSalesperson(tx, current.salesperson_id);
    const columns: Record<string, unknown> = { updated_at: new Date() };
    const map = {
      overallRating: "overall_rating",
      helpfulnessRating: "helpfulness_rating",
      pressureLevelRating: "pressure_level_rating",
      communicationRating: "communication_rating",
      knowledgeRating: "knowledge_rating",
      comment: "comment",
      helpfulnessComment: "helpfulness_comment",
      pressureComment: "pressure_comment",
      communicationComment: "communication_comment",
      visitDate: "visit_date",
    } as const;
    for (const [key, column] of Object.entries(map)) {
      const value = input[key as keyof typeof map];
      if (value !== undefined) columns[column] = value;
    }
    // Contact details hold the review; one held for its visit's dispute keeps that hold, the rules' one beside it.
    const contact = contactDetailHold(input);
    if (contact && current.held_reason === DISPUTED_HELD_REASON)
      columns.rules_held_reason = contact.held_reason;
    else Object.assign(columns, contact);
    const [updated] = await tx<Pick<RatingRow, "id">[]>`
      update ratings set ${tx(columns)}
       where id = ${input.id} and user_id = ${ctx.user.id} and removed_at is null and moderation_status <> 'rejected'
         and created_at > now() - make_interval(days => ${RATING_EDIT_DAYS})
       returning id`;
    if (!updated) {
      throw appError(
        "CONFLICT",
        `Reviews can be edited within ${RATING_EDIT_DAYS} days of writing them.`,
        "EDIT_WINDOW_CLOSED",
      );
    }
    await refreshAggregates(tx, current.salesperson_id);
    return { id: input.id };
  });
  ctx.browseCache.clear();
  return result;
}
