import { createFileRoute, redirect } from "@tanstack/react-router";
import { isLinkPage, LINK_TAKEN_STATE } from "../features/auth/linkRoute";
import { SalespersonPortalPage } from "../features/auth/SalespersonPortalPage";
import { dashboardPathFor } from "../features/auth/session";
import { tokenSearch } from "../ui/searchParams";

export const Route = createFileRoute("/salesperson-login")({
  validateSearch: tokenSearch,
  beforeLoad: ({ context, search, location }) => {
    if (context.me && context.me.role !== "customer" && !isLinkPage(search, location)) {
      throw redirect({ to: dashboardPathFor(context.me) });
    }
  },
  component: SalespersonLoginRoute,
});

function SalespersonLoginRoute() {
  const { token } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <SalespersonPortalPage
      token={token}
      stripToken={() => void navigate({ search: {}, replace: true, state: LINK_TAKEN_STATE })}
    />
  );
}
