import { createFileRoute } from "@tanstack/react-router";
import { ApiKeysPage } from "../features/apiKeys";

export const Route = createFileRoute("/api-keys")({
  component: ApiKeysPage,
});
