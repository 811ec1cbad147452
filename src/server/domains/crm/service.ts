// A dealership's CRM integrations: listed, created, edited and deleted by its manager (or an administrator),
// credentials sealed at rest (secrets.ts) and only ever answered masked. The connection test and the delivery
// log are in attempts.ts, deliveries in delivery.ts. Who may see an integration is the dealership rule of
// access.ts, in every statement's WHERE.
import type { z } from "zod";
import { CRM_PROVIDERS, type CrmEvent, type CrmProviderCode } from "../../../shared/crm";
import type { SessionUser } from "../../../shared/schemas/auth";
import type {
  CreatedIntegration,
  CrmIntegration,
  createIntegrationInput,
  updateIntegrationInput,
} from "../../../shared/schemas/crm";
import { dealershipScope, dealershipScopeSql, dealershipStaffSql } from "../../access";
import { appError } from "../../appError";
import { recordAudit } from "../../auditTrail";
import type { Queryable } from "../../db/client";
import { WORK_BATCH } from "../../jobs/queue";
import type { Authed } from "../../serviceContext";
import {
  type Credentials,
  crmSecretBinding,
  newSigningSecret,
  openCredentials,
  storeSigningSecret,
} from "./secrets";

/**
 * The deadline of one delivery attempt or connection test: connecting, the answer's headers and all of its body
 * (a connection test, which a person waits for, also ends in time for its answer: http/callTimeout.ts).
 */
export const CRM_TIMEOUT_MS = 10_000;
/** Retries of a failed delivery after the first attempt (the delay doubles each time, with jitter). */
export const CRM_RETRY_LIMIT = 5;
/**
 * The time limit of one delivery job, past which the queue fails it. A worker takes a batch of jobs, runs them one
 * after another, and the queue times out the whole batch at its longest limit (failing every job of it, even the
 * ones already delivered): this leaves room for a full batch each running to CRM_TIMEOUT_MS, and a minute more.
 */
export const CRM_JOB_EXPIRE_SECONDS = (WORK_BATCH * CRM_TIMEOUT_MS) / 1000 + 60;

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
    i.error_message as "errorMessage", i.signing_secret_rotated_at as "signingSecretRotatedAt",
    i.created_at as "createdAt"`;
}

export async function ownIntegration(sql: Queryable, caller: SessionUser, id: number, lock = false) {
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

/** The one dealership a change applies to: an administrator must name it. */
async function dealershipFor(ctx: Authed, asked: number | undefined): Promise<number> {
  const scope = await dealershipScope(ctx.sql, ctx.user, asked);
  if (scope.kind === "platform") throw appError("BAD_REQUEST", "Choose the dealership (dealershipId)");
  return scope.dealershipId;
}

/** The form rules of docs/product/crm.md#integration-form, on the server: credentials per auth type, webhooks where supported, https in production. */
function validate(
  ctx: Authed,
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
  ctx: Authed,
  { dealershipId }: { dealershipId?: number | undefined },
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
  ctx: Authed,
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
  const signingSecret = newSigningSecret();

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
  ctx: Authed,
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
      entityId: current.id,
      dealershipId: current.dealershipId,
      before: pick(current),
      after: pick(updated),
    });
    return updated;
  });
}

export async function deleteIntegration(ctx: Authed, { id }: { id: number }): Promise<{ deleted: number }> {
  return ctx.sql.begin(async (tx) => {
    const current = await ownIntegration(tx, ctx.user, id, true);
    await tx`delete from crm_integrations where id = ${id}`;
    await recordAudit(ctx, tx, {
      action: "crm_integration.delete",
      entityId: id,
      dealershipId: current.dealershipId,
      before: { crmProvider: current.crmProvider, integrationName: current.integrationName },
    });
    return { deleted: id };
  });
}

/**
 * Replaces the integration's signing secret: the new one is answered now and never again, and the old one stops
 * working at once (sale events signed with it are refused with 401), so the CRM must be given the new one.
 */
export async function rotateSigningSecret(ctx: Authed, { id }: { id: number }): Promise<CreatedIntegration> {
  const signingSecret = newSigningSecret();
  return ctx.sql.begin(async (tx) => {
    const current = await ownIntegration(tx, ctx.user, id, true);
    await storeSigningSecret(tx, ctx.secrets, current.id, signingSecret);
    const rotated = publicFields(await ownIntegration(tx, ctx.user, current.id));
    await recordAudit(ctx, tx, {
      action: "crm_integration.rotate_secret",
      entityId: current.id,
      dealershipId: current.dealershipId,
      before: { signingSecretRotatedAt: current.signingSecretRotatedAt },
      after: { signingSecretRotatedAt: rotated.signingSecretRotatedAt },
    });
    return { ...rotated, signingSecret };
  });
}
