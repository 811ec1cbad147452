// Every request answers by its deadline (deadline.ts): a request still running then has what it sent to the
// database cancelled and what it had not yet sent withdrawn, and answers 503 with Retry-After, in the shape its
// caller reads (REST's `{ message, code }`, tRPC's error envelope). What had reached the database gets a moment
// (CANCEL_GRACE_MS) to answer its cancellation, since it may have finished first and its caller must then not be
// told otherwise. docs/operations/outages.md.
import { TRPC_ERROR_CODES_BY_KEY } from "@trpc/server/rpc";
import type { MiddlewareHandler } from "hono";
import { BUSY_MESSAGE, busyError } from "../appError";
import { expire, newBudget, withBudget } from "../deadline";
import type { Logger } from "../logger";
import type { AppEnv } from "./honoRequest";

/** Seconds a client is asked to wait before trying again after a 503. */
export const RETRY_AFTER_SECONDS = 1;
/**
 * How long past its deadline a request waits for what it had sent to the database to answer its cancellation
 * (an error at once from a live database) before answering 503 regardless.
 */
export const CANCEL_GRACE_MS = 500;
/** Uploads may take this many times REQUEST_TIMEOUT_MS: their bodies come over a phone's uplink. */
export const UPLOAD_TIMEOUT_FACTOR = 6;

/** The 503 of a request past its deadline, as tRPC's client reads an error (one entry per call of a batch). */
function trpcBusyBody(url: URL): unknown {
  const paths = decodeURIComponent(url.pathname.slice("/trpc/".length)).split(",");
  const envelope = (path: string) => ({
    error: {
      json: {
        message: BUSY_MESSAGE,
        code: TRPC_ERROR_CODES_BY_KEY.SERVICE_UNAVAILABLE,
        data: { code: "SERVICE_UNAVAILABLE", httpStatus: 503, path, cause: busyError().reason },
      },
    },
  });
  return url.searchParams.get("batch") === "1" ? paths.map(envelope) : envelope(paths[0] ?? "");
}

/**
 * The middleware; `timeoutFor` says how long a request may take (uploads longer than the rest). The live
 * stream answers at once with its stream, which then runs on without a deadline.
 */
export function requestDeadline(
  logger: Logger,
  timeoutFor: (method: string, path: string) => number,
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const timeoutMs = timeoutFor(c.req.method, c.req.path);
    const budget = newBudget(timeoutMs);
    const handled = withBudget(budget, next).then(
      () => true,
      (error: unknown) => {
        logger.warn(`${c.req.method} ${c.req.path}: failed after its deadline`, error);
        return true;
      },
    );
    let settled = await within(handled, timeoutMs);
    // Past the deadline. What had reached the database is cancelled; its outcome (an error at once, or success
    // if it finished first) is then the answer, if it comes within a moment.
    if (!settled && expire(budget)) settled = await within(handled, CANCEL_GRACE_MS);
    if (!settled) {
      logger.warn(`${c.req.method} ${c.req.path}: no answer within ${timeoutMs} ms; answered 503`);
      c.header("Retry-After", String(RETRY_AFTER_SECONDS));
      const url = new URL(c.req.url);
      return url.pathname.startsWith("/trpc/")
        ? c.json(trpcBusyBody(url), 503)
        : c.json({ message: BUSY_MESSAGE, code: busyError().code }, 503);
    }
    // Answered: no deadline from here on (a stream's later reads, say).
    budget.deadline = Number.POSITIVE_INFINITY;
    if (c.res.status === 503 && !c.res.headers.has("retry-after"))
      c.res.headers.set("Retry-After", String(RETRY_AFTER_SECONDS));
  };
}

/** Whether `work` settles within `ms`. */
async function within(work: Promise<boolean>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(resolve, ms, false);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}
