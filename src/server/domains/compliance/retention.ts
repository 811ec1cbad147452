// Retention policies and the cleanup that enforces them. The daily job (jobs/workers.ts) runs the policies
// whose automatic deletion is on; an administrator's "run cleanup now" runs every policy. Each run is one
// transaction and leaves a row in retention_runs with what each policy removed.

import {
  RETENTION_DATA_TYPES,
  RETENTION_DEFAULTS,
  type RetentionDataType,
  retentionMinDays,
  retentionPeriodProblem,
} from "../../../shared/compliance";
import type { CleanupResult, RetentionPolicyView } from "../../../shared/schemas/compliance";
import { appError } from "../../appError";
import { recordAudit } from "../../auditTrail";
import type { Queryable, Sql } from "../../db/client";
import { IDEMPOTENCY_KEEP_HOURS } from "../../http/idempotency";
import type { Context } from "../../serviceContext";
import { ERASED_NAME, ERASED_TEXT } from "./erasureSteps";

/** The policies start from RETENTION_DEFAULTS the first time they are read. */
export async function ensurePolicies(sql: Queryable): Promise<void> {
  const rows = RETENTION_DATA_TYPES.map((dataType) => ({
    data_type: dataType,
    retention_period_days: RETENTION_DEFAULTS[dataType].days,
    legal_basis: RETENTION_DEFAULTS[dataType].legalBasis,
    auto_delete: RETENTION_DEFAULTS[dataType].autoDelete,
    requires_user_consent: RETENTION_DEFAULTS[dataType].requiresUserConsent,
  }));
  await sql`insert into retention_policies ${sql(rows)} on conflict (data_type) do nothing`;
}

type PolicyRow = {
  dataType: RetentionDataType;
  retentionPeriodDays: number;
  legalBasis: string;
  autoDelete: boolean;
  requiresUserConsent: boolean;
  updatedAt: Date;
};

async function readPolicies(sql: Queryable): Promise<PolicyRow[]> {
  await ensurePolicies(sql);
  const rows = await sql<PolicyRow[]>`
    select data_type as "dataType", retention_period_days as "retentionPeriodDays", legal_basis as "legalBasis",
           auto_delete as "autoDelete", requires_user_consent as "requiresUserConsent", updated_at as "updatedAt"
      from retention_policies`;
  return RETENTION_DATA_TYPES.map((t) => rows.find((r) => r.dataType === t)).filter(
    (r): r is PolicyRow => r !== undefined,
  );
}

/** Policies that delete rows older than the period, by one timestamp column of one table. */
const DELETE_OLDER: Record<Exclude<RetentionDataType, "cancelled_appointments">, [string, string]> = {
  sessions: ["sessions", "last_activity_at"],
  login_tokens: ["login_tokens", "expires_at"],
  security_events: ["security_events", "created_at"],
  audit_entries: ["audit_log", "created_at"],
  messages: ["messages", "created_at"],
  contact_messages: ["contact_messages", "created_at"],
  error_events: ["error_events", "created_at"],
};

/** What each policy removes: the rows past `days`, counted (`count`) or cleaned (`clean`). */
function policySql(sql: Queryable, dataType: RetentionDataType, period: number) {
  // A period stored below its floor (set before the floor existed) is read as the floor.
  const days = Math.max(period, retentionMinDays(dataType));
  const cutoff = sql`now() - make_interval(days => ${days})`;
  if (dataType === "cancelled_appointments") {
    // Cancelled visits stay (their reviews and the salesperson's history) without the customer's details.
    const past = sql`status = 'cancelled' and coalesce(cancelled_at, starts_at) < ${cutoff}
                     and (customer_name <> ${ERASED_NAME} or customer_email is not null or notes is not null)`;
    return {
      count: sql`select count(*)::int as n from appointments where ${past}`,
      clean: sql`update appointments set customer_name = ${ERASED_NAME}, customer_phone = ${ERASED_TEXT},
                        customer_email = null, notes = null
                  where ${past} returning 1`,
    };
  }
  const [table, column] = DELETE_OLDER[dataType];
  return {
    count: sql`select count(*)::int as n from ${sql(table)} where ${sql(column)} < ${cutoff}`,
    clean: sql`delete from ${sql(table)} where ${sql(column)} < ${cutoff} returning 1`,
  };
}

export async function listRetentionPolicies(ctx: { sql: Sql }): Promise<RetentionPolicyView[]> {
  const policies = await readPolicies(ctx.sql);
  return Promise.all(
    policies.map(async (p) => {
      const [due] = await policySql(ctx.sql, p.dataType, p.retentionPeriodDays).count;
      return {
        id: p.dataType,
        ...p,
        label: RETENTION_DEFAULTS[p.dataType].label,
        action: RETENTION_DEFAULTS[p.dataType].action,
        due: (due?.n as number | undefined) ?? 0,
      };
    }),
  );
}

