import { API_SCOPE_INFO, API_SCOPES } from "../../../shared/apiKeys";
import * as shape from "../../../shared/schemas/apiKeys";
import { apiKeyRefInput, createApiKeyInput } from "../../../shared/schemas/apiKeys";
import { managerOrAdminProcedure, router } from "../../trpc/init";
import { answers } from "../../trpc/output";
import { createApiKey, listApiKeys, revokeApiKey } from "./service";

/** Integrators' API keys: a dealership manager's (their dealership's) and administrators' (every key). */
export const apiKeysRouter = router({
  scopes: managerOrAdminProcedure
    .output(answers(shape.apiScopeList))
    .query(() => API_SCOPES.map((scope) => ({ scope, ...API_SCOPE_INFO[scope] }))),
  list: managerOrAdminProcedure.output(answers(shape.apiKeys)).query(({ ctx }) => listApiKeys(ctx)),
  create: managerOrAdminProcedure
    .input(createApiKeyInput)
    .output(answers(shape.createdApiKey))
    .mutation(({ ctx, input }) => createApiKey(ctx, input)),
  revoke: managerOrAdminProcedure
    .input(apiKeyRefInput)
    .output(answers(shape.apiKey))
    .mutation(({ ctx, input }) => revokeApiKey(ctx, input.id)),
});
