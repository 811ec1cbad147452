// How a transfer request's status and destination read on every screen that shows one.
import type { TransferStatus } from "../../../shared/constants";
import type { TransferDealership, TransferRequestView } from "../../../shared/schemas/transfers";

type StatusStyle = { label: string; palette: "orange" | "blue" | "green" | "red" | "gray"; meaning: string };

export const TRANSFER_STATUS_STYLE: Record<TransferStatus, StatusStyle> = {
  awaiting_manager: {
    label: "Pending manager review",
    palette: "orange",
    meaning: "The receiving dealership's manager will accept or decline it.",
  },
  awaiting_admin: {
    label: "Pending admin review",
    palette: "blue",
    meaning: "An administrator makes the final decision.",
  },
  approved: { label: "Approved", palette: "green", meaning: "The move is done." },
  declined: { label: "Declined", palette: "red", meaning: "The receiving dealership's manager declined it." },
  denied: { label: "Denied", palette: "red", meaning: "An administrator denied it." },
  withdrawn: { label: "Withdrawn", palette: "gray", meaning: "Withdrawn before a decision." },
};

export function transferStatusStyle(status: string): StatusStyle {
  return TRANSFER_STATUS_STYLE[status as TransferStatus] ?? { label: status, palette: "gray", meaning: "" };
}

export function isOpenTransfer(transfer: Pick<TransferRequestView, "status">): boolean {
  return transfer.status === "awaiting_manager" || transfer.status === "awaiting_admin";
}

/** "Austin Toyota (Austin, TX)", or "Independent" for no dealership. */
export function dealershipLabel(dealership: TransferDealership | null, withPlace = true): string {
  if (!dealership) return "Independent";
  return withPlace ? `${dealership.name} (${dealership.city}, ${dealership.state})` : dealership.name;
}

/** "Join Austin Toyota" / "Go independent". */
export function destinationLabel(transfer: Pick<TransferRequestView, "toDealership">): string {
  return transfer.toDealership ? `Join ${transfer.toDealership.name}` : "Go independent";
}
