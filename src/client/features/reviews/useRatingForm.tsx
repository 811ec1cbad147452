// The rating form's state and what it does with the server: the draft, its checks, failures and what it tells the user.
import { type FormEvent, useState } from "react";
import { ErrorKind } from "../../../shared/errorCodes";
import { apiErrorCode, apiErrorMessage } from "../../trpc";
import { useSession } from "../../ui/session";
import { showToast } from "../../ui/toaster";
import { RatingFields, type SetRatingField } from "./RatingFields";
import { RATING_NOTICES, type RatingDraft, type RatingNotice, ratingDraftProblem } from "./ratingDraft";
import type { MyReview } from "./types";

function notify(notice: RatingNotice) {
  showToast({ ...notice, variant: "destructive" });
}

export function draftFromReview(review: MyReview): RatingDraft {
  return {
    overallRating: review.overallRating,
    helpfulnessRating: review.helpfulnessRating,
    pressureLevelRating: review.pressureLevelRating,
    communicationRating: review.communicationRating,
    knowledgeRating: review.knowledgeRating ?? 0,
    appointmentId: "",
    comment: review.comment ?? "",
    helpfulnessComment: review.helpfulnessComment ?? "",
    pressureComment: review.pressureComment ?? "",
    communicationComment: review.communicationComment ?? "",
    visitDate: review.visitDate ?? "",
  };
}

/** A saved review failed: a lost session says so; anything else gives the server's reason. */
export function ratingFailed(error: unknown): string | undefined {
  const code = apiErrorCode(error);
  if (code === ErrorKind.UNAUTHORIZED) notify(RATING_NOTICES.signedOut);
  else
    notify({
      title: RATING_NOTICES.failed.title,
      description: apiErrorMessage(error, RATING_NOTICES.failed.description),
    });
  return code;
}

/**
 * A review being written or changed: the draft, its fields, and `ready`, which marks the form as tried and
 * tells the first problem (or answers true when it can be sent). `today` is the visit's local date.
 */
export function useRatingForm(
  initial: RatingDraft,
  todayOf: (draft: RatingDraft) => string,
  needsAppointment: boolean,
) {
  const { user } = useSession();
  const [draft, setDraft] = useState<RatingDraft>(initial);
  const [attempted, setAttempted] = useState(false);
  const setField: SetRatingField = (key, value) => setDraft((d) => ({ ...d, [key]: value }));
  const today = todayOf(draft);
  return {
    user,
    draft,
    setDraft,
    setField,
    attempted,
    ready: (event: FormEvent) => {
      event.preventDefault();
      setAttempted(true);
      const problem = ratingDraftProblem(draft, { signedIn: !!user, needsAppointment, today });
      if (problem) notify(problem);
      return !problem;
    },
    fields: <RatingFields draft={draft} attempted={attempted} setField={setField} today={today} />,
  };
}
