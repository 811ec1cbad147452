// How visits close and how a buyer disputes a no-show (docs/product/booking.md, docs/product/reviews.md): one
// statement of each rule, read by the server that enforces it and the screens that explain it.
import { SLOT_MINUTES } from "./slots";

/** A scheduled visit closes itself this many hours after its end (its start plus one slot). */
export const VISIT_AUTO_COMPLETE_HOURS = 2;

/** How long after a visit's start it closes itself, in minutes. */
export const VISIT_AUTO_COMPLETE_AFTER_MINUTES = SLOT_MINUTES + VISIT_AUTO_COMPLETE_HOURS * 60;

/** A buyer may say "I was there" within this many days of the visit being marked no-show. */
export const DISPUTE_WINDOW_DAYS = 7;

/** A dispute the dealership's manager leaves open this many days goes to administrators. */
export const DISPUTE_ESCALATION_DAYS = 7;

/** Whether a visit marked no-show at `markedAt` may still be disputed. */
export function withinDisputeWindow(markedAt: Date, now = new Date()): boolean {
  return now.getTime() - markedAt.getTime() <= DISPUTE_WINDOW_DAYS * 86_400_000;
}

/** What staff may record about a visit once it has started. */
export const VISIT_OUTCOMES = ["completed", "no-show"] as const;
export type VisitOutcome = (typeof VISIT_OUTCOMES)[number];

/**
 * Whether a visit has started, so its outcome (completed, no-show) may be recorded: nobody can know a buyer
 * came, or did not, before the time they were expected.
 */
export function visitStarted(startsAt: Date | string, now = new Date()): boolean {
  return new Date(startsAt).getTime() <= now.getTime();
}
