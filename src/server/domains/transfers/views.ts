import { OPEN_TRANSFER_STATUSES, type TransferRequestView } from "../../../shared/schemas/transfers";
import { appError } from "../../appError";
import type { Queryable } from "../../db/client";
import type { Authed } from "../../serviceContext";

export type SalespersonCtx = Authed & { salespersonId: number };
export type ManagerCtx = Authed & { dealershipId: number };

export const OPEN = OPEN_TRANSFER_STATUSES as readonly string[];

/** The columns of a {@link TransferRequestView}, from `transfer_requests t`, `salespeople s`, `dealerships f, d`. */
export function viewColumns(sql: Queryable) {
  return sql`
    t.id, t.salesperson_id as "salespersonId", s.name as "salespersonName",
    case when f.id is null then null
         else json_build_object('id', f.id, 'name', f.name, 'city', f.city, 'state', f.state) end as "fromDealership",
    case when d.id is null then null
         else json_build_object('id', d.id, 'name', d.name, 'city', d.city, 'state', d.state) end as "toDealership",
    t.status, t.note, t.decision_reason as "decisionReason", t.manager_decided_at as "managerDecidedAt",
    t.admin_decided_at as "adminDecidedAt", t.created_at as "createdAt", t.updated_at as "updatedAt"`;
}

export function viewFrom(sql: Queryable) {
  return sql`
    transfer_requests t
    join salespeople s on s.id = t.salesperson_id
    left join dealerships f on f.id = t.from_dealership_id
    left join dealerships d on d.id = t.to_dealership_id`;
}

export async function transferView(sql: Queryable, id: number): Promise<TransferRequestView> {
  const [row] = await sql<TransferRequestView[]>`
    select ${viewColumns(sql)} from ${viewFrom(sql)} where t.id = ${id}`;
  if (!row) throw appError("NOT_FOUND", "Transfer request not found", "TRANSFER_NOT_FOUND");
  return row;
}

export function notFound() {
  return appError("NOT_FOUND", "Transfer request not found", "TRANSFER_NOT_FOUND");
}

export function alreadyDecided() {
  return appError("CONFLICT", "This transfer request has already been decided.", "TRANSFER_ALREADY_DECIDED");
}
