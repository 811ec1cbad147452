// What the feedback screens ask the server for, built in one place so the dashboards' loaders and the panels
// ask with the same input (the same query key): the period, and for a manager the one salesperson picked.
import { DEFAULT_FEEDBACK_PERIOD, type FeedbackPeriod } from "../../../shared/analytics";

export type FeedbackWhose = { period: FeedbackPeriod; salespersonId?: number | undefined };

export function feedbackInput(period: FeedbackPeriod = DEFAULT_FEEDBACK_PERIOD, salespersonId?: number) {
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
