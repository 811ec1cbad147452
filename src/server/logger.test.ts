import { describe, expect, it } from "vitest";
import { createLogger, escapeControl } from "./logger";

describe("logger", () => {
  it("writes one line per event, with control characters escaped so input cannot forge a line", () => {
    const lines: string[] = [];
    const log = createLogger("debug", (line) => lines.push(line));
    const forged = "search=x\n2026-01-01T00:00:00.000Z INFO admin signed in\r\u0000\u001b[31m";
    log.warn(`bad request ${forged}`);
    log.error("failed", new Error(`boom ${forged}`));
    expect(lines).toHaveLength(2);
    for (const line of lines) {
      expect([...line].some((ch) => ch.charCodeAt(0) < 0x20)).toBe(false);
      expect(line).toContain("\\n2026-01-01T00:00:00.000Z INFO admin signed in\\r\\u0000\\u001b[31m");
    }
    expect(lines[1]).toMatch(/ERROR failed Error: boom .*\\n {4}at /); // the stack, on the same line
  });

  it("leaves ordinary text alone and drops lines below the level", () => {
    const lines: string[] = [];
    const log = createLogger("warn", (line) => lines.push(line));
    log.info("not shown");
    log.warn("plain text, ünïcödé and emoji 🚗");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/WARN plain text, ünïcödé and emoji 🚗$/);
    expect(escapeControl("a\tb")).toBe("a\\tb");
  });
});
