import { createFileRoute, redirect } from "@tanstack/react-router";
import { CustomerLoginPage } from "../features/auth/CustomerLoginPage";
import { isLinkPage, LINK_TAKEN_STATE } from "../features/auth/linkRoute";
import { dashboardPathFor } from "../features/auth/session";
import { tokenSearch } from "../ui/searchParams";

export const Route = createFileRoute("/login")({
  validateSearch: tokenSearch,
  beforeLoad: ({ context, search, location }) => {
    if (context.me && !isLinkPage(search, location)) throw redirect({ to: dashboardPathFor(context.me) });
  },
  component: LoginRoute,
});

function LoginRoute() {
  const { token } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <CustomerLoginPage
      token={token}
      stripToken={() => void navigate({ search: {}, replace: true, state: LINK_TAKEN_STATE })}
    />
  );
}
