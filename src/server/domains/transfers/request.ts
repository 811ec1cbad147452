// The salesperson's side of a transfer: ask to move (or to go independent), withdraw, list their own.
import type { z } from "zod";
import type { TransferStatus } from "../../../shared/constants";
import { links } from "../../../shared/links";
import type { requestTransferInput, TransferRequestView } from "../../../shared/schemas/transfers";
import { appError } from "../../appError";
import { PG, pgErrorCode } from "../../db/pgErrors";
import type { DealershipRow, SalespersonRow } from "../../db/rows";
import { QUEUES } from "../../jobs/queue";
import { notify } from "../notifications/notify";
import { notFound, OPEN, type SalespersonCtx, transferView, viewColumns, viewFrom } from "./views";

// The salesperson ---------------------------------------------------------------------------------------

export async function requestTransfer(
  ctx: SalespersonCtx,
  input: z.output<typeof requestTransferInput>,
): Promise<TransferRequestView> {
  let id: number;
  try {
    id = await ctx.sql.begin(async (tx) => {
      // Locked: two requests of one salesperson at the same moment are taken one after the other.
      const [me] = await tx<Pick<SalespersonRow, "id" | "name" | "dealership_id">[]>`
        select id, name, dealership_id from salespeople where id = ${ctx.salespersonId} for update`;
      if (!me) throw appError("NOT_FOUND", "Salesperson Not Found", "SALESPERSON_NOT_FOUND");
      if (input.toDealershipId === me.dealership_id) {
        throw appError(
          "BAD_REQUEST",
          me.dealership_id === null
            ? "You already work independently. Choose a dealership to join."
            : "You already work at this dealership. Choose another one.",
          "SAME_DEALERSHIP",
        );
      }
      let target: Pick<DealershipRow, "id" | "name"> | undefined;
      if (input.toDealershipId !== null) {
        [target] = await tx<Pick<DealershipRow, "id" | "name">[]>`
          select id, name from dealerships where id = ${input.toDealershipId}`;
        if (!target) throw appError("NOT_FOUND", "Dealership not found", "DEALERSHIP_NOT_FOUND");
      }
      const [open] = await tx`
        select 1 as found from transfer_requests
         where salesperson_id = ${me.id} and status in ${tx(OPEN)}`;
      if (open) throw openRequestConflict();

      const status: TransferStatus = target ? "awaiting_manager" : "awaiting_admin";
      const [row] = await tx<{ id: number }[]>`
        insert into transfer_requests (salesperson_id, from_dealership_id, to_dealership_id, status, note)
        values (${me.id}, ${me.dealership_id}, ${target?.id ?? null}, ${status}, ${input.note})
        returning id`;
      if (target) {
        await notify(tx, {
          to: { managerOf: target.id },
          type: "transfer_request",
          title: "New transfer request",
          body: `${me.name} asks to join ${target.name}.`,
          link: links.managerDashboard(),
        });
        await ctx.jobs.send(
          QUEUES.transferNotice,
          { transferId: row!.id, event: "requested" },
          { within: tx },
        );
      }
      return row!.id;
    });
  } catch (error) {
    // The partial unique index has the last word: one open request per salesperson.
    if (pgErrorCode(error) === PG.uniqueViolation) throw openRequestConflict();
    throw error;
  }
  return transferView(ctx.sql, id);
}

function openRequestConflict() {
  return appError(
    "CONFLICT",
    "You already have an open transfer request. Withdraw it before making a new one.",
    "TRANSFER_ALREADY_OPEN",
  );
}

export async function withdrawTransfer(
  ctx: SalespersonCtx,
  { id }: { id: number },
): Promise<TransferRequestView> {
  const [row] = await ctx.sql<{ id: number }[]>`
    update transfer_requests set status = 'withdrawn', updated_at = now()
     where id = ${id} and salesperson_id = ${ctx.salespersonId} and status in ${ctx.sql(OPEN)}
    returning id`;
  if (!row) {
    // Someone else's request answers as a missing one does: the answer never tells which ids exist.
    const [mine] = await ctx.sql`
      select 1 as found from transfer_requests where id = ${id} and salesperson_id = ${ctx.salespersonId}`;
    if (!mine) throw notFound();
    throw appError(
      "CONFLICT",
      "This transfer request is no longer open and can't be withdrawn.",
      "TRANSFER_ALREADY_DECIDED",
    );
  }
  return transferView(ctx.sql, id);
}

/** The salesperson's own requests, newest first. */
export async function myTransfers(ctx: SalespersonCtx): Promise<TransferRequestView[]> {
  return ctx.sql<TransferRequestView[]>`
    select ${viewColumns(ctx.sql)} from ${viewFrom(ctx.sql)}
     where t.salesperson_id = ${ctx.salespersonId}
     order by t.created_at desc, t.id desc
     limit 50`;
}
