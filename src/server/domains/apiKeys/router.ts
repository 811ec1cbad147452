import { API_SCOPE_INFO, API_SCOPES } from "../../../shared/apiKeys";
import { apiKeyRefInput, createApiKeyInput } from "../../../shared/schemas/apiKeys";
import { dealershipProcedure, router } from "../../trpc/init";
import { createApiKey, listApiKeys, revokeApiKey } from "./service";

/** Integrators' API keys: a dealership manager's (their dealership's) and administrators' (every key). */
export const apiKeysRouter = router({
  scopes: dealershipProcedure.query(() => API_SCOPES.map((scope) => ({ scope, ...API_SCOPE_INFO[scope] }))),
  list: dealershipProcedure.query(({ ctx }) => listApiKeys(ctx)),
  create: dealershipProcedure.input(createApiKeyInput).mutation(({ ctx, input }) => createApiKey(ctx, input)),
  revoke: dealershipProcedure.input(apiKeyRefInput).mutation(({ ctx, input }) => revokeApiKey(ctx, input.id)),
});
