// Turns any error into the REST answer `{ message, code }` with the HTTP status that fits.
import { TRPCError } from "@trpc/server";
import { getHTTPStatusCodeFromError } from "@trpc/server/http";
import { HTTPException } from "hono/http-exception";
import { ZodError } from "zod";
import { describeZodError } from "../trpc/init";

export type ErrorBody = { message: string; code: string };

export function toErrorResponse(error: unknown): { status: number; body: ErrorBody } | null {
  if (error instanceof TRPCError) {
    const zod = error.cause instanceof ZodError ? error.cause : null;
    const reason =
      error.cause && !zod && /^[A-Z][A-Z_]+$/.test(error.cause.message) ? error.cause.message : null;
    return {
      status: getHTTPStatusCodeFromError(error),
      body: { message: zod ? describeZodError(zod) : error.message, code: reason ?? error.code },
    };
  }
  if (error instanceof ZodError)
    return { status: 400, body: { message: describeZodError(error), code: "BAD_REQUEST" } };
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
    return { status, body: { message: error.message || "Bad request", code } };
  }
  return null;
}
