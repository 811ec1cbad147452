import { createFileRoute } from "@tanstack/react-router";
import { UnsubscribePage } from "../features/notifications/UnsubscribePage";
import { searchParams, textParam } from "../ui/searchParams";

// No loader: the page reads what the link stops itself, so a link that does not work shows why in place.
export const Route = createFileRoute("/unsubscribe")({
  validateSearch: searchParams({ token: textParam(2000, { coerce: true }) }),
  component: UnsubscribeRoute,
});

function UnsubscribeRoute() {
  const { token } = Route.useSearch();
  return <UnsubscribePage token={token} />;
}
