// The application router: the generated file-route tree plus shared context (query cache, tRPC utils).
import { createRouter } from "@tanstack/react-router";
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
});

declare module "@tanstack/react-router" {
  interface Register {
    router: typeof router;
  }
}
