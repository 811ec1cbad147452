import * as shape from "../../../shared/schemas/purchases";
import {
  claimPurchaseInput,
  decidePurchaseInput,
  purchaseClaimsInput,
} from "../../../shared/schemas/purchases";
import { router } from "../../trpc/init";
import { customer, managerOrAdmin } from "../../trpc/procedures";
import { claimPurchase, myPurchaseClaims } from "./claims";
import { decidePurchaseClaim, purchaseClaimsToDecide } from "./decisions";

/** Purchase verification: the buyer claims, the dealership's manager (or an administrator) decides. */
export const purchasesRouter = router({
  /** Each queues a decision for a manager: limited to 10 at once, then one every 10 minutes. */
  claim: customer.mutation(claimPurchaseInput, shape.myPurchaseClaim, claimPurchase, {
    limit: {
      perAddress: { capacity: 20, refillSeconds: 300 },
      perAccount: { capacity: 10, refillSeconds: 600 },
    },
  }),
  mine: customer.query(shape.myPurchaseClaims, myPurchaseClaims),
  /** A manager's dealership's claims; an administrator's, independent salespeople's. */
  toDecide: managerOrAdmin.query(purchaseClaimsInput, shape.purchaseClaims, purchaseClaimsToDecide),
  decide: managerOrAdmin.mutation(decidePurchaseInput, shape.purchaseClaim, decidePurchaseClaim),
});
