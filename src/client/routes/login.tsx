import { createFileRoute, redirect } from "@tanstack/react-router";
import { z } from "zod";
import { CustomerLoginPage } from "../features/auth/CustomerLoginPage";
import { dashboardPathFor } from "../features/auth/session";

export const Route = createFileRoute("/login")({
  validateSearch: z.object({ token: z.coerce.string().trim().min(1).max(200).optional().catch(undefined) }),
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
