import { createFileRoute, redirect } from "@tanstack/react-router";
import { z } from "zod";
import { SalespersonPortalPage } from "../features/auth/SalespersonPortalPage";
import { dashboardPathFor } from "../features/auth/session";

export const Route = createFileRoute("/salesperson-login")({
  validateSearch: z.object({ token: z.coerce.string().trim().min(1).max(200).optional().catch(undefined) }),
  beforeLoad: ({ context, search }) => {
    if (context.me && context.me.role !== "customer" && !search.token) {
      throw redirect({ to: dashboardPathFor(context.me) });
    }
  },
  component: SalespersonLoginRoute,
});

function SalespersonLoginRoute() {
  const { token } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <SalespersonPortalPage token={token} stripToken={() => void navigate({ search: {}, replace: true })} />
  );
}
