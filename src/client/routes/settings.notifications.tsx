import { createFileRoute } from "@tanstack/react-router";
import { NotificationSettingsPage } from "../features/notifications/NotificationSettingsPage";
import { notificationQueries } from "../features/notifications/queries";
import { ensureAll } from "../routerContext";
import { RouteError } from "../ui/RouteError";

export const Route = createFileRoute("/settings/notifications")({
  loader: ({ context: { me, queryClient } }) =>
    me ? ensureAll(queryClient, [notificationQueries.preferences()]) : undefined,
  errorComponent: RouteError,
  component: NotificationSettingsPage,
});
