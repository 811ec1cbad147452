import { createFileRoute, redirect } from "@tanstack/react-router";
import { CustomerLoginPage } from "../features/auth/CustomerLoginPage";
import { dashboardPathFor } from "../features/auth/session";
import { tokenSearch } from "../ui/searchParams";

export const Route = createFileRoute("/login")({
  validateSearch: tokenSearch,
  beforeLoad: ({ context, search }) => {
    if (context.me && !search.token) throw redirect({ to: dashboardPathFor(context.me) });
  },
  component: LoginRoute,
});

function LoginRoute() {
  const { token } = Route.useSearch();
  const navigate = Route.useNavigate();
  return <CustomerLoginPage token={token} stripToken={() => void navigate({ search: {}, replace: true })} />;
}
