import { useEffect, useState } from "react";
import type { LiveEvent } from "../../../shared/schemas/live";
import { type TrpcUtils, trpc } from "../../trpc";
import { liveClient } from "./liveClient";

/** `live`: events arrive; `connecting`: the first connection; `reconnecting`: the stream dropped and retries. */
export type LiveState = "connecting" | "live" | "reconnecting";

/** After a refusal (too many open pages, signed out) the page tries again this much later. */
const RETRY_AFTER_REFUSAL_MS = 30_000;

/** What each event makes stale: the queries showing it refetch if on screen, the others when next shown. */
function refresh(utils: ReturnType<typeof trpc.useUtils> | TrpcUtils, event: LiveEvent): void {
  switch (event.kind) {
    case "message":
      void utils.messages.invalidate();
      return;
    case "notification":
      void utils.notifications.list.invalidate();
      return;
    case "appointment":
      void utils.appointments.invalidate();
      void utils.portal.invalidate();
      void utils.manager.invalidate();
      void utils.disputes.invalidate();
      return;
    case "crmSync":
      void utils.crm.invalidate();
      return;
  }
}

/** Follows the signed-in account's live stream for as long as the page is open; answers its state. */
export function useLiveUpdates(): LiveState {
  const utils = trpc.useUtils();
  const [state, setState] = useState<LiveState>("connecting");
  useEffect(() => {
    let retry: ReturnType<typeof setTimeout> | undefined;
    let subscription: { unsubscribe(): void } | null = null;
    const follow = () => {
      subscription = liveClient().live.events.subscribe(undefined, {
        onData: ({ data }) => refresh(utils, data),
        onConnectionStateChange: (connection) => {
          if (connection.state === "pending") setState("live");
          else if (connection.state === "connecting" && connection.error) setState("reconnecting");
        },
        // Refused (or ended by the server): try again later, from the start (what was missed is refetched).
        onError: () => {
          setState("reconnecting");
          retry = setTimeout(follow, RETRY_AFTER_REFUSAL_MS);
        },
        onComplete: () => {
          setState("reconnecting");
          retry = setTimeout(follow, 1000);
        },
      });
    };
    follow();
    return () => {
      clearTimeout(retry);
      subscription?.unsubscribe();
    };
  }, [utils]);
  return state;
}
