// A dealership's CRM integrations: created and edited by its manager (or an administrator), credentials sealed
// at rest and only ever answered masked, a real connection test, and event deliveries (delivery.ts) logged per
// attempt. Who may see an integration is the dealership rule of access.ts, in every statement's WHERE.
import { randomBytes } from "node:crypto";
import type { z } from "zod";
import { CRM_PROVIDERS, type CrmEvent, type CrmProviderCode } from "../../../shared/crm";
import type { SessionUser } from "../../../shared/schemas/auth";
import type {
  ConnectionTest,
  CreatedIntegration,
  CrmIntegration,
  createIntegrationInput,
  integrationLogsInput,
  SyncLog,
  SyncLogPage,
  updateIntegrationInput,
} from "../../../shared/schemas/crm";
import { dealershipScope, dealershipScopeSql, dealershipStaffSql } from "../../access";
import { appError } from "../../appError";
import { recordAudit } from "../../auditTrail";
import { bindSealedColumns, rowBinding, type SecretBox } from "../../crypto/secretBox";
import type { Queryable, Sql } from "../../db/client";
import { containsPattern, limitOffset, listPage, pageWindow } from "../../db/search";
import { describeOutboundError, outboundRequest } from "../../http/outbound";
import { QUEUES } from "../../jobs/queue";
import type { Logger } from "../../logger";
import type { Context } from "../../serviceContext";

type Caller = Context & { user: SessionUser };

type Credentials = { apiKey?: string; username?: string; password?: string };

/** The deadline of a connection test or a delivery: connecting, the answer's headers and all of its body. */
export const CRM_TIMEOUT_MS = 10_000;
/** Retries of a failed delivery after the first attempt (the delay doubles each time). */
export const CRM_RETRY_LIMIT = 5;
/**
 * The time limit of one delivery job, past which the queue fails it. A worker takes a batch of jobs and the queue
 * times out the whole batch at its longest limit, so this leaves room for a full batch (20 jobs, 4 at a time)
 * each running to CRM_TIMEOUT_MS, rather than failing deliveries that went through.
 */
export const CRM_JOB_EXPIRE_SECONDS = 120;

/** The sealed columns of an integration. */
type SealedColumn = "credentials_encrypted" | "signing_secret_encrypted";

/** What a sealed value of an integration is bound to: copied into another row or column, it does not open. */
export function crmSecretBinding(integrationId: number, column: SealedColumn): string {
  return rowBinding("crm_integrations", integrationId, column);
}

/** What a manager reads when a sealed value does not open (moved to another row, or sealed under another key). */
export const CREDENTIALS_UNREADABLE =
  "The stored credentials of this integration cannot be read: enter them again";

/** Opens a sealed value of an integration; one that does not open is a clear refusal. */
function openCrmSecret(secrets: SecretBox, integrationId: number, column: SealedColumn, sealed: string) {
  try {
    return secrets.open(sealed, crmSecretBinding(integrationId, column));
  } catch {
    throw appError("CONFLICT", CREDENTIALS_UNREADABLE, "CREDENTIALS_UNREADABLE");
  }
}

function openCredentials(ctx: Caller, integration: { id: number; credentialsEncrypted: string }) {
  return JSON.parse(
    openCrmSecret(ctx.secrets, integration.id, "credentials_encrypted", integration.credentialsEncrypted),
  ) as Credentials;
}

/** The integrations' sealed columns, bound at start (see bindSealedColumns). */
export function bindCrmSecrets(sql: Sql, secrets: SecretBox, logger: Logger): Promise<void> {
  return bindSealedColumns(sql, secrets, logger, {
    table: "crm_integrations",
    key: "id",
    columns: ["credentials_encrypted", "signing_secret_encrypted"] satisfies SealedColumn[],
  });
}

/** An address's origin (scheme, host and port): what credentials are entered for. */
function originOf(address: string): string {
  return new URL(address).origin;
}

