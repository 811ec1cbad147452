import * as shape from "../../../shared/schemas/transfers";
import { TOTAL_COUNT } from "../../rest/declaration";
import { admin, manager, salesperson, taggedRouter } from "../../trpc/procedures";
import { adminDecide, listTransfers } from "./adminDecision";
import { incomingTransfers, managerDecide } from "./managerDecision";
import { myTransfers, requestTransfer, withdrawTransfer } from "./request";

/** Transfer requests: the salesperson asks and withdraws, the receiving manager accepts, an administrator decides. */
export const transfersRouter = taggedRouter("Transfers", {
  request: salesperson.mutation(shape.requestTransferInput, shape.transferRequestView, requestTransfer, {
    rest: { route: "POST /transfer-requests", status: 201 },
  }),
  withdraw: salesperson.mutation(shape.transferIdInput, shape.transferRequestView, withdrawTransfer, {
    rest: "POST /transfer-requests/:id/withdraw",
  }),
  mine: salesperson.query(shape.transferRequests, myTransfers, { rest: "GET /transfer-requests/mine" }),

  incoming: manager.query(shape.incomingTransfers, incomingTransfers, {
    rest: "GET /transfer-requests/incoming",
  }),
  managerDecide: manager.mutation(shape.managerDecisionInput, shape.transferRequestView, managerDecide, {
    rest: "POST /transfer-requests/:id/manager-decision",
    description:
      'The receiving manager: body `{ decision: "accept" | "decline", reason? }` (a reason to decline).',
  }),

  list: admin.query(shape.transfersListInput, shape.transferList, listTransfers, {
    rest: {
      route: "GET /transfer-requests",
      shape: (list) => ({
        body: list.items,
        headers: { "X-Total-Count": String(list.total), "X-Pending-Count": String(list.pending) },
      }),
      responds: {
        kind: "page",
        headers: { ...TOTAL_COUNT, "X-Pending-Count": "How many requests wait for a decision" },
      },
    },
    description:
      "Administrators: an array with X-Total-Count, and X-Pending-Count (requests waiting for an administrator).",
  }),
  adminDecide: admin.mutation(shape.adminDecisionInput, shape.transferRequestView, adminDecide, {
    rest: "POST /transfer-requests/:id/decision",
    description: 'Administrators: body `{ decision: "approve" | "deny", reason }` (a reason to deny).',
  }),
});
