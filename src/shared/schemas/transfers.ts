// Inputs and answers of the transfers domain: a salesperson asks to move to another dealership (or to go
// independent), the receiving dealership's manager accepts or declines, an administrator approves or denies.
// No input names the salesperson or the manager's dealership: the server takes both from the session.
import { z } from "zod";
import { TRANSFER_STATUSES, type TransferStatus } from "../constants";
import { idWith, line, listPage, optionalFilter, pagingFields, text } from "./common";

export const TRANSFER_NOTE_MAX = 1000;
export const TRANSFER_REASON_MAX = 1000;

/** The statuses a request can still change from (one such request per salesperson at a time). */
export const OPEN_TRANSFER_STATUSES = [
  "awaiting_manager",
  "awaiting_admin",
] as const satisfies TransferStatus[];

export const TRANSFER_DECLINE_REASON_REQUIRED = "Please tell the salesperson why you are declining";
export const TRANSFER_DENY_REASON_REQUIRED = "Please provide a reason for denying this transfer";

const optionalText = (max: number, message: string) =>
  text()
    .max(max, message)
    .nullable()
    .optional()
    .transform((v) => (v ? v : null));

/** `toDealershipId: null` asks to go independent. */
export const requestTransferInput = z.strictObject({
  toDealershipId: idWith("Choose a dealership or going independent").nullable(),
  note: optionalText(TRANSFER_NOTE_MAX, "Please keep the note under 1,000 characters"),
});
export type RequestTransferInput = z.input<typeof requestTransferInput>;

export const transferIdInput = z.strictObject({ id: idWith("Unknown transfer request") });

export const MANAGER_TRANSFER_DECISIONS = ["accept", "decline"] as const;
export type ManagerTransferDecision = (typeof MANAGER_TRANSFER_DECISIONS)[number];

export const managerDecisionInput = z
  .strictObject({
    id: idWith("Unknown transfer request"),
    decision: z.enum(MANAGER_TRANSFER_DECISIONS, { error: "Decision must be accept or decline" }),
    reason: optionalText(TRANSFER_REASON_MAX, "Please keep the reason under 1,000 characters"),
  })
  .refine((input) => input.decision !== "decline" || input.reason !== null, {
    message: TRANSFER_DECLINE_REASON_REQUIRED,
    path: ["reason"],
  });
export type ManagerDecisionInput = z.input<typeof managerDecisionInput>;

export const ADMIN_TRANSFER_DECISIONS = ["approve", "deny"] as const;
export type AdminTransferDecision = (typeof ADMIN_TRANSFER_DECISIONS)[number];

/** A reason is required to deny and optional to approve. */
export const adminDecisionInput = z
  .strictObject({
    id: idWith("Unknown transfer request"),
    decision: z.enum(ADMIN_TRANSFER_DECISIONS, { error: "Decision must be approve or deny" }),
    reason: optionalText(TRANSFER_REASON_MAX, "Please keep the reason under 1,000 characters"),
  })
  .refine((input) => input.decision !== "deny" || input.reason !== null, {
    message: TRANSFER_DENY_REASON_REQUIRED,
    path: ["reason"],
  });
export type AdminDecisionInput = z.input<typeof adminDecisionInput>;

/** The administrators' list: `open` is both waiting statuses. */
export const TRANSFER_LIST_FILTERS = ["open", ...TRANSFER_STATUSES] as const;
export type TransferListFilter = (typeof TRANSFER_LIST_FILTERS)[number];

export const transfersListInput = z
  .strictObject({
    status: optionalFilter(z.enum(TRANSFER_LIST_FILTERS, { error: "Unknown transfer status" })),
    /** Matches the salesperson's name or e-mail, or either dealership's name. */
    search: optionalFilter(line().min(1).max(100)),
    ...pagingFields(),
  })
  .optional();
export type TransfersListInput = z.input<typeof transfersListInput>;

// Answers --------------------------------------------------------------------------------------------------

export const transferDealership = z.object({
  id: z.number().int(),
  name: z.string(),
  city: z.string(),
  state: z.string(),
});
export type TransferDealership = z.output<typeof transferDealership>;

export const transferRequestView = z.object({
  id: z.number().int(),
  salespersonId: z.number().int(),
  salespersonName: z.string(),
  fromDealership: transferDealership
    .nullable()
    .describe("Where the salesperson was when asking; null: independent (or the dealership was deleted)"),
  toDealership: transferDealership.nullable().describe("Where they want to go; null: going independent"),
  status: z.enum(TRANSFER_STATUSES),
  note: z.string().nullable(),
  decisionReason: z
    .string()
    .nullable()
    .describe("Why it was declined or denied (or the administrator's note on an approval)"),
  managerDecidedAt: z.date().nullable(),
  adminDecidedAt: z.date().nullable(),
  createdAt: z.date(),
  updatedAt: z.date(),
});
export type TransferRequestView = z.output<typeof transferRequestView>;

export const transferRequests = z.array(transferRequestView);

/** What a manager sees of a salesperson asking to join. */
export const incomingTransfer = transferRequestView.extend({
  salespersonEmail: z.string(),
  profileImageUrl: z.string().nullable(),
  yearsOfExperience: z.number().int(),
  averageRating: z.number(),
  totalReviews: z.number().int(),
  specialties: z.array(z.string()),
});
export type IncomingTransfer = z.output<typeof incomingTransfer>;

export const incomingTransfers = z.array(incomingTransfer);

/** What administrators see: the salesperson's e-mail as well. */
export const adminTransfer = transferRequestView.extend({ salespersonEmail: z.string() });
export type AdminTransfer = z.output<typeof adminTransfer>;

export const transferList = listPage(adminTransfer).extend({
  pending: z.number().int().describe("Requests waiting for an administrator, whatever the filter"),
});
export type TransferList = z.output<typeof transferList>;
