// What other features use of transfer requests: the salesperson's card, the manager's incoming requests and
// the admin console's Transfers tab.
export { AdminTransfersTab } from "./AdminTransfersTab";
export { type DecisionTexts, TransferDecisionDialog } from "./DecisionDialog";
export { ManagerTransfersPanel } from "./ManagerTransfersPanel";
export { RequestQueue, RequestRow, useStatusQueue } from "./RequestQueue";
export { SalespersonTransferCard } from "./SalespersonTransferCard";
