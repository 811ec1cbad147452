import * as shape from "../../../shared/schemas/transfers";
import {
  adminDecisionInput,
  managerDecisionInput,
  requestTransferInput,
  transferIdInput,
  transfersListInput,
} from "../../../shared/schemas/transfers";
import { router } from "../../trpc/init";
import { admin, manager, salesperson } from "../../trpc/procedures";
import { adminDecide, listTransfers } from "./adminDecision";
import { incomingTransfers, managerDecide } from "./managerDecision";
import { myTransfers, requestTransfer, withdrawTransfer } from "./request";

/** Transfer requests: the salesperson asks and withdraws, the receiving manager accepts, an administrator decides. */
export const transfersRouter = router({
  request: salesperson.mutation(requestTransferInput, shape.transferRequestView, requestTransfer),
  withdraw: salesperson.mutation(transferIdInput, shape.transferRequestView, (ctx, input) =>
    withdrawTransfer(ctx, input.id),
  ),
  mine: salesperson.query(shape.transferRequests, myTransfers),

  incoming: manager.query(shape.incomingTransfers, incomingTransfers),
  managerDecide: manager.mutation(managerDecisionInput, shape.transferRequestView, managerDecide),

  list: admin.query(transfersListInput, shape.transferList, listTransfers),
  adminDecide: admin.mutation(adminDecisionInput, shape.transferRequestView, adminDecide),
});
