// The size limit of request bodies, read the way the Node adapter reads them fastest.
import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";

/**
 * Refuses (with `onError`'s answer) a body over `maxSize` bytes. A body whose declared length is within the
 * limit goes on without Hono's bodyLimit, which first asks for `c.req.raw.body`: on @hono/node-server that builds
 * a web Request and a stream around the body, which the route's own read then goes through instead of the
 * adapter's direct read of the Node request (a tenth of a sign-in link request's time,
 * docs/operations/runtime-tuning.md). Node's parser reads no more than the declared length, so nothing is left
 * to count. Every other body (chunked, or declared over the limit) goes through Hono's: a chunked one is counted
 * as it comes, and an oversized one is refused before it is read, its connection drained for a moment (so the
 * client reads the 413 before the connection is cut) and then cut by the adapter.
 */
export function declaredBodyLimit(
  maxSize: number,
  onError: (c: Context) => Response | Promise<Response>,
): MiddlewareHandler {
  const limited = bodyLimit({ maxSize, onError });
  return async (c, next) => {
    const declared = c.req.header("content-length");
    if (
      declared === undefined ||
      c.req.header("transfer-encoding") !== undefined ||
      Number(declared) > maxSize
    )
      return limited(c, next);
    await next();
  };
}
