import { createRootRouteWithContext, Outlet } from "@tanstack/react-router";
import { loadSessionUser } from "../features/auth/session";
import type { RouterContext } from "../routerContext";
import { NotFoundPage } from "../ui/NotFoundPage";

export const Route = createRootRouteWithContext<RouterContext>()({
  // Resolved once and cached (auth.me never goes stale); guards below read `context.me`.
  beforeLoad: async ({ context }) => ({ me: await loadSessionUser(context.trpcUtils) }),
  component: Outlet,
  notFoundComponent: NotFoundPage,
});
