// Structured logs on pino: one JSON object per line (time, level, msg, and `err` with its stack), with the id
// of the request being handled on every line logged while it is, and secrets redacted by field name. A person
// watching a terminal reads the same entries as one readable line each (pino-pretty); files, pipes and log
// collectors get the JSON.
import { AsyncLocalStorage } from "node:async_hooks";
import pino from "pino";
import { prettyFactory } from "pino-pretty";

export type LogLevel = "debug" | "info" | "warn" | "error" | "silent";
type EmittedLevel = Exclude<LogLevel, "silent">;
export type Logger = Record<EmittedLevel, (message: string, extra?: unknown) => void>;

// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;

/**
 * Escapes control characters (newline included) as \n, \r, \t or \u00XX. Every escape is also a JSON escape,
 * so a serialized line stays valid JSON and text from a request can never break it into lines of its own.
 */
export function escapeControl(text: string): string {
  return text.replace(CONTROL, (ch) => {
    if (ch === "\n") return "\\n";
    if (ch === "\r") return "\\r";
    if (ch === "\t") return "\\t";
    return `\\u${ch.charCodeAt(0).toString(16).padStart(4, "0")}`;
  });
}

/**
 * The request being handled, carried across awaits so that services (which get only the logger) log its id,
 * and, when tracing is on, its trace and span (observability/tracing.ts).
 */
type RequestScope = { requestId: string; traceId?: string; spanId?: string };
const requestScope = new AsyncLocalStorage<RequestScope>();

/** Runs `handle` with `requestId` on every line logged until it settles. */
export function withRequestId<T>(requestId: string, handle: () => T): T {
  return requestScope.run({ requestId }, handle);
}

/** Adds the request's trace to every line logged for it from now on, the access line included. */
export function annotateRequest(trace: { traceId: string; spanId: string }): void {
  const scope = requestScope.getStore();
  if (scope) Object.assign(scope, trace);
}

/** Field names whose values never reach a log, at the top of a line or nested in what was logged with it. */
const SECRET_FIELDS = [
  "authorization",
  "cookie",
  '["set-cookie"]',
  "token",
  "accessToken",
  "refreshToken",
  "sessionToken",
  "password",
  "secret",
  "apiKey",
  "adminCode",
];
const REDACT_PATHS = [
  ...SECRET_FIELDS.flatMap((field) => {
    const dotted = field.startsWith("[") ? field : `.${field}`;
    return [field, `*${dotted}`, `*.*${dotted}`];
  }),
  // `code` alone names a one-time or admin code; an error's own `code` (ECONNREFUSED, 23505) stays readable.
  ...["code", "detail.code", "detail.*.code", "body.code", "input.code", "query.code"],
  // A failed query's bound values may be anything a user sent.
  "err.parameters",
  "err.args",
  "err.cause.parameters",
  "err.cause.args",
];

/** Keys pino writes itself: an extra object that uses one is logged under `detail` instead of merged. */
const RESERVED = new Set([
  "time",
  "level",
  "msg",
  "err",
  "requestId",
  "traceId",
  "spanId",
  "pid",
  "hostname",
]);

function fields(extra: unknown): object | undefined {
  if (extra === undefined) return undefined;
  if (extra instanceof Error) return { err: extra };
  if (
    typeof extra === "object" &&
    extra !== null &&
    Object.getPrototypeOf(extra) === Object.prototype &&
    !Object.keys(extra).some((key) => RESERVED.has(key))
  )
    return extra;
  return { detail: extra };
}

export function createLogger(
  level: LogLevel,
  write: (line: string, level: EmittedLevel) => void = defaultWrite,
): Logger {
  // pino writes synchronously from inside the call below, so the level of the line being written is known.
  let writing: EmittedLevel = "info";
  const destination = {
    write(chunk: string) {
      write(escapeControl(chunk.endsWith("\n") ? chunk.slice(0, -1) : chunk), writing);
    },
  };
  const base = pino(
    {
      level,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      serializers: { err: pino.stdSerializers.errWithCause },
      redact: { paths: REDACT_PATHS, censor: "[redacted]" },
      mixin: () => {
        const scope = requestScope.getStore();
        if (!scope) return {};
        return scope.traceId
          ? { requestId: scope.requestId, traceId: scope.traceId, spanId: scope.spanId }
          : { requestId: scope.requestId };
      },
    },
    destination,
  );
  const emit = (at: EmittedLevel) => (message: string, extra?: unknown) => {
    if (!base.isLevelEnabled(at)) return;
    writing = at;
    const merged = fields(extra);
    if (merged === undefined) base[at](message);
    else base[at](merged, message);
  };
  return { debug: emit("debug"), info: emit("info"), warn: emit("warn"), error: emit("error") };
}

/** Turns one JSON line into a readable one, for a terminal. */
const readable = prettyFactory({
  colorize: true,
  translateTime: "SYS:HH:MM:ss.l",
  ignore: "pid,hostname,requestId,traceId,spanId",
  messageFormat: "{if requestId}[{requestId}] {end}{msg}",
});

function defaultWrite(line: string, level: EmittedLevel): void {
  const stream = level === "warn" || level === "error" ? process.stderr : process.stdout;
  stream.write(stream.isTTY ? readable(line) : `${line}\n`);
}
