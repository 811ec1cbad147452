// Inputs and answers of API keys: created named with scopes by a dealership manager or an administrator,
// shown once, listed with when each was last used, revoked.
import { z } from "zod";
import { API_SCOPES, type ApiScope } from "../apiKeys";
import { idSchema, line } from "./common";

export const createApiKeyInput = z.strictObject({
  name: line().min(1, "Name the key, e.g. the system that will use it").max(100),
  scopes: z
    .array(z.enum(API_SCOPES, { error: "Unknown scope" }))
    .min(1, "Choose at least one scope")
    .max(API_SCOPES.length),
});

export const apiKeyRefInput = z.strictObject({ id: idSchema });

export type ApiKey = {
  id: number;
  name: string;
  /** The first characters of the key, to recognise it: the key itself is shown once, at creation. */
  prefix: string;
  scopes: ApiScope[];
  dealershipId: number | null;
  dealershipName: string | null;
  createdBy: { id: string | null; email: string | null };
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
};

/** Answered once, when the key is made. */
export type CreatedApiKey = ApiKey & { key: string };
