import * as shape from "../../../shared/schemas/purchases";
import { customer, managerOrAdmin, taggedRouter } from "../../trpc/procedures";
import { claimPurchase, myPurchaseClaims } from "./claims";
import { decidePurchaseClaim, purchaseClaimsToDecide } from "./decisions";

/**
 * Purchase verification: the buyer claims, the dealership's manager (or an administrator) decides. A CRM's signed
 * sale events arrive at POST /api/crm/inbound/{integrationId} (domains/crm/inbound.ts, raw body).
 */
export const purchasesRouter = taggedRouter("Reviews", {
  /** Each queues a decision for a manager: limited to 10 at once, then one every 10 minutes. */
  claim: customer.mutation(shape.claimPurchaseInput, shape.myPurchaseClaim, claimPurchase, {
    limit: {
      perAddress: { capacity: 20, refillSeconds: 300 },
      perAccount: { capacity: 10, refillSeconds: 600 },
    },
    rest: { route: "POST /purchase-claims", status: 201 },
  }),
  mine: customer.query(shape.myPurchaseClaims, myPurchaseClaims, { rest: "GET /purchase-claims/mine" }),
  /** A manager's dealership's claims; an administrator's, independent salespeople's. */
  toDecide: managerOrAdmin.query(shape.purchaseClaimsInput, shape.purchaseClaims, purchaseClaimsToDecide, {
    rest: "GET /purchase-claims",
    description: "`?status=pending|confirmed|declined` (pending by default).",
  }),
  decide: managerOrAdmin.mutation(shape.decidePurchaseInput, shape.purchaseClaim, decidePurchaseClaim, {
    rest: "POST /purchase-claims/:id/decision",
    description: 'Body `{ decision: "confirm" | "decline", reason? }`: a reason is required to decline.',
  }),
});
