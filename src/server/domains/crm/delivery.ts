// Event delivery to CRM webhooks. `emitCrmEvent` runs inside the transaction of the change it reports and
// queues one job per subscribed integration (so an event exists exactly when its change committed); the worker
// POSTs the JSON body signed with HMAC-SHA256 over `${timestamp}.${body}`, logs every attempt, and throws on
// failure so pg-boss retries with a doubling delay, a bounded number of times. A delivery the CRM has
// acknowledged is never sent again, whichever job comes back to it (a manual re-send beside a pending retry, a
// batch the queue failed after the fact). Receivers verify as docs/crm-webhooks.md shows.
import { createHmac, randomUUID } from "node:crypto";
import {
  CRM_DELIVERY_HEADER,
  CRM_EVENT_HEADER,
  CRM_FAILURES_BEFORE_ERROR,
  CRM_SIGNATURE_HEADER,
  type CrmEvent,
} from "../../../shared/crm";
import type { SecretBox } from "../../crypto/secretBox";
import type { Queryable, Sql } from "../../db/client";
import { describeOutboundError, outboundRequest } from "../../http/outbound";
import { type CrmEventPayload, type JobAttempt, type JobSpec, QUEUES } from "../../jobs/queue";
import type { Logger } from "../../logger";
import type { Context } from "../../serviceContext";
import { CREDENTIALS_UNREADABLE, crmSecretBinding } from "./secrets";
import { CRM_JOB_EXPIRE_SECONDS, CRM_RETRY_LIMIT, CRM_TIMEOUT_MS } from "./service";

/** `env`: the settings events are queued with, for jobs that queue them (the visit-closing job). */
export type CrmDeliveryDeps = {
  sql: Sql;
  secrets: SecretBox;
  logger: Logger;
  allowPrivate: boolean;
  env: Context["env"];
};

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. */
export function signDelivery(secret: string, timestamp: number, body: string): string {
  const v1 = createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");
  return `t=${timestamp},v1=${v1}`;
}

/** The condition that an integration (`i`, a row of crm_integrations) is to be sent events of `type`. */
export function takesEvent(sql: Queryable, type: CrmEvent) {
  return sql`i.is_active and i.webhook_url is not null and ${type} = any(i.supported_events)`;
}

/**
 * Queues the event for every active integration of the salesperson's dealership that takes it, inside `tx`:
 * nothing is sent for a change that rolls back. One indexed query when no integration wants it; the event's
 * data is read only when one does. Salespeople without a dealership have no CRM.
 */
export async function emitCrmEvent(
  ctx: Pick<Context, "jobs" | "env">,
  tx: Queryable,
  event: {
    salespersonId: number;
    type: CrmEvent;
    entityType: string;
    entityId: string | number;
    data: () => Promise<Record<string, unknown>>;
  },
): Promise<void> {
  const targets = await tx<{ id: number; dealershipId: number }[]>`
    select i.id, i.dealership_id as "dealershipId"
      from salespeople s join crm_integrations i on i.dealership_id = s.dealership_id
     where s.id = ${event.salespersonId} and ${takesEvent(tx, event.type)}`;
  if (targets.length === 0) return;
  const data = await event.data();
  for (const target of targets) {
    const { name, data: job, ...options } = crmDeliveryJob(ctx, target, event, data);
    await ctx.jobs.send(name, job, { ...options, within: tx });
  }
}

/** The delivery of one event to one integration, as a job: every attempt of it shares the delivery id. */
export function crmDeliveryJob(
  ctx: Pick<Context, "env">,
  target: { id: number; dealershipId: number },
  event: { type: CrmEvent; entityType: string; entityId: string | number },
  data: Record<string, unknown>,
): Extract<JobSpec, { name: typeof QUEUES.crmDelivery }> {
  const deliveryId = randomUUID();
  const payload: CrmEventPayload = {
    id: deliveryId,
    type: event.type,
    createdAt: new Date().toISOString(),
    dealershipId: target.dealershipId,
    entityType: event.entityType,
    entityId: String(event.entityId),
    data,
  };
  return {
    name: QUEUES.crmDelivery,
    data: { integrationId: target.id, deliveryId, payload },
    retry: { limit: CRM_RETRY_LIMIT, delaySeconds: ctx.env.CRM_RETRY_DELAY_SECONDS },
    expireInSeconds: CRM_JOB_EXPIRE_SECONDS,
  };
}

