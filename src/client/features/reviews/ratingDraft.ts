// The rating dialog's state and its checks (docs/product/reviews.md#the-rating-form): five scores that start at 0 and six
// text entries that start empty; a score of 0 means 'not rated yet'. Product knowledge may stay unrated only when
// editing a review written before it was asked.

export const SCORE_KEYS = [
  "overallRating",
  "helpfulnessRating",
  "pressureLevelRating",
  "communicationRating",
  "knowledgeRating",
] as const;
export type ScoreKey = (typeof SCORE_KEYS)[number];

export const TEXT_KEYS = [
  "appointmentId",
  "comment",
  "helpfulnessComment",
  "pressureComment",
  "communicationComment",
  "visitDate",
] as const;
export type TextKey = (typeof TEXT_KEYS)[number];

export type RatingDraft = Record<ScoreKey, number> & Record<TextKey, string>;

export const EMPTY_RATING_DRAFT: RatingDraft = {
  overallRating: 0,
  helpfulnessRating: 0,
  pressureLevelRating: 0,
  communicationRating: 0,
  knowledgeRating: 0,
  appointmentId: "",
  comment: "",
  helpfulnessComment: "",
  pressureComment: "",
  communicationComment: "",
  visitDate: "",
};

export type RatingNotice = { title: string; description: string };

/** The spec's texts, word for word. */
export const RATING_NOTICES = {
  incomplete: {
    title: "Please complete all ratings",
    description: "All rating categories are required to submit your review.",
  },
  signedOut: { title: "Authentication required", description: "Please log in to submit a rating." },
  noAppointment: {
    title: "Please select an appointment",
    description: "You must select a completed appointment to leave a review.",
  },
  failed: { title: "Error submitting rating", description: "Please try again later." },
} as const satisfies Record<string, RatingNotice>;

export const VISIT_DATE_IN_FUTURE = "The visit date can't be in the future.";

/** The scores still to give; `knowledgeOptional` when editing a review that has no knowledge score. */
export function missingScores(draft: RatingDraft, knowledgeOptional = false): ScoreKey[] {
  return SCORE_KEYS.filter(
    (key) => !(draft[key] >= 1 && draft[key] <= 5) && !(knowledgeOptional && key === "knowledgeRating"),
  );
}

/**
 * What stops this draft from being sent, in the spec's order (ratings, sign-in, appointment), or null.
 * `needsAppointment` is false when editing an existing review.
 */
export function ratingDraftProblem(
  draft: RatingDraft,
  { signedIn, needsAppointment, today }: { signedIn: boolean; needsAppointment: boolean; today: string },
): RatingNotice | null {
  if (missingScores(draft, !needsAppointment).length > 0) return RATING_NOTICES.incomplete;
  if (!signedIn) return RATING_NOTICES.signedOut;
  if (needsAppointment && !/^\d+$/.test(draft.appointmentId)) return RATING_NOTICES.noAppointment;
  if (draft.visitDate && draft.visitDate > today) {
    return { title: "Check the visit date", description: VISIT_DATE_IN_FUTURE };
  }
  return null;
}

const optionalText = (value: string): string | null => (value.trim() ? value.trim() : null);

/** The draft's scores and comments as the server takes them (blank comments are left out as null). */
export function ratingPayload(draft: RatingDraft) {
  return {
    overallRating: draft.overallRating,
    helpfulnessRating: draft.helpfulnessRating,
    pressureLevelRating: draft.pressureLevelRating,
    communicationRating: draft.communicationRating,
    // Left out (not 0) when an older review is edited without giving one.
    knowledgeRating: draft.knowledgeRating || undefined,
    comment: optionalText(draft.comment),
    helpfulnessComment: optionalText(draft.helpfulnessComment),
    pressureComment: optionalText(draft.pressureComment),
    communicationComment: optionalText(draft.communicationComment),
    visitDate: draft.visitDate || null,
  };
}
