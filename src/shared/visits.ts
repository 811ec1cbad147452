// How visits close and how a buyer disputes a no-show (docs/product/booking.md, docs/product/reviews.md): one
// statement of each rule, read by the server that enforces it and the screens that explain it.
import type { ReviewVerification } from "./purchases";

/** A scheduled visit closes itself this many hours after its end (its start plus its length). */
export const VISIT_AUTO_COMPLETE_HOURS = 2;

/** A buyer may say "I was there" within this many days of the visit being marked no-show. */
export const DISPUTE_WINDOW_DAYS = 7;

/** A dispute the dealership's manager leaves open this many days goes to administrators. */
export const DISPUTE_ESCALATION_DAYS = 7;

/**
 * A buyer whose dispute the dealership's manager rejected may, within this many days of the rejection, ask
 * KnowBefore's administrators to review it; their verdict is final.
 */
export const DISPUTE_APPEAL_DAYS = 7;

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

/**
 * What a completed visit rests on, as recorded when it closed (docs/product/reviews.md#badges):
 * - checked_in: the buyer entered the dealership's check-in code of the day during the visit window (neither side
 *   can make it alone: the code is shown at the dealership, the check-in needs the buyer's account);
 * - salesperson: the salesperson or their manager marked it completed;
 * - dispute_upheld: marked no-show, then the buyer's dispute was upheld by the manager or an administrator;
 * - buyer_confirmed: it closed by itself and the buyer then said "I went";
 * - auto: it closed by itself and nobody confirmed it.
 */
export const VISIT_EVIDENCE = [
  "checked_in",
  "salesperson",
  "dispute_upheld",
  "buyer_confirmed",
  "auto",
] as const;
export type VisitEvidence = (typeof VISIT_EVIDENCE)[number];

/** The evidence that makes a visit a verified one: someone other than the buyer alone vouches for it. */
export const VERIFYING_EVIDENCE: readonly VisitEvidence[] = ["checked_in", "salesperson", "dispute_upheld"];

/** How each kind of evidence is named wherever a visit or its review is shown. */
export const VISIT_EVIDENCE_LABELS: Record<VisitEvidence, string> = {
  checked_in: "Checked in at the dealership",
  salesperson: "Visit confirmed by the salesperson",
  dispute_upheld: "Visit confirmed after a dispute",
  buyer_confirmed: "Visit confirmed by the buyer",
  auto: "Visit not confirmed",
};

/** Whether a visit resting on `evidence` is a verified visit. */
export function verifiedVisit(evidence: VisitEvidence | null | undefined): boolean {
  return !!evidence && VERIFYING_EVIDENCE.includes(evidence);
}

/**
 * After a visit closed by itself (no check-in, no salesperson), the salesperson or their manager may still mark
 * it a no-show for this many hours; the buyer saying "I went" does not end that (they may then dispute).
 */
export const NO_SHOW_AFTER_AUTO_COMPLETE_HOURS = 48;

/** Until when a visit that closed itself may still be marked no-show, or null when it may not. */
export function noShowUntil(
  visit: { status: string; visitEvidence: VisitEvidence | null; completedAt: Date | null },
  now = new Date(),
): Date | null {
  if (visit.status !== "completed" || !visit.completedAt) return null;
  if (visit.visitEvidence !== "auto" && visit.visitEvidence !== "buyer_confirmed") return null;
  const until = new Date(visit.completedAt.getTime() + NO_SHOW_AFTER_AUTO_COMPLETE_HOURS * 3_600_000);
  return until > now ? until : null;
}

/** The buyer may check in from this many minutes before the start until the visit closes itself. */
export const CHECK_IN_OPENS_MINUTES_BEFORE = 60;

/** A check-in code is this many digits; each dealership (or independent salesperson) has one per local day. */
export const CHECK_IN_CODE_DIGITS = 6;

/** Whether a scheduled visit of `minutes` starting at `startsAt` may be checked in to now (until it closes itself). */
export function checkInOpen(startsAt: Date | string, minutes: number, now = new Date()): boolean {
  const start = new Date(startsAt).getTime();
  return (
    now.getTime() >= start - CHECK_IN_OPENS_MINUTES_BEFORE * 60_000 &&
    now.getTime() <= start + (minutes + VISIT_AUTO_COMPLETE_HOURS * 60) * 60_000
  );
}

/**
 * A review's badge as every list shows it: "Verified purchase" when a confirmed purchase backs it, else what its
 * visit rests on ("Checked in at the dealership", "Visit confirmed by the salesperson", ...). A review whose
 * visit is gone (erased) says so plainly.
 */
export function reviewBadgeLabel(verification: ReviewVerification, evidence: VisitEvidence | null): string {
  if (verification === "purchase") return "Verified purchase";
  return evidence ? VISIT_EVIDENCE_LABELS[evidence] : "Visit not confirmed";
}
