import { createFileRoute } from "@tanstack/react-router";
import { StopReviewInvitationsPage } from "../features/appointments/StopReviewInvitationsPage";
import { searchParams, textParam } from "../ui/searchParams";

// No loader: nothing is read before the click; the click itself answers whose invitations stopped.
export const Route = createFileRoute("/review-invitations/stop")({
  validateSearch: searchParams({ token: textParam(2000, { coerce: true }) }),
  component: StopReviewInvitationsRoute,
});

function StopReviewInvitationsRoute() {
  const { token } = Route.useSearch();
  return <StopReviewInvitationsPage token={token} />;
}
