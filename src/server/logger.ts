// A small leveled logger; never given secrets or tokens.
const LEVELS = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 } as const;
export type LogLevel = keyof typeof LEVELS;
export type Logger = Record<"debug" | "info" | "warn" | "error", (message: string, extra?: unknown) => void>;

export function createLogger(level: LogLevel): Logger {
  const at = LEVELS[level];
  const emit = (l: Exclude<LogLevel, "silent">) => (message: string, extra?: unknown) => {
    if (LEVELS[l] < at) return;
    const line = `${new Date().toISOString()} ${l.toUpperCase()} ${message}`;
    if (extra === undefined) console[l === "debug" ? "log" : l](line);
    else console[l === "debug" ? "log" : l](line, extra);
  };
  return { debug: emit("debug"), info: emit("info"), warn: emit("warn"), error: emit("error") };
}
