// The names of refusals, as values to compare against: `ErrorKind.NOT_FOUND` is "NOT_FOUND". The names are those
// errors.ts declares (one it does not declare does not compile), read as types only, so a page that compares
// against them does not download every reason's description.
import type { ERROR_REASONS, ERROR_STATUS } from "./errors";

export type ErrorKind = keyof typeof ERROR_STATUS;
export type ErrorReason = keyof typeof ERROR_REASONS;
/** What REST answers as `code`: a reason, else the kind. */
export type ErrorCode = ErrorKind | ErrorReason;

/** Each name as its own value: a property read answers its own name. */
function names<K extends string>(): { readonly [N in K]: N } {
  return new Proxy({}, { get: (_, name) => name }) as { readonly [N in K]: N };
}
export const ErrorKind = names<ErrorKind>();
export const ErrorReason = names<ErrorReason>();
