import { createFileRoute } from "@tanstack/react-router";
import { ApiKeysPage } from "../features/apiKeys";
import { apiKeyQueries } from "../features/apiKeys/queries";
import { ensureAll } from "../routerContext";
import { RouteError } from "../ui/RouteError";

export const Route = createFileRoute("/api-keys")({
  loader: ({ context: { me, queryClient } }) => {
    if (me?.role !== "admin" && me?.managedDealershipId == null) return;
    return ensureAll(queryClient, [apiKeyQueries.scopes(), apiKeyQueries.list()]);
  },
  errorComponent: RouteError,
  component: ApiKeysPage,
});
