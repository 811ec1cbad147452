// The signed-in account's live stream (docs/product/api.md#live-updates): from the event after `lastEventId`
// when the page resumes, else from now; each event carries its cursor as its SSE id.
import { tracked } from "@trpc/server";
import { appError } from "../../appError";
import type { Authed } from "../../serviceContext";
import { formatCursor, isAccountCursor, parseCursor } from "./events";

export async function followLiveEvents(ctx: Authed, lastEventId: string | null, signal: AbortSignal) {
  const cursor = lastEventId ? parseCursor(lastEventId) : null;
  // Well-formed is not enough: a cursor must name one of this account's events (a made-up `1-1` would replay
  // the account's whole retained day; another account's, or one pruned since, names nothing to resume after).
  if (lastEventId && (!cursor || !(await isAccountCursor(ctx.sql, ctx.user.id, cursor))))
    throw appError("BAD_REQUEST", "lastEventId must be an event id this stream sent", "INVALID_CURSOR");
  // Opened before the stream starts, so a refusal (too many streams) answers with its own status.
  const stream = ctx.live.open(ctx.user.id, ctx.session?.id ?? null, cursor, signal);
  return (async function* () {
    for await (const { cursor: at, event } of stream.events()) yield tracked(formatCursor(at), event);
  })();
}
