import { createFileRoute } from "@tanstack/react-router";
import { ApiKeysPage } from "../features/apiKeys";
import { loadApiKeys } from "../routeLoaders";
import { RouteError } from "../ui/RouteError";
import { RoutePending } from "../ui/RoutePending";

export const Route = createFileRoute("/api-keys")({
  loader: loadApiKeys,
  pendingComponent: RoutePending,
  errorComponent: RouteError,
  component: ApiKeysPage,
});
