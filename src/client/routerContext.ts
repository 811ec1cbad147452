// What every route receives in `context`: the query cache and tRPC utils, plus the signed-in user that the root
// route resolves once per navigation; and how a route fills the cache with the queries its page reads.
import type { EnsureQueryDataOptions, QueryClient, QueryKey } from "@tanstack/react-query";
import type { TrpcUtils } from "./trpc";

export type RouterContext = {
  queryClient: QueryClient;
  trpcUtils: TrpcUtils;
};

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

/** Fills the cache with `queries` together: the route waits for all of them and fails if one fails. */
export async function ensureAll(queryClient: QueryClient, queries: readonly { queryKey: QueryKey }[]) {
  // Each carries its own queryFn (tRPC's options); the cache's types cannot name a list of differently typed ones.
  await Promise.all(queries.map((query) => queryClient.ensureQueryData(query as EnsureQueryDataOptions)));
}
