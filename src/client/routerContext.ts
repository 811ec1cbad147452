// What every route receives in `context`: the query cache and tRPC utils (for guards and loaders),
// plus the signed-in user that the root route resolves once per navigation.
import type { QueryClient } from "@tanstack/react-query";
import type { TrpcUtils } from "./trpc";

export type RouterContext = {
  queryClient: QueryClient;
  trpcUtils: TrpcUtils;
};