function mask(credentials: Credentials): CrmIntegration["credentials"] {
  const username = credentials.username;
  return {
    apiKey: credentials.apiKey ? `••••${credentials.apiKey.slice(-4)}` : null,
    username: username
      ? `${username.slice(0, 1)}•••${username.includes("@") ? username.slice(username.indexOf("@")) : ""}`
      : null,
    password: credentials.password ? "••••••••" : null,
  };
}

function columns(sql: Queryable) {
  return sql`
    i.id, i.dealership_id as "dealershipId", d.name as "dealershipName", i.crm_provider as "crmProvider",
    i.integration_name as "integrationName", i.api_endpoint as "apiEndpoint", i.auth_type as "authType",
    i.credentials_masked as credentials, i.supported_events as "supportedEvents", i.webhook_url as "webhookUrl",
    i.sync_status as "syncStatus", i.is_active as "isActive", i.last_sync_at as "lastSyncAt",
    i.error_message as "errorMessage", i.created_at as "createdAt"`;
}

async function ownIntegration(sql: Queryable, caller: SessionUser, id: number, lock = false) {
  const [row] = await sql<(CrmIntegration & { credentialsEncrypted: string })[]>`
    select ${columns(sql)}, i.credentials_encrypted as "credentialsEncrypted"
      from crm_integrations i join dealerships d on d.id = i.dealership_id
     where i.id = ${id} and ${dealershipStaffSql(sql, caller, "i.dealership_id")}
     ${lock ? sql`for update of i` : sql``}`;
  if (!row) throw appError("NOT_FOUND", "Integration not found", "INTEGRATION_NOT_FOUND");
  return row;
}

function publicFields({
  credentialsEncrypted: _sealed,
  ...row
}: CrmIntegration & { credentialsEncrypted: string }) {
  return row;
}

/** The dealership a call works on: the manager's own; an administrator names one. */
/** The one dealership a change applies to: an administrator must name it. */
async function dealershipFor(ctx: Caller, asked: number | undefined): Promise<number> {
  const scope = await dealershipScope(ctx.sql, ctx.user, asked);
  if (scope.kind === "platform") throw appError("BAD_REQUEST", "Choose the dealership (dealershipId)");
  return scope.dealershipId;
}

/** The form rules of docs/product/crm.md#integration-form, on the server: credentials per auth type, webhooks where supported, https in production. */
function validate(
  ctx: Caller,
  provider: CrmProviderCode,
  fields: {
    apiEndpoint: string;
    webhookUrl: string | null;
    credentials: Credentials;
    supportedEvents: CrmEvent[];
  },
) {
  const spec = CRM_PROVIDERS[provider];
  if (spec.authType === "api_key" && !fields.credentials.apiKey)
    throw appError("BAD_REQUEST", `An API key is required for ${spec.name}`, "CREDENTIALS_REQUIRED");
  if (spec.authType === "oauth" && (!fields.credentials.username || !fields.credentials.password))
    throw appError(
      "BAD_REQUEST",
      `A username and password are required for ${spec.name}`,
      "CREDENTIALS_REQUIRED",
    );
  if (fields.webhookUrl && !spec.webhookSupport)
    throw appError("BAD_REQUEST", `${spec.name} does not take webhooks: leave the webhook URL empty`);
  const unsupported = fields.supportedEvents.filter(
    (e) => !(spec.supportedEvents as readonly string[]).includes(e),
  );
  if (unsupported.length > 0)
    throw appError("BAD_REQUEST", `${spec.name} does not support: ${unsupported.join(", ")}`);
  if (ctx.env.NODE_ENV === "production") {
    for (const [label, value] of [
      ["API endpoint", fields.apiEndpoint],
      ["Webhook URL", fields.webhookUrl],
    ] as const) {
      if (value && !value.startsWith("https://")) throw appError("BAD_REQUEST", `${label} must use https://`);
    }
  }
}

