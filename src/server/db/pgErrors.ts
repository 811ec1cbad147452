// Reads PostgreSQL error codes through drizzle's and postgres.js's wrappers.

export function pgErrorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * PostgreSQL's "not now": a statement cancelled at its time limit (often waiting on a lock) or withdrawn at its
 * request's deadline, or no connection slot free. The request was fine; the database was busy.
 */
const BUSY = new Set(["57014", "53300", "DEADLINE_EXCEEDED", "DATABASE_UNREACHABLE"]);

/**
 * The database is away: shutting down, crashed or still starting (57P01-57P03), a connection failure (class 08),
 * or, from the driver and the network, a connection refused, dropped or not answered in time, or refused at once
 * while the pool knows the database is away (db/deadlines.ts).
 */
const AWAY = new Set([
  "57P01",
  "57P02",
  "57P03",
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EAI_AGAIN",
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
  "CONNECT_TIMEOUT",
]);

function codesOf(error: unknown): string[] {
  const codes: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string") codes.push(code);
    current = (current as { cause?: unknown }).cause;
  }
  return codes;
}

/** Whether an error says the database could not be reached (as opposed to a statement it refused). */
export function databaseAway(error: unknown): boolean {
  return codesOf(error).some((code) => AWAY.has(code) || /^08[0-9A-Z]{3}$/.test(code));
}

/** Whether an error means the database was too busy or could not be reached: 503, to be tried again. */
export function databaseUnavailable(error: unknown): boolean {
  return codesOf(error).some((code) => BUSY.has(code) || AWAY.has(code) || /^08[0-9A-Z]{3}$/.test(code));
}

export const PG = {
  uniqueViolation: "23505",
  exclusionViolation: "23P01",
  checkViolation: "23514",
  foreignKeyViolation: "23503",
} as const;
