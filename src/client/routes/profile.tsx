import { createFileRoute } from "@tanstack/react-router";
import { ProfilePage } from "../features/profile/ProfilePage";
import { lazyLoader } from "../routerContext";
import { RouteError } from "../ui/RouteError";
import { requireSignIn } from "../ui/session";

export const Route = createFileRoute("/profile")({
  beforeLoad: requireSignIn("/login"),
  loader: lazyLoader("loadProfile"),
  errorComponent: RouteError,
  component: ProfilePage,
});