/** An appointment as a CRM sees it: the visit, the buyer's contact details and the salesperson. */
export type AppointmentCrmData = {
  appointmentId: number;
  appointmentType: string;
  startsAt: Date;
  status: string;
  customerName: string;
  customerEmail: string | null;
  customerPhone: string;
  notes: string | null;
  cancelledBy: string | null;
  cancellationReason: string | null;
  salespersonId: number;
  salespersonName: string;
  salespersonEmail: string;
};

/** An appointment's columns as a CRM sees them ({@link AppointmentCrmData}): `a` the appointment, `s` its salesperson, `u` its buyer. */
const APPOINTMENT_CRM_COLUMNS = `
  a.id as "appointmentId", a.appointment_type as "appointmentType", a.starts_at as "startsAt", a.status,
  a.customer_name as "customerName", coalesce(a.customer_email, u.email) as "customerEmail",
  a.customer_phone as "customerPhone", a.notes, a.cancelled_by as "cancelledBy",
  a.cancellation_reason as "cancellationReason", s.id as "salespersonId", s.name as "salespersonName",
  s.email::text as "salespersonEmail"`;

/** Queues an appointment event (see {@link AppointmentCrmData}) inside `tx`, for the appointment's row. */
export function appointmentCrmEvent(
  ctx: Pick<Context, "jobs" | "env">,
  tx: Queryable,
  appointment: { id: number; salesperson_id: number },
  type: "appointment.created" | "appointment.cancelled" | "appointment.completed",
) {
  return emitCrmEvent(ctx, tx, {
    salespersonId: appointment.salesperson_id,
    type,
    entityType: "appointment",
    entityId: appointment.id,
    data: async () => {
      const [row] = await tx<AppointmentCrmData[]>`
        select ${tx.unsafe(APPOINTMENT_CRM_COLUMNS)}
          from appointments a join salespeople s on s.id = a.salesperson_id
          left join users u on u.id = a.customer_id
         where a.id = ${appointment.id}`;
      return { ...row };
    },
  });
}

/**
 * An appointment event's deliveries as jobs, for a change written in one statement that queues its jobs itself
 * (insertFragment): reads the integrations of the appointment's dealership that take `type`, with the appointment
 * as it is before the change, and answers the jobs for what the change lays over it. One indexed query, read
 * beside the change's own (it may come from a caller the change then refuses: its jobs are then never made).
 */
export async function appointmentCrmJobs(
  ctx: Pick<Context, "env">,
  sql: Queryable,
  appointmentId: number,
  type: "appointment.cancelled",
): Promise<(changed: Partial<AppointmentCrmData>) => JobSpec[]> {
  const rows = await sql<(AppointmentCrmData & { integrationId: number; dealershipId: number })[]>`
    select i.id as "integrationId", i.dealership_id as "dealershipId", ${sql.unsafe(APPOINTMENT_CRM_COLUMNS)}
      from appointments a join salespeople s on s.id = a.salesperson_id
      join crm_integrations i on i.dealership_id = s.dealership_id
      left join users u on u.id = a.customer_id
     where a.id = ${appointmentId} and ${takesEvent(sql, type)}`;
  return (changed) =>
    rows.map(({ integrationId, dealershipId, ...data }) =>
      crmDeliveryJob(
        ctx,
        { id: integrationId, dealershipId },
        { type, entityType: "appointment", entityId: appointmentId },
        { ...data, ...changed },
      ),
    );
}

/** The attempts one delivery job makes: the first and its retries. */
export const CRM_ATTEMPTS = CRM_RETRY_LIMIT + 1;
/** Added to the error of a delivery's last attempt, in its log row. */
export const CRM_GAVE_UP = `no more attempts (${CRM_ATTEMPTS} made): send it again from the sync log`;

/**
 * One attempt of one delivery: logged whatever happens; throws when it failed, so the queue retries it. The last
 * attempt's failure says so in its log row and puts the integration in error at once: the event is not sent
 * again unless someone re-sends it.
 */
