// What every route receives in `context`: the query cache and tRPC utils (whose `queryOptions` loaders hand
// to `queryClient.ensureQueryData`), plus the signed-in user that the root route resolves once per navigation.
import type { QueryClient } from "@tanstack/react-query";
import type { SessionUser } from "../shared/schemas/auth";
import type { TrpcUtils } from "./trpc";

export type RouterContext = {
  queryClient: QueryClient;
  trpcUtils: TrpcUtils;
};

/** A loader's context: the router's, plus `me` from the root route (null when signed out). */
export type RouteLoaderContext = RouterContext & { me: SessionUser | null };

/** A route's own words for its failed or missing states (its `staticData`); each has a generic default. */
export type RouteStateWords = {
  /** "Failed to load Privacy Policy" */
  loadErrorTitle?: string;
  /** "Salesperson Not Found" */
  missingTitle?: string;
  missingDescription?: string;
};

declare module "@tanstack/react-router" {
  interface StaticDataRouteOption extends RouteStateWords {}
}

type RouteLoaders = typeof import("./routeLoaders");

/**
 * A route's loader from routeLoaders.ts, fetched the first time a route needs it (or when a link to it is
 * hovered, which preloads). Route definitions load with every page, the landing page included, which has a
 * JavaScript budget; the loaders and what they import join only when a signed-in page is opened.
 */
export function lazyLoader<Name extends keyof RouteLoaders>(name: Name): RouteLoaders[Name] {
  const load = async (args: Parameters<RouteLoaders[Name]>[0]) => {
    const loaders = await import("./routeLoaders");
    return (loaders[name] as (args: Parameters<RouteLoaders[Name]>[0]) => ReturnType<RouteLoaders[Name]>)(
      args,
    );
  };
  return load as unknown as RouteLoaders[Name];
}
