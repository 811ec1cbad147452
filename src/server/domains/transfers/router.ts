import * as shape from "../../../shared/schemas/transfers";
import {
  adminDecisionInput,
  managerDecisionInput,
  requestTransferInput,
  transferIdInput,
  transfersListInput,
} from "../../../shared/schemas/transfers";
import { adminProcedure, managerProcedure, router, salespersonProcedure } from "../../trpc/init";
import { answers } from "../../trpc/output";
import { adminDecide, listTransfers } from "./adminDecision";
import { incomingTransfers, managerDecide } from "./managerDecision";
import { myTransfers, requestTransfer, withdrawTransfer } from "./request";

/** Transfer requests: the salesperson asks and withdraws, the receiving manager accepts, an administrator decides. */
export const transfersRouter = router({
  request: salespersonProcedure
    .input(requestTransferInput)
    .output(answers(shape.transferRequestView))
    .mutation(({ ctx, input }) => requestTransfer(ctx, input)),
  withdraw: salespersonProcedure
    .input(transferIdInput)
    .output(answers(shape.transferRequestView))
    .mutation(({ ctx, input }) => withdrawTransfer(ctx, input.id)),
  mine: salespersonProcedure.output(answers(shape.transferRequests)).query(({ ctx }) => myTransfers(ctx)),

  incoming: managerProcedure
    .output(answers(shape.incomingTransfers))
    .query(({ ctx }) => incomingTransfers(ctx)),
  managerDecide: managerProcedure
    .input(managerDecisionInput)
    .output(answers(shape.transferRequestView))
    .mutation(({ ctx, input }) => managerDecide(ctx, input)),

  list: adminProcedure
    .input(transfersListInput)
    .output(answers(shape.transferList))
    .query(({ ctx, input }) => listTransfers(ctx, input)),
  adminDecide: adminProcedure
    .input(adminDecisionInput)
    .output(answers(shape.transferRequestView))
    .mutation(({ ctx, input }) => adminDecide(ctx, input)),
});
