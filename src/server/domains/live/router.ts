import * as shape from "../../../shared/schemas/live";
import { router, signedInProcedure } from "../../trpc/init";
import { followLiveEvents } from "./service";

/** tRPC only (a subscription over server-sent events): REST has no twin of it. */
export const liveRouter = router({
  events: signedInProcedure
    .input(shape.liveEventsInput)
    .subscription(({ ctx, input, signal }) =>
      followLiveEvents(ctx, input?.lastEventId ?? null, signal ?? new AbortController().signal),
    ),
});
