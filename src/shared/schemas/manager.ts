// Inputs and answers of the manager domain: a dealership manager's team, plan, performance and monthly report.
// Every procedure is scoped by the server to the dealership the caller manages; no input names a dealership.
import { z } from "zod";
import { PAYMENT_MODELS, type PaymentModel, YEARS_OF_EXPERIENCE } from "../constants";
import type { PlanId } from "../plans";
import { emailSchema } from "./auth";
import { idSchema, line, PAGE_SIZE, pagingFields, text } from "./common";

/** The text a plan-limit refusal carries; the client shows 'Plan Limit Reached' when a message includes it. */
export const PLAN_LIMIT_MESSAGE = "Plan limit reached";

export const teamInput = z
  .strictObject({ search: line().max(120).optional(), ...pagingFields() })
  .default({ page: 1, pageSize: PAGE_SIZE.default });

const optionalLine = (max: number) =>
  line()
    .max(max)
    .nullable()
    .optional()
    .transform((v) => (v ? v : null));

/**
 * SPEC.md section 3's add-salesperson payload. `managerId` and `dealershipName` are accepted because the spec's
 * client sends them, and ignored: the server adds to the caller's own dealership.
 */
export const addSalespersonInput = z.strictObject({
  name: line().min(1, "Name is required").max(120),
  email: emailSchema,
  phoneNumber: optionalLine(40),
  yearsOfExperience: z.coerce
    .number({ error: "Years of experience must be a number" })
    .int("Years of experience must be a whole number")
    .min(YEARS_OF_EXPERIENCE.min, "Years of experience must be between 0 and 50")
    .max(YEARS_OF_EXPERIENCE.max, "Years of experience must be between 0 and 50")
    .default(0),
  bio: text()
    .max(2000, "Bio must be at most 2000 characters")
    .nullable()
    .optional()
    .transform((v) => (v ? v : null)),
  paymentModel: z
    .enum(PAYMENT_MODELS, { error: "Payment model must be dealership or individual" })
    .default("dealership"),
  managerId: z.union([z.uuid(), idSchema]).nullable().optional(),
  dealershipName: line().max(200).nullable().optional(),
});
export type AddSalespersonInput = z.input<typeof addSalespersonInput>;

/** SPEC.md section 7: `{ salespersonId, managerId }`; managerId is accepted and ignored. */
export const removeSalespersonInput = z.strictObject({
  salespersonId: idSchema,
  managerId: z.union([z.uuid(), idSchema]).nullable().optional(),
});

/** An invitation named by its id (the manager revokes one; the invited salesperson accepts or declines it). */
export const invitationIdInput = z.strictObject({ id: z.uuid("Invitation id must be a UUID") });

/** How long an invitation to join a dealership stays open. */
export const INVITATION_TTL_DAYS = 7;

export const rejectSalespersonInput = z.strictObject({
  salespersonId: idSchema,
  reason: text().max(500).optional(),
});

/** A calendar month, YYYY-MM, from 2000 to 2100. */
export const monthSchema = line().regex(
  /^(20\d\d|2100)-(0[1-9]|1[0-2])$/,
  "Month must look like 2026-05 (YYYY-MM)",
);

export const monthlyReportInput = z.strictObject({ month: monthSchema });

export const REPORT_FORMATS = ["csv", "json"] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];
export const reportFileInput = z.strictObject({
  month: monthSchema,
  format: z.enum(REPORT_FORMATS, { error: "Format must be csv or json" }).default("csv"),
});

// Answers --------------------------------------------------------------------------------------------------

/** The dealership's plan, from its subscription row (or the free allowance without one). */
export type ManagerPlan = {
  /** Null on the free allowance. */
  planId: PlanId | null;
  name: string;
  /** Stripe's status of the subscription, null without one. */
  status: string | null;
  monthlyPriceCents: number;
  /** Null: no limit (Enterprise). */
  salespersonLimit: number | null;
  used: number;
  limitReached: boolean;
};

