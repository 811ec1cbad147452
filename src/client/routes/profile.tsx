import { createFileRoute } from "@tanstack/react-router";
import { ProfilePage } from "../features/profile/ProfilePage";
import { RouteError } from "../ui/RouteError";
import { requireSignIn } from "../ui/session";

export const Route = createFileRoute("/profile")({
  beforeLoad: requireSignIn("/login"),
  errorComponent: RouteError,
  component: ProfilePage,
});
