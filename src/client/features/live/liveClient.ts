// The live stream's own tRPC client (docs/product/api.md#live-updates), loaded with the signed-in top bar and
// not with the first page: server-sent events with the session cookie, resumed from the last event on reconnect.
import { createTRPCClient, httpSubscriptionLink } from "@trpc/client";
import superjson from "superjson";
import type { AppRouter } from "../../../server/trpc/root";

let client: ReturnType<typeof createClient> | null = null;

function createClient() {
  return createTRPCClient<AppRouter>({
    links: [
      httpSubscriptionLink({
        url: "/trpc",
        transformer: superjson,
        eventSourceOptions: { withCredentials: true },
      }),
    ],
  });
}

/** The one client of this page, made on first use. */
export function liveClient() {
  client ??= createClient();
  return client;
}
