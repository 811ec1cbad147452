import { createFileRoute } from "@tanstack/react-router";
import { GroupPage, groupQueries } from "../features/groups";
import { RouteError } from "../ui/RouteError";
import { requireSignIn } from "../ui/session";

export const Route = createFileRoute("/group")({
  // The dealer group's page, for its people: signed-out visitors sign in at the portal first.
  beforeLoad: requireSignIn("/salesperson-login"),
  loader: ({ context: { me, queryClient } }) =>
    me?.groupId != null ? queryClient.ensureQueryData(groupQueries.mine()) : undefined,
  errorComponent: RouteError,
  component: GroupPage,
});
