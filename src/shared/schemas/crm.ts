// Inputs and answers of the CRM domain: a dealership's integrations, their connection test and sync logs.
// A manager works on their own dealership's integrations; an administrator names the dealership.
import { z } from "zod";
import {
  CRM_EVENTS,
  CRM_PROVIDER_CODES,
  type CrmAuthType,
  type CrmEvent,
  type CrmProviderCode,
} from "../crm";
import { idSchema, line, listPaging } from "./common";

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

/** SPEC.md's credentials: an API key for api_key providers, a username and password for oauth ones. */
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

export type CrmIntegration = {
  id: number;
  dealershipId: number;
  dealershipName: string;
  crmProvider: CrmProviderCode;
  integrationName: string;
  apiEndpoint: string;
  authType: CrmAuthType;
  /** Never the secrets themselves: which ones are stored, masked. */
  credentials: { apiKey: string | null; username: string | null; password: string | null };
  supportedEvents: CrmEvent[];
  webhookUrl: string | null;
  syncStatus: string;
  isActive: boolean;
  lastSyncAt: Date | null;
  errorMessage: string | null;
  createdAt: Date;
};

/** The create answer: the only time the signing secret of the webhook deliveries is shown. */
export type CreatedIntegration = CrmIntegration & { signingSecret: string };

export type ConnectionTest = {
  success: boolean;
  message: string;
  statusCode: number | null;
  durationMs: number;
};

export type SyncLog = {
  id: number;
  deliveryId: string;
  status: "success" | "failure";
  eventType: string;
  entityType: string;
  entityId: string;
  attempt: number;
  processingTime: number;
  responseCode: number | null;
  errorDetails: string | null;
  createdAt: Date;
};

export type SyncLogPage = { items: SyncLog[]; total: number; page: number; pageSize: number };
