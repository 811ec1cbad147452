import { useEffect, useState } from "react";
import type { LiveEventKind } from "../../../shared/schemas/live";
import { type TrpcUtils, trpc } from "../../trpc";
import { followLive, type LiveState } from "./liveClient";

export type { LiveState } from "./liveClient";

const KINDS: readonly LiveEventKind[] = ["message", "notification", "appointment", "crmSync"];

/** Events arriving together (a resume replays many) refresh each query once, this long after the first. */
const BATCH_MS = 50;

/** What each kind of event makes stale: the queries showing it refetch if on screen, the others when shown. */
function refresh(utils: ReturnType<typeof trpc.useUtils> | TrpcUtils, kind: LiveEventKind): void {
  switch (kind) {
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

/** Follows the signed-in account's live stream while the component is shown (signing out unmounts it). */
export function useLiveUpdates(): LiveState {
  const utils = trpc.useUtils();
  const [state, setState] = useState<LiveState>("connecting");
  useEffect(() => {
    const stale = new Set<LiveEventKind>();
    let flush: ReturnType<typeof setTimeout> | undefined;
    const mark = (kinds: readonly LiveEventKind[]) => {
      for (const kind of kinds) stale.add(kind);
      flush ??= setTimeout(() => {
        flush = undefined;
        for (const kind of stale) refresh(utils, kind);
        stale.clear();
      }, BATCH_MS);
    };
    const follower = followLive({
      onEvent: (event) => mark([event.kind]),
      onGap: () => mark(KINDS),
      onState: setState,
    });
    return () => {
      clearTimeout(flush);
      follower.close();
    };
  }, [utils]);
  return state;
}
