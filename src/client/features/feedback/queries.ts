// What the feedback screens ask the server for, declared once for the dashboards' routes and the panels: the
// period, and for a manager the one salesperson picked.
import { DEFAULT_FEEDBACK_PERIOD, type FeedbackPeriod } from "../../../shared/analytics";
import { trpcUtils } from "../../trpc";

export type FeedbackWhose = { period: FeedbackPeriod; salespersonId?: number | undefined };

function feedbackInput(period: FeedbackPeriod = DEFAULT_FEEDBACK_PERIOD, salespersonId?: number) {
  return salespersonId === undefined ? { period } : { period, salespersonId };
}

/** The feed's first page as a tab opens it: no filters, no search. */
export const FEED_PAGE_SIZE = 10;

export function feedInput(
  whose: FeedbackWhose,
  filters: { rating?: number; replied?: "replied" | "unreplied"; search?: string } = {},
  page = 1,
) {
  return { ...feedbackInput(whose.period, whose.salespersonId), ...filters, page, pageSize: FEED_PAGE_SIZE };
}

export const feedbackQueries = {
  insights: (period?: FeedbackPeriod, salespersonId?: number) =>
    trpcUtils.analytics.feedbackInsights.queryOptions(feedbackInput(period, salespersonId)),
  comments: (input: ReturnType<typeof feedInput>) => trpcUtils.analytics.feedbackComments.queryOptions(input),
  /** A Feedback tab as it opens: the period's insights and the first page of the comments. */
  tab: () => [
    feedbackQueries.insights(),
    feedbackQueries.comments(feedInput({ period: DEFAULT_FEEDBACK_PERIOD })),
  ],
};
