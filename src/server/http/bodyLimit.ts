// The size limit of request bodies, read the way the Node adapter reads them fastest.
import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";

/**
 * Refuses (with `onError`'s answer) a body over `maxSize` bytes. A body of declared length is judged by its
 * Content-Length, as Hono's bodyLimit judges it (Node's parser reads no more than that), but without first
 * asking for `c.req.raw.body` as Hono's does: on @hono/node-server that builds a web Request and a stream around
 * the body, which the route's own read then goes through instead of the adapter's direct read of the Node
 * request (a sixth of a sign-in link request's time, bench/README.md). Only a chunked body, whose length is
 * not declared, is counted as it comes, by Hono's.
 */
export function declaredBodyLimit(
  maxSize: number,
  onError: (c: Context) => Response | Promise<Response>,
): MiddlewareHandler {
  const countAsItComes = bodyLimit({ maxSize, onError });
  return async (c, next) => {
    const declared = c.req.header("content-length");
    if (declared === undefined || c.req.header("transfer-encoding") !== undefined)
      return countAsItComes(c, next);
    if (Number(declared) > maxSize) {
      // The body is never read, and Node would read and drop all of it to keep the connection: it is closed
      // once the answer is sent instead, so an upload without end is cut there.
      c.header("Connection", "close");
      return onError(c);
    }
    await next();
  };
}
