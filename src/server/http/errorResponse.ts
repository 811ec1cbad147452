// Turns any error raised while answering a REST request into `{ message, code }` with the status that fits.
import { TRPCError } from "@trpc/server";
import { getHTTPStatusCodeFromError } from "@trpc/server/http";
import { HTTPException } from "hono/http-exception";
import { AppError, type PublicError, toPublicError } from "../appError";
import type { Queryable } from "../db/client";
import type { Logger } from "../logger";
import { recordErrorEvent } from "../monitor/errorEvents";

export function toErrorResponse(error: unknown, requestId: string): PublicError {
  if (error instanceof TRPCError) {
    const cause = error.cause;
    return toPublicError(error, requestId, {
      status: getHTTPStatusCodeFromError(error),
      message: error.message,
      code: error.code,
      // A 4xx with a foreign cause was raised by a library (e.g. parsing): its text stays on the server.
      fromLibrary: cause !== undefined && !(cause instanceof AppError),
    });
  }
  if (error instanceof HTTPException) {
    const status = error.status;
    const code =
      status === 413
        ? "PAYLOAD_TOO_LARGE"
        : status === 403
          ? "FORBIDDEN"
          : status === 401
            ? "UNAUTHORIZED"
            : "BAD_REQUEST";
    // Our own adapters raise these with a sentence for people; Hono's own carry no message.
    return toPublicError(error, requestId, {
      status,
      message: error.message || "Bad request",
      code,
      fromLibrary: false,
    });
  }
  return toPublicError(error, requestId);
}

/**
 * What a failed procedure call leaves behind, however it was answered (tRPC's handler, the live stream): an
 * unexpected error logged with its stack and the request's id, and a 5xx counted among the error events.
 */
export function reportProcedureError(
  deps: { sql: Queryable; logger: Logger },
  requestId: string,
  path: string | undefined,
  error: TRPCError,
): void {
  const answer = toErrorResponse(error, requestId);
  if (answer.unexpected !== undefined)
    deps.logger.error(`trpc ${path} failed [request ${requestId}]`, error.cause ?? error);
  if (answer.status >= 500)
    recordErrorEvent(deps.sql, deps.logger, {
      source: "request",
      what: `trpc ${path ?? "unknown"}`,
      status: answer.status,
    });
}
