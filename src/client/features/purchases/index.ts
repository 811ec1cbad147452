// What other features use of purchase verification: the buyer's claim dialog (profiles, past visits), the
// buyer's claims (Ratings tab) and the queue of claims to decide (manager and administrators' consoles).
export { ClaimPurchaseDialog } from "./ClaimPurchaseDialog";
export { MyPurchaseClaims } from "./MyPurchaseClaims";
export { PurchaseClaimQueue } from "./PurchaseClaimQueue";
