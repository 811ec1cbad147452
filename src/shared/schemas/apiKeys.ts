// Inputs and answers of API keys: created named with scopes by a dealership manager or an administrator,
// shown once, listed with when each was last used, revoked.
import { z } from "zod";
import { API_SCOPES } from "../apiKeys";
import { idSchema, line } from "./common";

export const createApiKeyInput = z.strictObject({
  name: line().min(1, "Name the key, e.g. the system that will use it").max(100),
  scopes: z
    .array(z.enum(API_SCOPES, { error: "Unknown scope" }))
    .min(1, "Choose at least one scope")
    .max(API_SCOPES.length),
});

export const apiKeyRefInput = z.strictObject({ id: idSchema });

export const apiKey = z.object({
  id: z.number().int(),
  name: z.string(),
  prefix: z
    .string()
    .describe("The first characters of the key, to recognise it: the key itself is shown once"),
  scopes: z.array(z.enum(API_SCOPES)),
  dealershipId: z
    .number()
    .int()
    .nullable()
    .describe("The dealership the key acts for; null for an administrator's"),
  dealershipName: z.string().nullable(),
  createdBy: z.object({ id: z.string().nullable(), email: z.string().nullable() }),
  createdAt: z.date(),
  lastUsedAt: z.date().nullable(),
  revokedAt: z.date().nullable().describe("Set once revoked: the key is refused from then on"),
});
export type ApiKey = z.output<typeof apiKey>;

export const apiKeys = z.array(apiKey);

/** Answered once, when the key is made. */
export const createdApiKey = apiKey.extend({
  key: z.string().describe("The key itself, answered only now: only its hash is stored"),
});
export type CreatedApiKey = z.output<typeof createdApiKey>;

export const apiScopeList = z.array(
  z.object({ scope: z.enum(API_SCOPES), label: z.string(), description: z.string() }),
);
