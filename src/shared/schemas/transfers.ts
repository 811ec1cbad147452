// Inputs and answers of the transfers domain: a salesperson asks to move to another dealership (or to go
// independent), the receiving dealership's manager accepts or declines, an administrator approves or denies.
// No input names the salesperson or the manager's dealership: the server takes both from the session.
import { z } from "zod";
import { TRANSFER_STATUSES, type TransferStatus } from "../constants";
import { idWith, line, optionalFilter, pagingFields, text } from "./common";

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

export type TransferDealership = { id: number; name: string; city: string; state: string };

export type TransferRequestView = {
  id: number;
  salespersonId: number;
  salespersonName: string;
  /** Where the salesperson was when asking; null: independent (or the dealership was deleted). */
  fromDealership: TransferDealership | null;
  /** Where they want to go; null: going independent. */
  toDealership: TransferDealership | null;
  status: TransferStatus;
  note: string | null;
  /** Why it was declined or denied (or the administrator's note on an approval). */
  decisionReason: string | null;
  managerDecidedAt: Date | null;
  adminDecidedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
};

/** What a manager sees of a salesperson asking to join. */
export type IncomingTransfer = TransferRequestView & {
  salespersonEmail: string;
  profileImageUrl: string | null;
  yearsOfExperience: number;
  averageRating: number;
  totalReviews: number;
  specialties: string[];
};

/** What administrators see: the salesperson's e-mail as well. */
export type AdminTransfer = TransferRequestView & { salespersonEmail: string };

export type TransferList = {
  items: AdminTransfer[];
  total: number;
  page: number;
  pageSize: number;
  /** Requests waiting for an administrator, whatever the filter. */
  pending: number;
};
