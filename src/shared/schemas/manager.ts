// Inputs and answers of the manager domain: a dealership manager's team, plan, performance and monthly report.
// Every procedure is scoped by the server to the dealership the caller manages; no input names a dealership.
import { z } from "zod";
import { DEALERSHIP_ROLES, PAYMENT_MODELS, YEARS_OF_EXPERIENCE } from "../constants";
import { BILLING_INTERVALS, PLAN_IDS } from "../planIds";
import { emailSchema } from "./auth";
import { cents, downloadFile, idSchema, line, listPage, PAGE_SIZE, pagingFields, text } from "./common";
import { sentInvitation } from "./invitations";
import { peopleSchemas } from "./people";
import { dealershipSummary } from "./salespeople";

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
 * The add-salesperson payload of docs/product/dealerships.md#adding-a-salesperson. `managerId` and `dealershipName` are accepted because the spec's
 * client sends them, and ignored: the server adds to the caller's own dealership. Adding invites: the name
 * greets the invitee in the e-mail; phone, bio and experience are accepted as before, and the invitee fills
 * in their own profile.
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

/** docs/product/roles-and-access.md#dealership-scope: `{ salespersonId, managerId }`; managerId is accepted and ignored. */
export const removeSalespersonInput = z.strictObject({
  salespersonId: idSchema,
  managerId: z.union([z.uuid(), idSchema]).nullable().optional(),
});

export { INVITATION_TTL_DAYS, invitationIdInput } from "./invitations";

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

export const MONTHLY_REPORT_FORMATS = ["csv", "json"] as const;
export type MonthlyReportFormat = (typeof MONTHLY_REPORT_FORMATS)[number];
export const reportFileInput = z.strictObject({
  month: monthSchema,
  format: z.enum(MONTHLY_REPORT_FORMATS, { error: "Format must be csv or json" }).default("csv"),
});

// Answers --------------------------------------------------------------------------------------------------

/** The dealership's plan, from its subscription row (or the free allowance without one). */
export const managerPlan = z
  .object({
    planId: z.enum(PLAN_IDS).nullable().describe("Null on the free allowance"),
    name: z.string(),
    status: z.string().nullable().describe("Stripe's status of the subscription; null without one"),
    monthlyPriceCents: cents(),
    amountCents: z
      .number()
      .describe("US cents the subscription charges each billing period; 0 on the free allowance"),
    interval: z.enum(BILLING_INTERVALS).nullable().describe("The billing period; null on the free allowance"),
    salespersonLimit: z.number().int().nullable().describe("Null: no limit"),
    used: z.number().int(),
    limitReached: z.boolean(),
  })
  .describe("The dealership's plan and how much of its salesperson allowance is used");
export type ManagerPlan = z.output<typeof managerPlan>;

export const managerOverview = z.object({
  dealership: dealershipSummary,
  totalSalespeople: z.number().int(),
  verifiedSalespeople: z.number().int(),
  pendingVerifications: z.number().int(),
  averageRating: z
    .number()
    .nullable()
    .describe("Over every published review of the team, one decimal; null without reviews"),
  totalReviews: z.number().int(),
  salespeopleInCity: z
    .number()
    .int()
    .describe("Salespeople of any dealership, or independent, in the dealership's city and state"),
  plan: managerPlan,
});
export type ManagerOverview = z.output<typeof managerOverview>;

export const teamMember = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phoneNumber: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  status: z.string(),
  paymentModel: z.enum(PAYMENT_MODELS),
  yearsOfExperience: z.number().int(),
  averageRating: z.number(),
  totalReviews: z.number().int(),
  verifiedAt: z.date().nullable().describe("When the manager verified them; null while unverified"),
  hasSignedIn: z.boolean().describe("Whether they have signed in at least once (the account is made then)"),
  createdAt: z.date(),
});
export type TeamMember = z.output<typeof teamMember>;

export const teamMembers = z.array(teamMember);

export const teamPage = listPage(teamMember).describe("The manager's salespeople");
export type TeamPage = z.output<typeof teamPage>;

/** An open invitation as the invited salesperson sees it on their dashboard. */
export const salespersonInvitation = z
  .object({
    id: z.uuid(),
    dealership: z.object({ id: z.number().int(), name: z.string(), city: z.string(), state: z.string() }),
    paymentModel: z.enum(PAYMENT_MODELS),
    createdAt: z.date(),
    expiresAt: z.date(),
  })
  .describe("An open invitation to join a dealership, addressed to the caller's profile");
export type SalespersonInvitation = z.output<typeof salespersonInvitation>;

export const salespersonInvitations = z.array(salespersonInvitation);

