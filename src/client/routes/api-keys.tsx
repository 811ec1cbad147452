import { createFileRoute } from "@tanstack/react-router";
import { ApiKeysPage } from "../features/apiKeys";
import { lazyLoader } from "../routerContext";
import { RouteError } from "../ui/RouteError";

export const Route = createFileRoute("/api-keys")({
  loader: lazyLoader("loadApiKeys"),
  errorComponent: RouteError,
  component: ApiKeysPage,
});