export async function deliverCrmEvent(
  deps: CrmDeliveryDeps,
  job: { integrationId: number; deliveryId: string; payload: CrmEventPayload },
  attempt: Pick<JobAttempt, "last">,
): Promise<void> {
  const [acknowledged] = await deps.sql`
    select 1 from crm_sync_logs where delivery_id = ${job.deliveryId} and status = 'success' limit 1`;
  if (acknowledged) return;

  const [integration] = await deps.sql<
    { webhookUrl: string | null; isActive: boolean; credentials: string; secret: string }[]
  >`
    select webhook_url as "webhookUrl", is_active as "isActive", credentials_encrypted as credentials,
           signing_secret_encrypted as secret
      from crm_integrations where id = ${job.integrationId}`;
  // Deleted, paused or without a webhook since the event: nothing to deliver (a resumed one gets new events).
  if (!integration?.webhookUrl || !integration.isActive) return;

  const body = JSON.stringify(job.payload);
  const timestamp = Math.floor(Date.now() / 1000);
  const started = performance.now();
  let responseCode: number | null = null;
  let error: string | null = null;
  let sealed: { apiKey: string | undefined; secret: string } | null = null;
  try {
    const credentials = deps.secrets.open(
      integration.credentials,
      crmSecretBinding(job.integrationId, "credentials_encrypted"),
    );
    sealed = {
      apiKey: (JSON.parse(credentials) as { apiKey?: string }).apiKey,
      secret: deps.secrets.open(
        integration.secret,
        crmSecretBinding(job.integrationId, "signing_secret_encrypted"),
      ),
    };
  } catch {
    error = CREDENTIALS_UNREADABLE;
  }
  if (sealed) {
    const headers: Record<string, string> = {
      "content-type": "application/json",
      [CRM_EVENT_HEADER]: job.payload.type,
      [CRM_DELIVERY_HEADER]: job.deliveryId,
      [CRM_SIGNATURE_HEADER]: signDelivery(sealed.secret, timestamp, body),
      ...(sealed.apiKey ? { authorization: `Bearer ${sealed.apiKey}` } : {}),
    };
    try {
      const answer = await outboundRequest(integration.webhookUrl, {
        method: "POST",
        headers,
        body,
        timeoutMs: CRM_TIMEOUT_MS,
        allowPrivate: deps.allowPrivate,
      });
      responseCode = answer.status;
      // The status line only: the receiver's own text never reaches a log people read.
      if (answer.status < 200 || answer.status >= 300) error = `HTTP ${answer.status}`;
    } catch (failure) {
      error = describeOutboundError(failure);
    }
  }
  const processingTime = Math.round(performance.now() - started);

  const gaveUp = error !== null && attempt.last;
  await deps.sql.begin(async (tx) => {
    const [{ attempts } = { attempts: 0 }] = await tx<{ attempts: number }[]>`
      select count(*)::int as attempts from crm_sync_logs where delivery_id = ${job.deliveryId}`;
    await tx`
      insert into crm_sync_logs ${tx({
        integration_id: job.integrationId,
        delivery_id: job.deliveryId,
        status: error ? "failure" : "success",
        event_type: job.payload.type,
        entity_type: job.payload.entityType,
        entity_id: job.payload.entityId,
        attempt: attempts + 1,
        processing_time_ms: processingTime,
        response_code: responseCode,
        error_details: gaveUp ? `${error}; ${CRM_GAVE_UP}` : error,
        payload: tx.json(job.payload as never),
      })}`;
    if (error) {
      const message = gaveUp
        ? `${job.payload.type} delivery failed ${CRM_ATTEMPTS} times and will not be tried again (${error}): send it again from the sync log`
        : `${job.payload.type} delivery failed: ${error}`;
      await tx`
        update crm_integrations set
          consecutive_failures = consecutive_failures + 1,
          sync_status = case when (consecutive_failures + 1 >= ${CRM_FAILURES_BEFORE_ERROR} or ${gaveUp}) and is_active
                             then 'error' else sync_status end,
          error_message = ${message.slice(0, 500)},
          updated_at = now()
        where id = ${job.integrationId}`;
    } else {
      await tx`
        update crm_integrations set
          consecutive_failures = 0, last_sync_at = now(), error_message = null,
          sync_status = case when is_active then 'active' else sync_status end, updated_at = now()
        where id = ${job.integrationId}`;
    }
  });
  if (error) throw new Error(`CRM delivery ${job.deliveryId} failed: ${error}`);
}