/** What the invited salesperson's answer did. */
export const invitationAnswer = z.object({
  id: z.uuid(),
  status: z.enum(["accepted", "declined"]),
  dealershipId: z.number().int(),
});
export type InvitationAnswer = z.output<typeof invitationAnswer>;

export { revokedInvitation } from "./invitations";

/**
 * What adding a salesperson does: whether or not the address has a profile, it is invited, and joins only when
 * its owner accepts (docs/product/invitations.md). The invitation's e-mail goes out once it commits.
 */
export const addSalespersonResult = z
  .object({ outcome: z.literal("invited"), invitation: sentInvitation })
  .describe("An invitation to join the team; the salesperson joins only by accepting it");
export type AddSalespersonResult = z.output<typeof addSalespersonResult>;

/** A salesperson who left a dealership's team: they stay on the platform, independent. */
export const leftTeam = z.object({ id: z.number().int(), name: z.string(), independent: z.literal(true) });

export const leaderboardEntry = z.object({
  id: z.number().int(),
  name: z.string(),
  profileImageUrl: z.string().nullable(),
  averageRating: z.number(),
  totalReviews: z.number().int(),
  band: z.enum(["top", "average", "needs-improvement", "unrated"]),
  closedAppointments: z
    .number()
    .int()
    .describe("Appointments no longer scheduled: completed, no-show and cancelled"),
  completed: z.number().int(),
  noShows: z.number().int(),
  completionRate: z.number().nullable().describe("completed / closed, 0..1; null when nothing closed yet"),
  noShowRate: z.number().nullable().describe("no-shows / closed, 0..1; null when nothing closed yet"),
  openIncidents: z.number().int(),
});
export type LeaderboardEntry = z.output<typeof leaderboardEntry>;

export const managerPerformance = z.object({
  topPerformers: z.number().int(),
  averagePerformers: z.number().int(),
  needsImprovement: z.number().int(),
  unrated: z.number().int(),
  leaderboard: z.array(leaderboardEntry),
});
export type ManagerPerformance = z.output<typeof managerPerformance>;

export const monthlyFigures = z.object({
  appointments: z.number().int(),
  completed: z.number().int(),
  cancellations: z.number().int(),
  noShows: z.number().int(),
  reviews: z.number().int(),
  averageRating: z
    .number()
    .nullable()
    .describe("Average overall rating of the month's reviews, two decimals; null without reviews"),
  misconductCases: z.number().int(),
  customerMessages: z.number().int(),
  repliedMessages: z.number().int().describe("Customer messages that got a reply"),
  averageReplyMinutes: z
    .number()
    .nullable()
    .describe(
      "Mean minutes from a customer's message to the salesperson's next reply; null when none was answered",
    ),
});

export type MonthlyFigures = z.output<typeof monthlyFigures>;
export const monthlyReportRow = monthlyFigures.extend({ salespersonId: z.number().int(), name: z.string() });
export type MonthlyReportRow = z.output<typeof monthlyReportRow>;

export const monthlyReport = z.object({
  dealership: z.object({ id: z.number().int(), name: z.string(), timeZone: z.string() }),
  month: z.string(),
  from: z.date().describe("The month's start in the dealership's time zone"),
  to: z.date().describe("The month's end in the dealership's time zone"),
  generatedAt: z.date(),
  rows: z.array(monthlyReportRow),
  totals: monthlyFigures,
});
export type MonthlyReport = z.output<typeof monthlyReport>;

export const reportFile = downloadFile.describe(
  "The monthly report as a file (CSV or JSON), answered as a download",
);
export type MonthlyReportFile = z.output<typeof reportFile>;

// The dealership's own team: its owners, managers and staff (docs/product/dealerships.md#the-team-and-its-roles).

export const dealershipRoleSchema = z
  .enum(DEALERSHIP_ROLES, { error: "Role must be owner, manager or staff" })
  .describe(
    "owner (billing, the team, everything), manager (the team but its leads, reviews, reports, CRM) or staff (bookings)",
  );

export const {
  member: dealershipMember,
  invitation: teamInvitation,
  inviteInput: inviteMemberInput,
  invited: invitedMember,
  roleInput: memberRoleInput,
  refInput: memberRefInput,
  removed: removedMember,
} = peopleSchemas(dealershipRoleSchema, "When they joined the team");

export const dealershipTeam = z
  .object({
    members: z.array(dealershipMember).describe("Owners first, then managers, then staff"),
    invitations: z.array(teamInvitation).describe("Team invitations waiting for an answer"),
  })
  .describe("The dealership's own people and the invitations to join them");
export type TeamMembers = z.output<typeof dealershipTeam>;
