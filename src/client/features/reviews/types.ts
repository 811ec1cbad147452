// Shapes of the review, messaging and report answers, taken from the API's own types (type-only import).
import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "../../../server/trpc/root";

type Outputs = inferRouterOutputs<AppRouter>;

export type ReviewPage = Outputs["reviews"]["list"];
export type Review = ReviewPage["items"][number];
export type MyReview = Outputs["reviews"]["mine"][number];
export type EligibleAppointment = Outputs["reviews"]["eligibleAppointments"][number];
export type ConversationSummary = Outputs["messages"]["conversations"][number];
export type ConversationThread = Outputs["messages"]["conversation"];
export type NotificationItem = Outputs["notifications"]["list"]["items"][number];
export type MisconductCase = Outputs["reports"]["cases"][number];
export type CaseEvent = Outputs["reports"]["updateCase"]["events"][number];
export type ReportStatusView = Outputs["reports"]["status"];

/** Who a review, message or report is about: enough to name them. */
export type SalespersonRef = { id: number; name: string };
