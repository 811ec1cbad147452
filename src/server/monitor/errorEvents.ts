// Server faults written down for the administrators' monitor (error_events): an answer of 500 or more, a job
// that failed for good. Written beside the path that failed, never in it: the insert is not awaited, and its
// own failure is logged, not thrown, so a database in trouble cannot turn one fault into two.
import type { Queryable } from "../db/client";
import type { Logger } from "../logger";

export type ErrorEvent = { source: "request" | "job"; what: string; status?: number | null };

/** Starts the insert and returns at once; the promise it keeps settles quietly either way. */
export function recordErrorEvent(sql: Queryable, logger: Logger, event: ErrorEvent): void {
  const what = event.what.slice(0, 200);
  void Promise.resolve()
    .then(
      () => sql`
        insert into error_events (source, what, status)
        values (${event.source}, ${what}, ${event.status ?? null})`,
    )
    .catch((error: unknown) => logger.warn(`error event could not be recorded (${what})`, error));
}