export async function listIntegrations(
  ctx: Caller,
  dealershipId: number | undefined,
): Promise<CrmIntegration[]> {
  const scope = dealershipScopeSql(
    ctx.sql,
    await dealershipScope(ctx.sql, ctx.user, dealershipId),
    "i.dealership_id",
  );
  return ctx.sql<CrmIntegration[]>`
    select ${columns(ctx.sql)} from crm_integrations i join dealerships d on d.id = i.dealership_id
     where ${scope} and ${dealershipStaffSql(ctx.sql, ctx.user, "i.dealership_id")}
     order by i.created_at desc, i.id desc limit 200`;
}

export async function createIntegration(
  ctx: Caller,
  input: z.output<typeof createIntegrationInput>,
): Promise<CreatedIntegration> {
  const dealershipId = await dealershipFor(ctx, input.dealershipId);
  const spec = CRM_PROVIDERS[input.crmProvider];
  if (input.authType && input.authType !== spec.authType)
    throw appError(
      "BAD_REQUEST",
      `${spec.name} uses ${spec.authType === "api_key" ? "an API key" : "OAuth"}`,
    );
  const credentials: Credentials =
    spec.authType === "api_key"
      ? { apiKey: input.credentials.apiKey }
      : { username: input.credentials.username, password: input.credentials.password };
  const supportedEvents = input.supportedEvents?.length
    ? [...new Set(input.supportedEvents)]
    : [...spec.supportedEvents];
  validate(ctx, input.crmProvider, { ...input, credentials, supportedEvents });
  const signingSecret = `kbsec_${randomBytes(24).toString("base64url")}`;

  return ctx.sql.begin(async (tx) => {
    // The id first: the sealed values are bound to it.
    const [next] = await tx<{ id: number }[]>`
      select nextval(pg_get_serial_sequence('crm_integrations', 'id'))::int as id`;
    const id = next!.id;
    const [row] = await tx<{ id: number }[]>`
      insert into crm_integrations ${tx({
        id,
        dealership_id: dealershipId,
        crm_provider: input.crmProvider,
        integration_name: input.integrationName,
        api_endpoint: input.apiEndpoint,
        auth_type: spec.authType,
        credentials_encrypted: ctx.secrets.seal(
          JSON.stringify(credentials),
          crmSecretBinding(id, "credentials_encrypted"),
        ),
        credentials_masked: tx.json(mask(credentials)),
        signing_secret_encrypted: ctx.secrets.seal(
          signingSecret,
          crmSecretBinding(id, "signing_secret_encrypted"),
        ),
        supported_events: supportedEvents,
        webhook_url: input.webhookUrl,
        created_by: ctx.user.id,
      })}
      returning id`;
    const created = publicFields(await ownIntegration(tx, ctx.user, row!.id));
    await recordAudit(ctx, tx, {
      action: "crm_integration.create",
      entityType: "crm_integration",
      entityId: created.id,
      dealershipId,
      after: {
        crmProvider: created.crmProvider,
        integrationName: created.integrationName,
        webhookUrl: created.webhookUrl,
      },
    });
    return { ...created, signingSecret };
  });
}

