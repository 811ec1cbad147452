// A visit's record beyond its row: the status trail, the buyer's dispute of a no-show, the lists of disputes
// managers and administrators decide, and the one-click stop of review invitations.
import { z } from "zod";
import {
  APPOINTMENT_STATUSES,
  VISIT_ACTORS,
  VISIT_DISPUTE_ESCALATIONS,
  VISIT_DISPUTE_STATUSES,
} from "../constants";
import { idSchema, line, listPage, listPaging, text } from "./common";

export const trailEvent = z
  .object({
    id: z.number().int(),
    at: z.date(),
    from: z.enum(APPOINTMENT_STATUSES).nullable().describe("Null for the booking itself"),
    to: z.enum(APPOINTMENT_STATUSES),
    actorRole: z.enum(VISIT_ACTORS),
    actorName: z
      .string()
      .nullable()
      .describe("The buyer's or salesperson's name; null for a manager, an administrator or the platform"),
    note: z.string().nullable(),
  })
  .describe("One status change of a visit");
export type TrailEvent = z.output<typeof trailEvent>;

export const disputeView = z
  .object({
    id: z.number().int(),
    status: z.enum(VISIT_DISPUTE_STATUSES),
    statement: z.string().nullable(),
    openedAt: z.date(),
    escalatedAt: z.date().nullable(),
    escalationReason: z
      .enum(VISIT_DISPUTE_ESCALATIONS)
      .nullable()
      .describe(
        "Why administrators decide it: an independent salesperson, no manager but the one who marked the no-show or is the salesperson, left open too long, or the buyer's request to review the manager's rejection; null while only the manager decides",
      ),
    resolvedAt: z.date().nullable(),
    resolutionNote: z.string().nullable(),
    managerNote: z
      .string()
      .nullable()
      .describe("The manager's note on a rejection the buyer took to administrators"),
    appealNote: z.string().nullable().describe("The buyer's words when asking administrators to review"),
  })
  .describe('The buyer\'s "I was there" on a visit marked no-show');
export type DisputeView = z.output<typeof disputeView>;

export const visitRecord = z
  .object({
    appointmentId: z.number().int(),
    trail: z.array(trailEvent).describe("Oldest first"),
    dispute: disputeView.nullable(),
    disputeUntil: z
      .date()
      .nullable()
      .describe("Until when the buyer may still dispute the no-show; null when there is nothing to dispute"),
    appealUntil: z
      .date()
      .nullable()
      .describe(
        "Until when the buyer may ask administrators to review the manager's rejection; null when there is none to review",
      ),
  })
  .describe("A visit's status trail and dispute, for its buyer and staff");
export type VisitRecord = z.output<typeof visitRecord>;

export const openDisputeInput = z.strictObject({
  id: idSchema,
  statement: line()
    .trim()
    .min(10, "Say in a sentence or two what happened (at least 10 characters)")
    .max(1000, "Keep it under 1000 characters"),
});

export const escalateDisputeInput = z.strictObject({
  id: idSchema,
  note: text()
    .trim()
    .max(1000, "Keep the note under 1000 characters")
    .optional()
    .transform((note) => note || undefined),
});

export const decideDisputeInput = z.strictObject({
  id: idSchema,
  decision: z.enum(["uphold", "reject"], { error: "Decision must be uphold or reject" }),
  note: text()
    .trim()
    .min(3, "Add a short note for the buyer")
    .max(1000, "Keep the note under 1000 characters"),
});

export const disputeListInput = z.strictObject({
  ...listPaging,
  status: z.enum(VISIT_DISPUTE_STATUSES).optional(),
});

export const disputeListItem = disputeView
  .extend({
    appointmentId: z.number().int(),
    appointmentType: z.string(),
    visitAt: z.date(),
    salespersonId: z.number().int(),
    salespersonName: z.string(),
    dealershipName: z.string().nullable(),
    customerName: z.string(),
  })
  .describe("A dispute with its visit, for whoever decides it");
export type DisputeListItem = z.output<typeof disputeListItem>;

export const disputeList = listPage(disputeListItem);

export const decidedDispute = z.object({
  dispute: disputeListItem,
  appointmentStatus: z.enum(APPOINTMENT_STATUSES),
});

export const unsubscribeInput = z.strictObject({
  token: line().min(16, "This link is not complete").max(2000, "This link is not valid"),
});
export const unsubscribed = z.object({
  ok: z.literal(true),
  email: z.string().describe("The address that no longer receives invitations to review"),
});
