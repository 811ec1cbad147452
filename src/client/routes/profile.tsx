import { createFileRoute, redirect } from "@tanstack/react-router";
import { ProfilePage } from "../features/profile/ProfilePage";

export const Route = createFileRoute("/profile")({
  beforeLoad: ({ context }) => {
    if (!context.me) throw redirect({ to: "/login" });
  },
  component: ProfilePage,
});
