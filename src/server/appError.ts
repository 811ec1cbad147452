// The one error type business code throws, and the one mapper that turns any error into what a client sees.
// Only an AppError (or an input-validation error) carries its own message to a client; anything else is
// answered as a generic 500 with a request id (or, when the database was too busy to answer in time, a 503 to
// try again), and logged once with its stack.
import { ZodError } from "zod";
import { ERROR_STATUS, type ErrorCode, type ErrorKind, type ErrorReason } from "../shared/errors";
import { databaseUnavailable } from "./db/pgErrors";

/** The error classes business code throws (an unexpected failure is never thrown on purpose). */
export type AppErrorKind = Exclude<ErrorKind, "INTERNAL_SERVER_ERROR">;

/** A failure the caller can act on: a kind (HTTP class), a sentence for people, a stable machine code. */
export class AppError extends Error {
  override readonly name = "AppError";
  constructor(
    readonly kind: AppErrorKind,
    message: string,
    /** Stable machine-readable reason, e.g. SCHEDULING_CONFLICT; REST answers it as `code`. */
    readonly reason?: ErrorReason,
  ) {
    super(message);
  }

  get status(): number {
    return ERROR_STATUS[this.kind];
  }

  /** What REST answers as `code`: the reason where there is one, else the kind. */
  get code(): ErrorCode {
    return this.reason ?? this.kind;
  }
}

export function appError(kind: AppErrorKind, message: string, reason?: ErrorReason): AppError {
  return new AppError(kind, message, reason);
}

/** The body of an error answer written outside the mapper below (a middleware's refusal). */
export function errorBody(message: string, code: ErrorCode) {
  return { message, code };
}

/** A request whose envelope could not be read (bad JSON, a bad superjson payload). */
export const MALFORMED_REQUEST = "Malformed request";
export const INTERNAL_MESSAGE = "Something went wrong on our side";
export const BUSY_MESSAGE = "We're busy right now. Please try again in a moment.";

/** A request the database was too busy (or too far away) to finish (db/pgErrors.ts `databaseUnavailable`): 503. */
export function busyError(): AppError {
  return appError("SERVICE_UNAVAILABLE", BUSY_MESSAGE, "BUSY");
}

/** The first zod issue as a sentence a person can act on. */
export function describeZodError(error: ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "Invalid input";
  if (issue.code === "unrecognized_keys") return `Unknown field: ${issue.keys.join(", ")}`;
  const field = issue.path.join(".");
  return field &&
    !issue.message.toLowerCase().includes(field.toLowerCase()) &&
    issue.message.startsWith("Invalid")
    ? `${field}: ${issue.message}`
    : issue.message;
}

export type PublicError = {
  status: number;
  body: { message: string; code: string; requestId?: string };
  /** Set when the error was not expected: log it with its stack. */
  unexpected?: unknown;
};

/** Finds an AppError or ZodError in an error's cause chain (tRPC wraps what procedures throw). */
function knownCause(error: unknown): AppError | ZodError | null {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    if (current instanceof AppError || current instanceof ZodError) return current;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/**
 * The answer for any error. `transportMessage` is a message the transport itself wrote for a 4xx it
 * raised (tRPC's "No procedure found", Hono's body limit); library and database text never gets through.
 */
export function toPublicError(
  error: unknown,
  requestId: string,
  transport?: { status: number; message: string; code: string; fromLibrary: boolean },
): PublicError {
  const known = knownCause(error);
  if (known instanceof AppError)
    return { status: known.status, body: { message: known.message, code: known.code } };
  if (known instanceof ZodError)
    return { status: 400, body: { message: describeZodError(known), code: "BAD_REQUEST" } };
  if (databaseUnavailable(error)) {
    const busy = busyError();
    return { status: busy.status, body: { message: busy.message, code: busy.code }, unexpected: error };
  }
  if (transport && transport.status >= 400 && transport.status < 500) {
    return transport.fromLibrary
      ? { status: 400, body: { message: MALFORMED_REQUEST, code: "BAD_REQUEST" } }
      : { status: transport.status, body: { message: transport.message, code: transport.code } };
  }
  return {
    status: 500,
    body: { message: INTERNAL_MESSAGE, code: "INTERNAL_SERVER_ERROR", requestId },
    unexpected: error,
  };
}
