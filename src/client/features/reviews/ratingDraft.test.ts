import { describe, expect, it } from "vitest";
import { EMPTY_RATING_DRAFT, RATING_NOTICES, ratingDraftProblem, ratingPayload } from "./ratingDraft";

const complete = {
  ...EMPTY_RATING_DRAFT,
  overallRating: 5,
  helpfulnessRating: 4,
  pressureLevelRating: 5,
  communicationRating: 3,
  knowledgeRating: 4,
  appointmentId: "12",
};
const ctx = { signedIn: true, needsAppointment: true, today: "2026-06-12" };

describe("ratingDraftProblem", () => {
  it("starts with five zero scores and six empty texts", () => {
    const values = Object.values(EMPTY_RATING_DRAFT);
    expect(values.filter((v) => v === 0)).toHaveLength(5);
    expect(values.filter((v) => v === "")).toHaveLength(6);
  });

  it("asks for every score first, with the spec's words", () => {
    expect(ratingDraftProblem({ ...complete, communicationRating: 0 }, ctx)).toEqual(
      RATING_NOTICES.incomplete,
    );
    expect(RATING_NOTICES.incomplete.description).toBe(
      "All rating categories are required to submit your review.",
    );
  });

  it("asks new reviews for product knowledge, but not an edit of a review written before it was asked", () => {
    const noKnowledge = { ...complete, knowledgeRating: 0 };
    expect(ratingDraftProblem(noKnowledge, ctx)).toEqual(RATING_NOTICES.incomplete);
    expect(ratingDraftProblem(noKnowledge, { ...ctx, needsAppointment: false })).toBeNull();
    expect(ratingPayload(noKnowledge).knowledgeRating).toBeUndefined();
    expect(ratingPayload(complete).knowledgeRating).toBe(4);
  });

  it("then sign-in, then the appointment", () => {
    expect(ratingDraftProblem(complete, { ...ctx, signedIn: false })).toEqual(RATING_NOTICES.signedOut);
    expect(ratingDraftProblem({ ...complete, appointmentId: "" }, ctx)).toEqual(RATING_NOTICES.noAppointment);
    expect(
      ratingDraftProblem({ ...complete, appointmentId: "" }, { ...ctx, needsAppointment: false }),
    ).toBeNull();
  });

  it("refuses a visit date in the future but allows today", () => {
    expect(ratingDraftProblem({ ...complete, visitDate: "2026-06-13" }, ctx)?.title).toBe(
      "Check the visit date",
    );
    expect(ratingDraftProblem({ ...complete, visitDate: "2026-06-12" }, ctx)).toBeNull();
  });
});

describe("ratingPayload", () => {
  it("sends blank comments and dates as null", () => {
    const payload = ratingPayload({ ...complete, comment: "  Great  ", pressureComment: " " });
    expect(payload).toMatchObject({
      comment: "Great",
      pressureComment: null,
      visitDate: null,
      overallRating: 5,
    });
  });
});
