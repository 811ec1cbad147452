// The application router: the generated file-route tree plus shared context (query cache, tRPC utils).
import { createRouter, lazyRouteComponent } from "@tanstack/react-router";
import { routeTree } from "./routeTree.gen";
import { queryClient, trpcUtils } from "./trpc";
import { ErrorPage } from "./ui/ErrorPage";
import { NotFoundPage } from "./ui/NotFoundPage";

export const router = createRouter({
  routeTree,
  context: { queryClient, trpcUtils },
  defaultPreload: "intent",
  // React Query owns caching; the router should always ask it.
  defaultPreloadStaleTime: 0,
  scrollRestoration: true,
  defaultNotFoundComponent: NotFoundPage,
  defaultErrorComponent: ErrorPage,
  // What a route shows while its loader runs (after the router's pending delay). It loads only when first
  // shown, keeping it off the landing page's first load.
  defaultPendingComponent: lazyRouteComponent(() => import("./ui/RoutePendingFrame")),
});

declare module "@tanstack/react-router" {
  interface Register {
    router: typeof router;
  }
}
