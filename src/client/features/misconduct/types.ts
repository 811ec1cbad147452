// Shapes of the misconduct-report answers, taken from the API's own types (type-only import).
import type { RouterOutputs } from "../../trpc";

export type MisconductCase = RouterOutputs["misconduct"]["cases"][number];
export type CaseEvent = RouterOutputs["misconduct"]["updateCase"]["events"][number];
export type ReportStatusView = RouterOutputs["misconduct"]["status"];
