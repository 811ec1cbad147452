// Typed tRPC client for the KnowBefore API: React hooks for components, query utils for route guards.
// Only the AppRouter *type* is imported from the server, so no server code reaches the bundle.

import { MutationCache, QueryClient } from "@tanstack/react-query";
import { httpBatchLink, TRPCClientError } from "@trpc/client";
import { createTRPCQueryUtils, createTRPCReact } from "@trpc/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import superjson from "superjson";
import type { AppRouter } from "../server/trpc/root";
import { ErrorKind, type ErrorReason } from "../shared/errorCodes";
import { TRPC_MAX_BATCH } from "../shared/transport";
import { adminAuthHeaders } from "./adminSession";
import { applyFreshness } from "./freshness";

export const trpc = createTRPCReact<AppRouter>();

/** What each procedure answers, for naming the shapes features pass around. */
export type RouterOutputs = inferRouterOutputs<AppRouter>;
/** A namespace of the router ("security") or one procedure's path ("admin.verify"): a typo does not compile. */
export type RouterPath = {
  [N in keyof RouterOutputs & string]: N | `${N}.${keyof RouterOutputs[N] & string}`;
}[keyof RouterOutputs & string];

/** docs/product/api.md#calls: no retries, no refetch on focus, no polling; how fresh each domain is: freshness.ts. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: false,
      refetchOnWindowFocus: false,
      refetchInterval: false,
      staleTime: Number.POSITIVE_INFINITY,
    },
    mutations: { retry: false },
  },
  mutationCache: new MutationCache({
    onSuccess: (_data, _variables, _context, mutation) =>
      import("./refreshes").then((policy) => policy.refreshAfter(queryClient, mutation)),
  }),
});
applyFreshness(queryClient);

export const trpcClient = trpc.createClient({
  links: [
    httpBatchLink({
      url: "/trpc",
      transformer: superjson,
      maxItems: TRPC_MAX_BATCH,
      // docs/product/api.md#calls: every call carries the session cookie; while an administrator is signed in to
      // the console, calls also carry its bearer token (which the server reads before the cookie).
      headers: adminAuthHeaders,
      fetch: (url, options) => fetch(url, { ...options, credentials: "include" } as RequestInit),
    }),
  ],
});

export const trpcUtils = createTRPCQueryUtils({ queryClient, client: trpcClient });
export type TrpcUtils = typeof trpcUtils;

/** The kind of a failed call (ErrorKind.NOT_FOUND, or another of tRPC's codes), or undefined for network failures. */
export function apiErrorCode(error: unknown): ErrorKind | (string & {}) | undefined {
  if (error instanceof TRPCClientError) {
    const code = (error.data as { code?: unknown } | undefined)?.code;
    return typeof code === "string" ? code : undefined;
  }
  return undefined;
}

/** Whether a call failed with one of these kinds. */
export function failedWith(error: unknown, ...kinds: ErrorKind[]): boolean {
  return (kinds as string[]).includes(apiErrorCode(error) ?? "");
}

/** The machine reason of a failed call (e.g. SCHEDULING_CONFLICT), from the server's error formatter. */
export function apiErrorCause(error: unknown): ErrorReason | undefined {
  if (!(error instanceof TRPCClientError)) return undefined;
  const cause = (error.data as { cause?: unknown } | undefined)?.cause;
  return typeof cause === "string" ? (cause as ErrorReason) : undefined;
}

/**
 * The server's own message when it is meant for people (validation, rate limits, conflicts),
 * otherwise the fallback the spec names for that situation.
 */
export function apiErrorMessage(error: unknown, fallback: string): string {
  const code = apiErrorCode(error);
  if (!code || code === ErrorKind.INTERNAL_SERVER_ERROR) return fallback;
  const message = error instanceof Error ? error.message.trim() : "";
  return message.length > 0 && message.length < 300 ? message : fallback;
}