export async function updateIntegration(
  ctx: Caller,
  input: z.output<typeof updateIntegrationInput>,
): Promise<CrmIntegration> {
  return ctx.sql.begin(async (tx) => {
    const current = await ownIntegration(tx, ctx.user, input.id, true);
    const spec = CRM_PROVIDERS[current.crmProvider];
    const apiEndpoint = input.apiEndpoint ?? current.apiEndpoint;
    const webhookUrl = input.webhookUrl === undefined ? current.webhookUrl : input.webhookUrl;
    // Stored credentials go only to the origins they were entered for: whoever points the integration at
    // another host must know them, or the change would hand them to that host.
    const entrustedTo = new Set(
      [current.apiEndpoint, current.webhookUrl].filter((u) => u !== null).map(originOf),
    );
    const newOrigin = [apiEndpoint, webhookUrl]
      .filter((u) => u !== null)
      .map(originOf)
      .find((origin) => !entrustedTo.has(origin));
    if (newOrigin && !input.credentials)
      throw appError(
        "BAD_REQUEST",
        `The credentials are sent to ${newOrigin} only if you enter them again with this change`,
        "CREDENTIALS_REQUIRED_FOR_NEW_ORIGIN",
      );
    const credentials: Credentials = input.credentials
      ? spec.authType === "api_key"
        ? { apiKey: input.credentials.apiKey }
        : { username: input.credentials.username, password: input.credentials.password }
      : openCredentials(ctx, current);
    const next = {
      apiEndpoint,
      webhookUrl,
      supportedEvents: input.supportedEvents ? [...new Set(input.supportedEvents)] : current.supportedEvents,
      credentials,
    };
    validate(ctx, current.crmProvider, next);
    const isActive = input.isActive ?? current.isActive;
    const syncStatus = !isActive
      ? "paused"
      : input.isActive === true && !current.isActive
        ? "active"
        : current.syncStatus === "paused"
          ? "active"
          : current.syncStatus;
    await tx`
      update crm_integrations set
        integration_name = ${input.integrationName ?? current.integrationName},
        api_endpoint = ${next.apiEndpoint},
        webhook_url = ${next.webhookUrl},
        supported_events = ${next.supportedEvents},
        is_active = ${isActive},
        sync_status = ${syncStatus},
        consecutive_failures = ${isActive && !current.isActive ? 0 : tx`consecutive_failures`},
        ${input.credentials ? tx`credentials_encrypted = ${ctx.secrets.seal(JSON.stringify(credentials), crmSecretBinding(current.id, "credentials_encrypted"))}, credentials_masked = ${tx.json(mask(credentials))},` : tx``}
        updated_at = now()
      where id = ${current.id}`;
    const updated = publicFields(await ownIntegration(tx, ctx.user, current.id));
    const pick = (r: CrmIntegration) => ({
      integrationName: r.integrationName,
      apiEndpoint: r.apiEndpoint,
      webhookUrl: r.webhookUrl,
      supportedEvents: r.supportedEvents,
      isActive: r.isActive,
      credentials: r.credentials,
    });
    await recordAudit(ctx, tx, {
      action:
        input.isActive === false && current.isActive ? "crm_integration.pause" : "crm_integration.update",
      entityType: "crm_integration",
      entityId: current.id,
      dealershipId: current.dealershipId,
      before: pick(current),
      after: pick(updated),
    });
    return updated;
  });
}

export async function deleteIntegration(ctx: Caller, id: number): Promise<{ deleted: number }> {
  return ctx.sql.begin(async (tx) => {
    const current = await ownIntegration(tx, ctx.user, id, true);
    await tx`delete from crm_integrations where id = ${id}`;
    await recordAudit(ctx, tx, {
      action: "crm_integration.delete",
      entityType: "crm_integration",
      entityId: id,
      dealershipId: current.dealershipId,
      before: { crmProvider: current.crmProvider, integrationName: current.integrationName },
    });
    return { deleted: id };
  });
}

/** A real request to the integration's endpoint with its credentials: what happened, in one sentence. */
export async function testIntegration(ctx: Caller, id: number): Promise<ConnectionTest> {
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
      timeoutMs: CRM_TIMEOUT_MS,
      allowPrivate: ctx.env.CRM_ALLOW_PRIVATE_TARGETS,
    });
    const success = answer.status >= 200 && answer.status < 300;
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
    return {
      success: false,
      statusCode: null,
      durationMs: Math.round(performance.now() - started),
      message: `Could not reach ${integration.apiEndpoint}: ${describeOutboundError(error)}`,
    };
  }
}

export async function integrationLogs(
  ctx: Caller,
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
  ctx: Caller,
  logId: number,
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
      entityType: "crm_integration",
      entityId: log.integrationId,
      dealershipId: log.dealershipId,
      after: { deliveryId: log.deliveryId },
    });
    return { queued: true, deliveryId: log.deliveryId };
  });
}
