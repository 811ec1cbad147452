// Shapes of the review answers, taken from the API's own types (type-only import).
import type { RouterOutputs } from "../../trpc";

export type Review = RouterOutputs["reviews"]["list"]["items"][number];
export type MyReview = RouterOutputs["reviews"]["mine"][number];
export type EligibleAppointment = RouterOutputs["reviews"]["eligibleAppointments"][number];