export type ManagerOverview = {
  dealership: {
    id: number;
    name: string;
    address: string;
    city: string;
    state: string;
    zipCode: string;
    phoneNumber: string | null;
    website: string | null;
    latitude: number;
    longitude: number;
    timeZone: string;
  };
  totalSalespeople: number;
  verifiedSalespeople: number;
  pendingVerifications: number;
  /** Over every published review of the team's salespeople, to one decimal; null without reviews. */
  averageRating: number | null;
  totalReviews: number;
  /** Salespeople (of any dealership, or independent) in the dealership's city and state. */
  salespeopleInCity: number;
  plan: ManagerPlan;
};

export type TeamMember = {
  id: number;
  name: string;
  email: string;
  phoneNumber: string | null;
  profileImageUrl: string | null;
  status: string;
  paymentModel: PaymentModel;
  yearsOfExperience: number;
  averageRating: number;
  totalReviews: number;
  verifiedAt: Date | null;
  /** Whether they have signed in at least once (an account is made on first sign-in). */
  hasSignedIn: boolean;
  createdAt: Date;
};

export type TeamPage = { items: TeamMember[]; total: number; page: number; pageSize: number };

/** An invitation the manager sent that its salesperson has not answered yet (and that has not expired). */
export type TeamInvitation = {
  id: string;
  email: string;
  /** The invited salesperson's public name. */
  name: string;
  paymentModel: PaymentModel;
  createdAt: Date;
  expiresAt: Date;
};

/** An open invitation as the invited salesperson sees it on their dashboard. */
export type SalespersonInvitation = {
  id: string;
  dealership: { id: number; name: string; city: string; state: string };
  paymentModel: PaymentModel;
  createdAt: Date;
  expiresAt: Date;
};

/** What the invited salesperson's answer did. */
export type InvitationAnswer = { id: string; status: "accepted" | "declined"; dealershipId: number };

/**
 * A new profile joins the team at once; an existing one (its owner decides) gets an invitation and joins only
 * when its owner accepts it.
 */
export type AddSalespersonResult =
  | {
      outcome: "created";
      salesperson: TeamMember;
      /** What happened to the e-mail: a sign-in link for a new profile, the invitation for an existing one. */
      invite: "sent" | "logged" | "failed";
    }
  | { outcome: "invited"; invitation: TeamInvitation; invite: "sent" | "logged" | "failed" };

export type LeaderboardEntry = {
  id: number;
  name: string;
  profileImageUrl: string | null;
  averageRating: number;
  totalReviews: number;
  band: "top" | "average" | "needs-improvement" | "unrated";
  /** Appointments no longer scheduled: completed, no-show and cancelled. */
  closedAppointments: number;
  completed: number;
  noShows: number;
  /** completed / closed, 0..1; null when nothing closed yet. */
  completionRate: number | null;
  /** no-shows / closed, 0..1; null when nothing closed yet. */
  noShowRate: number | null;
  openIncidents: number;
};

export type ManagerPerformance = {
  topPerformers: number;
  averagePerformers: number;
  needsImprovement: number;
  unrated: number;
  leaderboard: LeaderboardEntry[];
};

export type MonthlyReportRow = {
  salespersonId: number;
  name: string;
  appointments: number;
  completed: number;
  cancellations: number;
  noShows: number;
  reviews: number;
  /** Average overall rating of the month's reviews, two decimals; null without reviews. */
  averageRating: number | null;
  misconductCases: number;
  customerMessages: number;
  /** Customer messages that got a reply. */
  repliedMessages: number;
  /** Mean minutes from a customer's message to the salesperson's next reply; null when none was answered. */
  averageReplyMinutes: number | null;
};

export type MonthlyReport = {
  dealership: { id: number; name: string; timeZone: string };
  month: string;
  /** The month's bounds in the dealership's time zone. */
  from: Date;
  to: Date;
  generatedAt: Date;
  rows: MonthlyReportRow[];
  totals: Omit<MonthlyReportRow, "salespersonId" | "name">;
};

export type ReportFile = { filename: string; contentType: string; content: string };
