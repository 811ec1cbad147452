// Review, messaging and misconduct rules shared by the client and the server.

/** 'Time-limited verification': a completed visit can be reviewed within this many days. */
export const RATING_WINDOW_DAYS = 30;
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