/**
 * Changes a policy's period or automatic deletion. A period below the data type's floor is refused; every
 * change is audited with the policy before and after, in the transaction that makes it.
 */
export async function updateRetentionPolicy(
  ctx: { sql: Sql; user: Context["user"]; ip: Context["ip"] },
  input: { dataType: RetentionDataType; retentionPeriodDays?: number; autoDelete?: boolean },
) {
  if (input.retentionPeriodDays === undefined && input.autoDelete === undefined) {
    throw appError(
      "BAD_REQUEST",
      "Nothing to change: give a period or automatic deletion",
      "NOTHING_TO_CHANGE",
    );
  }
  if (input.retentionPeriodDays !== undefined) {
    const problem = retentionPeriodProblem(input.dataType, input.retentionPeriodDays);
    if (problem) throw appError("BAD_REQUEST", problem, "RETENTION_BELOW_FLOOR");
  }
  await ensurePolicies(ctx.sql);
  await ctx.sql.begin(async (tx) => {
    const [before] = await tx<{ retentionPeriodDays: number; autoDelete: boolean }[]>`
      select retention_period_days as "retentionPeriodDays", auto_delete as "autoDelete"
        from retention_policies where data_type = ${input.dataType} for update`;
    const [after] = await tx<{ retentionPeriodDays: number; autoDelete: boolean }[]>`
      update retention_policies
         set retention_period_days = coalesce(${input.retentionPeriodDays ?? null}::int, retention_period_days),
             auto_delete = coalesce(${input.autoDelete ?? null}::boolean, auto_delete),
             updated_at = now(), updated_by = ${ctx.user?.id ?? null}
       where data_type = ${input.dataType}
       returning retention_period_days as "retentionPeriodDays", auto_delete as "autoDelete"`;
    await recordAudit(ctx, tx, {
      action: "retention_policy.update",
      entityId: input.dataType,
      before,
      after,
    });
  });
  const all = await listRetentionPolicies(ctx);
  return all.find((p) => p.dataType === input.dataType)!;
}

/**
 * Deletes (or anonymises) what is past its period, in one transaction, and records the run. `scheduled`
 * runs only the policies with automatic deletion on; `manual` runs every policy.
 */
export async function runCleanup(
  sql: Sql,
  trigger: "scheduled" | "manual",
  actorUserId: string | null,
): Promise<CleanupResult> {
  return sql.begin(async (tx) => {
    // The audit trail allows deletes only inside a retention run (drizzle/0012_management.sql).
    await tx`select set_config('knowbefore.retention', 'on', true)`;
    // A clean-up after a long pause deletes many rows at once: more than one request's statement may take.
    await tx`set local statement_timeout = 0`;
    const policies = await readPolicies(tx);
    const cleanedRecords = Object.fromEntries(RETENTION_DATA_TYPES.map((t) => [t, 0])) as Record<
      RetentionDataType,
      number
    >;
    for (const p of policies) {
      if (trigger === "scheduled" && !p.autoDelete) continue;
      const rows = await policySql(tx, p.dataType, p.retentionPeriodDays).clean;
      cleanedRecords[p.dataType] = rows.length;
    }
    // Conversations whose every message is gone go with them.
    await tx`
      delete from conversations c
       where not exists (select 1 from messages m where m.conversation_id = c.id)
         and c.last_message_at < now() - make_interval(days => ${
           policies.find((p) => p.dataType === "messages")?.retentionPeriodDays ?? 730
         })`;
    // Kept answers of Idempotency-Key requests, once they can no longer be replayed.
    await tx`delete from idempotency_claims
              where created_at < now() - make_interval(hours => ${IDEMPOTENCY_KEEP_HOURS})`;
    const total = Object.values(cleanedRecords).reduce((a, b) => a + b, 0);
    const [run] = await tx<{ ranAt: Date }[]>`
      insert into retention_runs (trigger, actor_user_id, cleaned, total)
      values (${trigger}, ${actorUserId}, ${tx.json(cleanedRecords)}, ${total})
      returning ran_at as "ranAt"`;
    return { cleanedRecords, total, ranAt: run!.ranAt };
  });
}

export async function lastCleanup(sql: Queryable) {
  const [run] = await sql<
    { ranAt: Date; trigger: string; total: number; cleaned: Record<string, number> }[]
  >`select ran_at as "ranAt", trigger, total, cleaned from retention_runs order by ran_at desc limit 1`;
  return run ?? null;
}
