// Review, messaging and misconduct rules shared by the client and the server.

/** 'Time-limited verification': a completed visit can be reviewed within this many days. */
export const RATING_WINDOW_DAYS = 30;

/** A published review of this many stars or fewer alerts the dealership's leads by e-mail at once. */
export const LOW_REVIEW_STARS = 2;
/** A customer may edit their review within this many days of writing it. */
export const RATING_EDIT_DAYS = 7;

export const PRESSURE_SCALE_LABELS = { 1: "Too pushy", 5: "Perfect balance" } as const;

export const CONTACT_METHODS = ["phone", "email", "text"] as const;

export const REVIEW_SORTS = ["newest", "highest", "lowest"] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];

export const MISCONDUCT_CATEGORIES = [
  { value: "high-pressure", label: "High-pressure sales tactics" },
  { value: "misleading", label: "Misleading pricing or information" },
  { value: "discrimination", label: "Discrimination or harassment" },
  { value: "bait-and-switch", label: "Bait and switch" },
  { value: "financing", label: "Financing or paperwork irregularities" },
  { value: "other", label: "Other" },
] as const;

export const REPORT_STATUSES = ["open", "investigating", "resolved", "dismissed"] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];
/** A case's outcomes: reaching one alerts the dealership's leads. */
export const CLOSED_REPORT_STATUSES: readonly ReportStatus[] = ["resolved", "dismissed"];

/**
 * Where a misconduct case may go from each status: forward from open through investigating to a close
 * (resolved or dismissed); a closed case may be reopened for investigation, never back to open.
 */
export const REPORT_STATUS_MOVES: Record<ReportStatus, readonly ReportStatus[]> = {
  open: ["investigating", "resolved", "dismissed"],
  investigating: ["resolved", "dismissed"],
  resolved: ["investigating"],
  dismissed: ["investigating"],
};

/** Whether a case may move from one status to another (staying put, to add a note, always may). */
export function canMoveReport(from: ReportStatus, to: ReportStatus): boolean {
  return from === to || REPORT_STATUS_MOVES[from].includes(to);
}

/** Whether a completed visit is still inside the review window. */
export function withinRatingWindow(completedAt: Date, now = new Date()): boolean {
  return now.getTime() - completedAt.getTime() <= RATING_WINDOW_DAYS * 86_400_000;
}

// Gaming rules (docs/product/reviews.md#gaming-rules). --------------------------------------------------------

/** A buyer reviews one salesperson at most once in this many days, however many visits they book. */
export const REVIEW_COOLDOWN_DAYS = 90;

/**
 * A burst: more than {@link REVIEW_BURST.reviews} reviews of one salesperson within {@link REVIEW_BURST.hours}
 * hours from accounts younger than {@link REVIEW_BURST.newAccountDays} days. The next such review is held.
 */
export const REVIEW_BURST = { reviews: 3, hours: 24, newAccountDays: 14 } as const;

/** The day a buyer may review the salesperson again after reviewing them at `lastReviewAt`. */
export function nextReviewAllowed(lastReviewAt: Date): Date {
  return new Date(lastReviewAt.getTime() + REVIEW_COOLDOWN_DAYS * 86_400_000);
}

const CONTACT_PATTERNS: readonly { kind: string; pattern: RegExp }[] = [
  {
    kind: "an e-mail address",
    pattern: /[\w.+-]+\s*(?:@|\(at\)|\[at\])\s*[\w-]+(?:\s*(?:\.|\(dot\)|\[dot\])\s*[\w-]+)+/i,
  },
  {
    kind: "a web address",
    pattern: /\b(?:https?:\/\/|www\.)\S+|\b[\w-]+\.(?:com|net|org|io|co|biz|info|us)\b/i,
  },
  // Ten digits grouped as North American numbers are written ((512) 555-0100, 512.555.0100, +1 512 555 0100);
  // years and prices ("2019 2020", "$25,000") are not.
  { kind: "a phone number", pattern: /(?:\+\d{1,3}[\s.-]?)?(?:\(\d{3}\)|\b\d{3})[\s.-]?\d{3}[\s.-]?\d{4}\b/ },
];

/**
 * What contact detail a text carries (an e-mail address, a web address, a phone number), or null. The form warns
 * with it before sending; the server holds a review whose text has one.
 */
export function contactDetailIn(...texts: readonly (string | null | undefined)[]): string | null {
  for (const text of texts) {
    if (!text) continue;
    for (const { kind, pattern } of CONTACT_PATTERNS) if (pattern.test(text)) return kind;
  }
  return null;
}
