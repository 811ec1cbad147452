import { createFileRoute } from "@tanstack/react-router";
import { InvitationAcceptPage } from "../features/invitations/InvitationAcceptPage";
import { tokenSearch } from "../ui/searchParams";

// No loader: the page reads the invitation through a POST once the token has left the address bar, as the
// sign-in link pages do, so the token never sits in a URL, a history entry or an access log.
export const Route = createFileRoute("/invitations/accept")({
  validateSearch: tokenSearch,
  component: InvitationAcceptPage,
});
