// POST /api/crm/inbound/{integrationId}: a dealership's CRM or DMS reports a sale, signed as our outbound
// deliveries are (X-KnowBefore-Signature: t=<unix seconds>,v1=<HMAC-SHA256 of "<t>.<raw body>"> under the
// integration's signing secret; docs/crm-webhooks.md). The event id is stored with its effects in one
// transaction, so a repeat is refused (409) and changes nothing; a timestamp outside the tolerance is refused
// (401), which bounds how long a captured request could be replayed at all. The buyer is the customer account
// with the event's e-mail (a phone alone names nobody) and the salesperson must be at the integration's
// dealership; the sale confirms that buyer's pending claim, or records a confirmed one, and the buyer is told
// (docs/product/crm.md#sale-events).
import { createHmac, timingSafeEqual } from "node:crypto";
import { CRM_INBOUND_TOLERANCE_SECONDS } from "../../../shared/purchases";
import { type CrmSaleEvent, type CrmSaleOutcome, crmSaleEvent } from "../../../shared/schemas/purchases";
import { appError, describeZodError } from "../../appError";
import { recordAudit } from "../../auditTrail";
import type { Queryable } from "../../db/client";
import type { AppDeps } from "../../serviceContext";
import { afterPurchaseConfirmed, tellBuyerPurchaseConfirmed } from "../purchases/confirm";
import { lockSalesperson } from "../reviews/aggregates";
import { crmSecretBinding } from "./secrets";

const UNSIGNED = "Missing or malformed X-KnowBefore-Signature header (t=<unix seconds>,v1=<hex HMAC-SHA256>)";

/** `t` and `v1` of a signature header, or null when it does not have that shape. */
function parseSignature(header: string | undefined): { t: number; v1: string } | null {
  if (!header) return null;
  const parts = new Map(
    header.split(",").map((part) => {
      const at = part.indexOf("=");
      return [part.slice(0, at).trim(), part.slice(at + 1).trim()] as const;
    }),
  );
  const t = parts.get("t");
  const v1 = parts.get("v1");
  if (!t || !/^\d{1,12}$/.test(t) || !v1 || !/^[0-9a-f]{64}$/i.test(v1)) return null;
  return { t: Number(t), v1: v1.toLowerCase() };
}

/** Checks the signature and its timestamp against the integration's secret; refuses with 401 otherwise. */
function verifySignature(secret: string, header: string | undefined, rawBody: string, nowSeconds: number) {
  const signature = parseSignature(header);
  if (!signature) throw appError("UNAUTHORIZED", UNSIGNED, "BAD_SIGNATURE");
  const expected = createHmac("sha256", secret).update(`${signature.t}.${rawBody}`).digest();
  if (!timingSafeEqual(expected, Buffer.from(signature.v1, "hex"))) {
    throw appError("UNAUTHORIZED", "The signature does not match the body", "BAD_SIGNATURE");
  }
  if (Math.abs(nowSeconds - signature.t) > CRM_INBOUND_TOLERANCE_SECONDS) {
    throw appError(
      "UNAUTHORIZED",
      `The signature's timestamp is more than ${CRM_INBOUND_TOLERANCE_SECONDS / 60} minutes from our clock: sign the request when sending it`,
      "STALE_SIGNATURE",
    );
  }
}

function parseEvent(rawBody: string): CrmSaleEvent {
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    throw appError("BAD_REQUEST", "The body is not JSON", "INVALID_INPUT");
  }
  const parsed = crmSaleEvent.safeParse(body);
  if (!parsed.success) throw appError("BAD_REQUEST", describeZodError(parsed.error), "INVALID_INPUT");
  return parsed.data;
}

/**
 * The customer account the event names, by its e-mail only: an account's e-mail is the one identifier it proved
 * (by signing in with it), while the phone on a profile is whatever its holder typed. An event without a known
 * e-mail names nobody, so a sale never lands on (nor shows its vehicle to) an account that typed someone's phone.
 */
async function findBuyer(sql: Queryable, customer: CrmSaleEvent["customer"]): Promise<string | null> {
  if (!customer.email) return null;
  const [byEmail] = await sql<{ id: string }[]>`
    select id from users where email = ${customer.email} and role = 'customer' and disabled_at is null`;
  return byEmail?.id ?? null;
}

