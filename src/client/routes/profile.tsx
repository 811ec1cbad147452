import { createFileRoute } from "@tanstack/react-router";
import { ProfilePage } from "../features/profile/ProfilePage";
import { loadProfile } from "../routeLoaders";
import { RouteError } from "../ui/RouteError";
import { RoutePending } from "../ui/RoutePending";
import { requireSignIn } from "../ui/session";

export const Route = createFileRoute("/profile")({
  beforeLoad: requireSignIn("/login"),
  loader: loadProfile,
  pendingComponent: RoutePending,
  errorComponent: RouteError,
  component: ProfilePage,
});
