// Talking to a dealership's CRM on request: a real connection test with the integration's credentials, the
// log of every delivery attempt, and a failed delivery sent again through the queue with its retries.

import type { z } from "zod";
import type { ConnectionTest, integrationLogsInput, SyncLog, SyncLogPage } from "../../../shared/schemas/crm";
import { dealershipStaffSql } from "../../access";
import { appError } from "../../appError";
import { recordAudit } from "../../auditTrail";
import { containsPattern, limitOffset, listPage, pageWindow } from "../../db/search";
import { callTimeout } from "../../http/callTimeout";
import { describeOutboundError, outboundRequest } from "../../http/outbound";
import { QUEUES } from "../../jobs/queue";
import type { Authed } from "../../serviceContext";
import { openCredentials } from "./secrets";
import { CRM_JOB_EXPIRE_SECONDS, CRM_RETRY_LIMIT, CRM_TIMEOUT_MS, ownIntegration } from "./service";

/** A real request to the integration's endpoint with its credentials: what happened, in one sentence. */
export async function testIntegration(ctx: Authed, { id }: { id: number }): Promise<ConnectionTest> {
  const integration = await ownIntegration(ctx.sql, ctx.user, id);
  const credentials = openCredentials(ctx, integration);
  const authorization = credentials.apiKey
    ? `Bearer ${credentials.apiKey}`
    : `Basic ${Buffer.from(`${credentials.username ?? ""}:${credentials.password ?? ""}`).toString("base64")}`;
  const started = performance.now();
  try {
    const answer = await outboundRequest(integration.apiEndpoint, {
      method: "GET",
      headers: { authorization, accept: "application/json" },
      // The person waiting is told what happened before the request's own deadline answers for it.
      timeoutMs: Math.max(callTimeout(CRM_TIMEOUT_MS), 1),
      allowPrivate: ctx.env.CRM_ALLOW_PRIVATE_TARGETS,
    });
    const success = answer.status >= 200 && answer.status < 300;
    ctx.metrics.delivery("crm_test", success ? "ok" : "failed");
    const hint =
      answer.status === 401 || answer.status === 403
        ? ": the endpoint refused the credentials"
        : answer.status === 404
          ? ": nothing answers at that address"
          : "";
    return {
      success,
      statusCode: answer.status,
      durationMs: answer.durationMs,
      message: `${integration.apiEndpoint} answered HTTP ${answer.status} in ${answer.durationMs} ms${hint}`,
    };
  } catch (error) {
    ctx.metrics.delivery("crm_test", "failed");
    return {
      success: false,
      statusCode: null,
      durationMs: Math.round(performance.now() - started),
      message: `Could not reach ${integration.apiEndpoint}: ${describeOutboundError(error)}`,
    };
  }
}

export async function integrationLogs(
  ctx: Authed,
  input: z.output<typeof integrationLogsInput>,
): Promise<SyncLogPage> {
  await ownIntegration(ctx.sql, ctx.user, input.id);
  const window = pageWindow(input);
  const filters = ctx.sql`l.integration_id = ${input.id}
    ${input.status ? ctx.sql`and l.status = ${input.status}` : ctx.sql``}
    ${input.search ? ctx.sql`and (l.event_type ilike ${containsPattern(input.search)} or l.entity_id = ${input.search})` : ctx.sql``}`;
  return listPage(
    window,
    ctx.sql<SyncLog[]>`
      select l.id, l.delivery_id as "deliveryId", l.status, l.event_type as "eventType", l.entity_type as "entityType",
             l.entity_id as "entityId", l.attempt, l.processing_time_ms as "processingTime",
             l.response_code as "responseCode", l.error_details as "errorDetails", l.created_at as "createdAt"
        from crm_sync_logs l where ${filters}
       order by l.created_at desc, l.id desc
       ${limitOffset(ctx.sql, window)}`,
    ctx.sql<{ n: number }[]>`select count(*)::int as n from crm_sync_logs l where ${filters}`,
  );
}

/** Sends a failed delivery again (same delivery id and body), through the queue with its retries. */
export async function resendDelivery(
  ctx: Authed,
  { logId }: { logId: number },
): Promise<{ queued: true; deliveryId: string }> {
  return ctx.sql.begin(async (tx) => {
    const [log] = await tx<
      { integrationId: number; deliveryId: string; status: string; payload: never; dealershipId: number }[]
    >`
      select l.integration_id as "integrationId", l.delivery_id as "deliveryId", l.status, l.payload,
             i.dealership_id as "dealershipId"
        from crm_sync_logs l join crm_integrations i on i.id = l.integration_id
       where l.id = ${logId} and ${dealershipStaffSql(tx, ctx.user, "i.dealership_id")}`;
    if (!log) throw appError("NOT_FOUND", "Delivery not found", "DELIVERY_NOT_FOUND");
    if (log.status !== "failure")
      throw appError("CONFLICT", "Only a failed delivery can be sent again", "NOT_FAILED");
    const [delivered] = await tx`
      select 1 from crm_sync_logs where delivery_id = ${log.deliveryId} and status = 'success' limit 1`;
    if (delivered)
      throw appError("CONFLICT", "This event was delivered on a later attempt", "ALREADY_DELIVERED");
    await ctx.jobs.send(
      QUEUES.crmDelivery,
      { integrationId: log.integrationId, deliveryId: log.deliveryId, payload: log.payload },
      {
        within: tx,
        retry: { limit: CRM_RETRY_LIMIT, delaySeconds: ctx.env.CRM_RETRY_DELAY_SECONDS },
        expireInSeconds: CRM_JOB_EXPIRE_SECONDS,
      },
    );
    await recordAudit(ctx, tx, {
      action: "crm_integration.resend",
      entityId: log.integrationId,
      dealershipId: log.dealershipId,
      after: { deliveryId: log.deliveryId },
    });
    return { queued: true, deliveryId: log.deliveryId };
  });
}