export async function receiveSaleEvent(
  deps: Pick<AppDeps, "sql" | "secrets" | "browseCache" | "jobs">,
  request: { integrationId: string; signature: string | undefined; rawBody: string; ip: string | null },
  nowSeconds = Math.floor(Date.now() / 1000),
): Promise<CrmSaleOutcome> {
  const integrationId = /^\d{1,9}$/.test(request.integrationId) ? Number(request.integrationId) : null;
  const [integration] = integrationId
    ? await deps.sql<{ id: number; dealershipId: number; isActive: boolean; secret: string }[]>`
        select id, dealership_id as "dealershipId", is_active as "isActive", signing_secret_encrypted as secret
          from crm_integrations where id = ${integrationId}`
    : [];
  if (!integration) throw appError("NOT_FOUND", "Unknown CRM integration", "INTEGRATION_NOT_FOUND");
  let secret: string;
  try {
    secret = deps.secrets.open(
      integration.secret,
      crmSecretBinding(integration.id, "signing_secret_encrypted"),
    );
  } catch {
    throw appError(
      "CONFLICT",
      "This integration's signing secret cannot be read: its dealership must create the integration again",
      "CREDENTIALS_UNREADABLE",
    );
  }
  verifySignature(secret, request.signature, request.rawBody, nowSeconds);
  if (!integration.isActive) {
    throw appError(
      "FORBIDDEN",
      "This CRM integration is paused: its dealership can resume it",
      "INTEGRATION_INACTIVE",
    );
  }
  const event = parseEvent(request.rawBody);

  const outcome = await deps.sql.begin(async (tx) => {
    const [person] = await tx<{ dealershipId: number | null; name: string }[]>`
      select dealership_id as "dealershipId", name from salespeople where id = ${event.salespersonId}`;
    if (!person || person.dealershipId !== integration.dealershipId) {
      throw appError(
        "UNPROCESSABLE_CONTENT",
        `Salesperson ${event.salespersonId} is not at this integration's dealership`,
        "SALESPERSON_NOT_AT_DEALERSHIP",
      );
    }
    await lockSalesperson(tx, event.salespersonId);
    const [stored] = await tx<{ id: number }[]>`
      insert into crm_inbound_events (integration_id, event_id, outcome)
      values (${integration.id}, ${event.id}, 'received')
      on conflict (integration_id, event_id) do nothing returning id`;
    if (!stored) {
      throw appError("CONFLICT", `Event ${event.id} was already received`, "DUPLICATE_EVENT");
    }
    const customerId = await findBuyer(tx, event.customer);
    if (!customerId) {
      await tx`update crm_inbound_events set outcome = 'no_buyer' where id = ${stored.id}`;
      return { received: true as const, outcome: "no_buyer" as const, purchaseClaimId: null };
    }
    const soldOn = event.soldOn ?? null;
    const [confirmed] = await tx<{ id: number }[]>`
      update purchase_claims
         set status = 'confirmed', decided_at = now(), crm_integration_id = ${integration.id},
             crm_event_id = ${event.id}, purchase_date = coalesce(purchase_date, ${soldOn}::date),
             vehicle = coalesce(vehicle, ${event.vehicle ?? null}), updated_at = now()
       where customer_id = ${customerId} and salesperson_id = ${event.salespersonId} and status = 'pending'
      returning id`;
    const claim =
      confirmed ??
      (
        await tx<{ id: number }[]>`
          insert into purchase_claims ${tx({
            customer_id: customerId,
            salesperson_id: event.salespersonId,
            dealership_id: integration.dealershipId,
            vehicle: event.vehicle ?? null,
            purchase_date: soldOn,
            status: "confirmed",
            source: "crm",
            decided_at: new Date(),
            crm_integration_id: integration.id,
            crm_event_id: event.id,
          })} returning id`
      )[0]!;
    const result = confirmed ? ("confirmed" as const) : ("created" as const);
    await tx`update crm_inbound_events set outcome = ${result}, purchase_claim_id = ${claim.id} where id = ${stored.id}`;
    await recordAudit({ user: null, ip: request.ip }, tx, {
      action: "purchase_claim.crm_confirm",
      entityId: claim.id,
      dealershipId: integration.dealershipId,
      after: { status: "confirmed", integrationId: integration.id, eventId: event.id },
    });
    await afterPurchaseConfirmed(tx, { customerId, salespersonId: event.salespersonId });
    await tellBuyerPurchaseConfirmed(tx, deps.jobs, {
      id: claim.id,
      customerId,
      salespersonName: person.name,
    });
    return { received: true as const, outcome: result, purchaseClaimId: claim.id };
  });
  if (outcome.outcome !== "no_buyer") deps.browseCache.clear();
  return outcome;
}
