import {
  adminDecisionInput,
  managerDecisionInput,
  requestTransferInput,
  transferIdInput,
  transfersListInput,
} from "../../../shared/schemas/transfers";
import { adminProcedure, managerProcedure, router, salespersonProcedure } from "../../trpc/init";
import { adminDecide, listTransfers } from "./adminDecision";
import { incomingTransfers, managerDecide } from "./managerDecision";
import { myTransfers, requestTransfer, withdrawTransfer } from "./request";

/** Transfer requests: the salesperson asks and withdraws, the receiving manager accepts, an administrator decides. */
export const transfersRouter = router({
  request: salespersonProcedure
    .input(requestTransferInput)
    .mutation(({ ctx, input }) => requestTransfer(ctx, input)),
  withdraw: salespersonProcedure
    .input(transferIdInput)
    .mutation(({ ctx, input }) => withdrawTransfer(ctx, input.id)),
  mine: salespersonProcedure.query(({ ctx }) => myTransfers(ctx)),

  incoming: managerProcedure.query(({ ctx }) => incomingTransfers(ctx)),
  managerDecide: managerProcedure
    .input(managerDecisionInput)
    .mutation(({ ctx, input }) => managerDecide(ctx, input)),

  list: adminProcedure.input(transfersListInput).query(({ ctx, input }) => listTransfers(ctx, input)),
  adminDecide: adminProcedure.input(adminDecisionInput).mutation(({ ctx, input }) => adminDecide(ctx, input)),
});
