// The audit trail: every manager and admin change writes exactly one row, in the same transaction as the
// change (pass the transaction), so a change and its record commit or roll back together.
import type { AuditEntityType } from "../shared/schemas/auditTrail";
import type { Queryable } from "./db/client";
import type { Context } from "./serviceContext";

/**
 * `entity.verb`, e.g. `salesperson.add`, `dealership.delete`, `transfer.approve`: the row's entity type is
 * the part before the dot.
 */
export type AuditAction = `${AuditEntityType}.${string}`;

export type AuditEntry = {
  action: AuditAction;
  entityId: string | number;
  /** The dealership the change concerns, if any (managers see their dealership's trail). */
  dealershipId?: number | null;
  reason?: string | null;
  /** The row's relevant fields before and after (omit what did not exist). */
  before?: unknown;
  after?: unknown;
};

export async function recordAudit(
  ctx: Pick<Context, "user" | "ip">,
  tx: Queryable,
  entry: AuditEntry,
): Promise<void> {
  const entityType = entry.action.slice(0, entry.action.indexOf("."));
  await tx`
    insert into audit_log (actor_user_id, actor_role, action, entity_type, entity_id, dealership_id, reason,
                           before, after, ip_address)
    values (${ctx.user?.id ?? null}, ${ctx.user?.role ?? "system"}, ${entry.action}, ${entityType},
            ${String(entry.entityId)}, ${entry.dealershipId ?? null}, ${entry.reason ?? null},
            ${entry.before === undefined ? null : tx.json(entry.before as never)},
            ${entry.after === undefined ? null : tx.json(entry.after as never)}, ${ctx.ip})`;
}
