import { API_SCOPE_INFO, API_SCOPES } from "../../../shared/apiKeys";
import * as shape from "../../../shared/schemas/apiKeys";
import { apiKeyRefInput, createApiKeyInput } from "../../../shared/schemas/apiKeys";
import { router } from "../../trpc/init";
import { managerOrAdmin } from "../../trpc/procedures";
import { createApiKey, listApiKeys, revokeApiKey } from "./service";

/** Integrators' API keys: a dealership manager's (their dealership's) and administrators' (every key). */
export const apiKeysRouter = router({
  scopes: managerOrAdmin.query(shape.apiScopeList, () =>
    API_SCOPES.map((scope) => ({ scope, ...API_SCOPE_INFO[scope] })),
  ),
  list: managerOrAdmin.query(shape.apiKeys, listApiKeys),
  create: managerOrAdmin.mutation(createApiKeyInput, shape.createdApiKey, createApiKey),
  revoke: managerOrAdmin.mutation(apiKeyRefInput, shape.apiKey, (ctx, input) => revokeApiKey(ctx, input.id)),
});
