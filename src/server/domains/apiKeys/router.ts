import { API_SCOPE_INFO, API_SCOPES } from "../../../shared/apiKeys";
import * as shape from "../../../shared/schemas/apiKeys";
import { managerOrAdmin, taggedRouter } from "../../trpc/procedures";
import { createApiKey, listApiKeys, revokeApiKey } from "./service";

/** Integrators' API keys: a dealership manager's (their dealership's) and administrators' (every key). */
export const apiKeysRouter = taggedRouter("API keys", {
  scopes: managerOrAdmin.query(
    shape.apiScopeList,
    () => API_SCOPES.map((scope) => ({ scope, ...API_SCOPE_INFO[scope] })),
    { rest: "GET /api-keys/scopes" },
  ),
  list: managerOrAdmin.query(shape.apiKeys, listApiKeys, { rest: "GET /api-keys" }),
  create: managerOrAdmin.mutation(shape.createApiKeyInput, shape.createdApiKey, createApiKey, {
    rest: { route: "POST /api-keys", status: 201 },
    description: "Answers the key once, in `key`; only its hash is stored.",
  }),
  revoke: managerOrAdmin.mutation(shape.apiKeyRefInput, shape.apiKey, revokeApiKey, {
    rest: "DELETE /api-keys/:id",
  }),
});
