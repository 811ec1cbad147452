// A small leveled logger writing one line per event; never given secrets or tokens. Control characters in
// anything logged are escaped, so text from a request can never forge a line of its own.
const LEVELS = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 } as const;
export type LogLevel = keyof typeof LEVELS;
export type Logger = Record<"debug" | "info" | "warn" | "error", (message: string, extra?: unknown) => void>;

// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;

/** Escapes control characters (newline included) as \n, \r, \t or \u00XX. */
export function escapeControl(text: string): string {
  return text.replace(CONTROL, (ch) => {
    if (ch === "\n") return "\\n";
    if (ch === "\r") return "\\r";
    if (ch === "\t") return "\\t";
    return `\\u${ch.charCodeAt(0).toString(16).padStart(4, "0")}`;
  });
}

function render(extra: unknown): string {
  if (extra instanceof Error) {
    const cause = extra.cause instanceof Error ? ` | cause: ${extra.cause.stack ?? extra.cause.message}` : "";
    return `${extra.stack ?? `${extra.name}: ${extra.message}`}${cause}`;
  }
  if (typeof extra === "string") return extra;
  try {
    return JSON.stringify(extra);
  } catch {
    return String(extra);
  }
}

export function createLogger(
  level: LogLevel,
  write: (line: string, level: Exclude<LogLevel, "silent">) => void = defaultWrite,
): Logger {
  const at = LEVELS[level];
  const emit = (l: Exclude<LogLevel, "silent">) => (message: string, extra?: unknown) => {
    if (LEVELS[l] < at) return;
    const tail = extra === undefined ? "" : ` ${render(extra)}`;
    write(`${new Date().toISOString()} ${l.toUpperCase()} ${escapeControl(message + tail)}`, l);
  };
  return { debug: emit("debug"), info: emit("info"), warn: emit("warn"), error: emit("error") };
}

function defaultWrite(line: string, level: Exclude<LogLevel, "silent">): void {
  (level === "warn" || level === "error" ? process.stderr : process.stdout).write(`${line}\n`);
}
