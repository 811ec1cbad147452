import { createRootRouteWithContext, Outlet } from "@tanstack/react-router";
import { lazy } from "react";
import type { RouterContext } from "../routerContext";
import { TopBarExtra } from "../ui/layout/TopBar";
import { NotFoundPage } from "../ui/NotFoundPage";
import { loadSessionUser } from "../ui/session";

// The bell and the live stream load after the page: public profiles and other shells stay light.
const NotificationBell = lazy(() => import("../features/live").then((m) => ({ default: m.LiveTopBar })));

export const Route = createRootRouteWithContext<RouterContext>()({
  // Resolved once and cached (auth.me never goes stale); guards below read `context.me`.
  beforeLoad: async ({ context }) => ({ me: await loadSessionUser(context.trpcUtils) }),
  component: Root,
  notFoundComponent: NotFoundPage,
});

function Root() {
  return (
    <TopBarExtra.Provider value={NotificationBell}>
      <Outlet />
    </TopBarExtra.Provider>
  );
}
