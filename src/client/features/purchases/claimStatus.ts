import type { PurchaseClaimStatus } from "../../../shared/constants";

/** How each status of a purchase claim is shown, to its buyer and to the dealership. */
export const CLAIM_STATUS: Record<
  PurchaseClaimStatus,
  { label: string; palette: "yellow" | "green" | "red" }
> = {
  pending: { label: "Waiting for the dealership", palette: "yellow" },
  confirmed: { label: "Verified purchase", palette: "green" },
  declined: { label: "Declined", palette: "red" },
};
