// Inputs and answers of the CRM domain: a dealership's integrations, their connection test and sync logs.
// A manager works on their own dealership's integrations; an administrator names the dealership.
import { z } from "zod";
import { CRM_EVENTS, CRM_PROVIDER_CODES, CRM_PROVIDERS, type CrmProviderCode } from "../crm";
import { idSchema, line, listPage, listPaging } from "./common";

const url = (what: string) =>
  line()
    .max(2048)
    .refine((v) => {
      try {
        const u = new URL(v);
        return (
          (u.protocol === "https:" || u.protocol === "http:") &&
          u.hostname !== "" &&
          !u.username &&
          !u.password
        );
      } catch {
        return false;
      }
    }, `${what} must be a full http(s):// address without a user name or password in it`);

/** Credentials (docs/product/crm.md#integration-form): an API key for api_key providers, a username and password for oauth ones. */
const credentialFields = z.strictObject({
  apiKey: line().max(512).optional(),
  username: line().max(256).optional(),
  password: z.string().max(512).optional(),
});
const credentials = credentialFields.default({});

export const createIntegrationInput = z.strictObject({
  /** Administrators only: the dealership (a manager's is their own; a different one is refused). */
  dealershipId: idSchema.optional(),
  crmProvider: z.enum(CRM_PROVIDER_CODES, { error: "Choose a CRM provider" }),
  integrationName: line().min(1, "Integration name is required").max(120),
  apiEndpoint: url("API endpoint"),
  /** Must match the provider's when given. */
  authType: z.enum(["api_key", "oauth"]).optional(),
  credentials,
  supportedEvents: z.array(z.enum(CRM_EVENTS)).max(CRM_EVENTS.length).optional(),
  webhookUrl: z
    .union([url("Webhook URL"), z.literal("")])
    .optional()
    .nullable()
    .transform((v) => v || null),
});

export const updateIntegrationInput = z.strictObject({
  id: idSchema,
  integrationName: line().min(1, "Integration name is required").max(120).optional(),
  apiEndpoint: url("API endpoint").optional(),
  /** Replaces the stored credentials when given; leave out to keep them. */
  credentials: credentialFields.optional(),
  supportedEvents: z.array(z.enum(CRM_EVENTS)).max(CRM_EVENTS.length).optional(),
  webhookUrl: z
    .union([url("Webhook URL"), z.literal("")])
    .optional()
    .nullable()
    .transform((v) => (v === undefined ? undefined : v || null)),
  /** false pauses deliveries; true resumes them. */
  isActive: z.boolean().optional(),
});

export const integrationRefInput = z.strictObject({ id: idSchema });

export const listIntegrationsInput = z.strictObject({ dealershipId: idSchema.optional() }).default({});

export const integrationLogsInput = z.strictObject({
  id: idSchema,
  status: z.enum(["success", "failure"]).optional(),
  ...listPaging,
});

export const resendInput = z.strictObject({ logId: idSchema });

// Answers --------------------------------------------------------------------------------------------------

export const crmEvent = z.enum(CRM_EVENTS);

export const crmIntegration = z.object({
  id: z.number().int(),
  dealershipId: z.number().int(),
  dealershipName: z.string(),
  crmProvider: z.enum(CRM_PROVIDER_CODES),
  integrationName: z.string(),
  apiEndpoint: z.string(),
  authType: z.enum(["api_key", "oauth"]),
  credentials: z
    .object({
      apiKey: z.string().nullable(),
      username: z.string().nullable(),
      password: z.string().nullable(),
    })
    .describe("Which secrets are stored, masked; never the secrets themselves. Null: not stored"),
  supportedEvents: z.array(crmEvent),
  webhookUrl: z.string().nullable(),
  syncStatus: z.string(),
  isActive: z.boolean(),
  lastSyncAt: z.date().nullable(),
  errorMessage: z.string().nullable().describe("The last delivery failure, while failing"),
  signingSecretRotatedAt: z
    .date()
    .nullable()
    .describe(
      "When the signing secret was last replaced (by rotation, or because the dealership's manager changed); null: the one shown at creation",
    ),
  createdAt: z.date(),
});
export type CrmIntegration = z.output<typeof crmIntegration>;

export const crmIntegrations = z.array(crmIntegration);

/** The create and rotate answer: the only time the signing secret of the webhook deliveries is shown. */
export const createdIntegration = crmIntegration.extend({
  signingSecret: z.string().describe("Key of the webhook signatures; answered only now"),
});
export type CreatedIntegration = z.output<typeof createdIntegration>;

export const deletedIntegration = z.object({ deleted: z.number().int().describe("The integration's id") });

export const connectionTest = z.object({
  success: z.boolean(),
  message: z.string(),
  statusCode: z.number().int().nullable().describe("The CRM's HTTP status; null when no answer came"),
  durationMs: z.number(),
});
export type ConnectionTest = z.output<typeof connectionTest>;

export const syncLog = z.object({
  id: z.string().regex(/^\d+$/).describe("A 64-bit id, written as a decimal string"),
  deliveryId: z.string().describe("Identifies one event's delivery across its attempts"),
  status: z.enum(["success", "failure"]),
  eventType: z.string(),
  entityType: z.string(),
  entityId: z.string(),
  attempt: z.number().int(),
  processingTime: z.number().describe("Milliseconds the attempt took"),
  responseCode: z.number().int().nullable().describe("The CRM's HTTP status; null when no answer came"),
  errorDetails: z.string().nullable(),
  createdAt: z.date(),
});
export type SyncLog = z.output<typeof syncLog>;

export const syncLogPage = listPage(syncLog).describe("Delivery attempts, newest first");
export type SyncLogPage = z.output<typeof syncLogPage>;

export const resentDelivery = z.object({
  queued: z.literal(true),
  deliveryId: z.string().describe("The delivery queued again; its attempts appear in the logs"),
});

/** One provider of the catalogue, its fields as the literal values the catalogue gives them. */
const providerEntry = <C extends CrmProviderCode>(code: C) => {
  type Entry = (typeof CRM_PROVIDERS)[C];
  const p: Entry = CRM_PROVIDERS[code];
  return z.object({
    name: z.literal<Entry["name"]>(p.name),
    authType: z.literal<Entry["authType"]>(p.authType),
    webhookSupport: z.literal<Entry["webhookSupport"]>(p.webhookSupport),
    supportedEvents: z.array(crmEvent).readonly().describe("Events this provider can receive"),
    endpointHint: z
      .literal<Entry["endpointHint"]>(p.endpointHint)
      .describe("Where the provider's API usually lives"),
  });
};

export const crmProviders = z
  .object({
    salesforce: providerEntry("salesforce"),
    hubspot: providerEntry("hubspot"),
    dealersocket: providerEntry("dealersocket"),
    vinsolutions: providerEntry("vinsolutions"),
    elead: providerEntry("elead"),
    cdk: providerEntry("cdk"),
    webhook: providerEntry("webhook"),
  })
  .describe("The CRM providers an integration can name, keyed by provider code");
