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
 * PostgreSQL's "not now": a statement cancelled at its time limit (often waiting on a lock), no connection slot
 * free, the server shutting down or not yet accepting connections. The request was fine; the database was busy.
 */
const BUSY = new Set(["57014", "53300", "57P01", "57P03"]);

export function databaseBusy(error: unknown): boolean {
  const code = pgErrorCode(error);
  return code !== undefined && BUSY.has(code);
}

export const PG = {
  uniqueViolation: "23505",
  exclusionViolation: "23P01",
  checkViolation: "23514",
  foreignKeyViolation: "23503",
} as const;
