import { describe, expect, it } from "vitest";
import { annotateRequest, createLogger, escapeControl, withRequestId } from "./logger";

function capture(level: Parameters<typeof createLogger>[0] = "debug") {
  const lines: string[] = [];
  const levels: string[] = [];
  const log = createLogger(level, (line, at) => {
    lines.push(line);
    levels.push(at);
  });
  return { log, lines, levels, records: () => lines.map((line) => JSON.parse(line)) };
}

describe("logger", () => {
  it("writes one JSON object per line, with control characters escaped so input cannot forge a line", () => {
    const { log, lines, records } = capture();
    const forged = 'search=x\n{"level":"info","msg":"admin signed in"}\r\u0000\u001b[31m\u0085\u2028';
    log.warn(`bad request ${forged}`);
    log.error("failed", new Error(`boom ${forged}`, { cause: new Error("underneath") }));
    expect(lines).toHaveLength(2);
    for (const line of lines) {
      // C0 and C1 controls, DEL and the Unicode line separators: none may reach a log line raw.
      const raw = [...line].filter((ch) => {
        const code = ch.charCodeAt(0);
        return code < 0x20 || (code >= 0x7f && code <= 0x9f) || code === 0x2028 || code === 0x2029;
      });
      expect(raw).toEqual([]);
      expect(line).toContain('\\n{\\"level\\":\\"info\\"');
    }
    const [warn, error] = records();
    expect(warn).toMatchObject({ level: "warn", msg: `bad request ${forged}` });
    expect(Date.parse(warn.time)).not.toBeNaN();
    expect(error).toMatchObject({ level: "error", msg: "failed", err: { type: "Error" } });
    expect(error.err.stack).toMatch(/^Error: boom .*\n {4}at /s);
    expect(error.err.cause.message).toBe("underneath");
  });

  it("drops lines below the level and tells the writer each line's level", () => {
    const { log, records, levels } = capture("warn");
    log.info("not shown");
    log.warn("plain text, ünïcödé and emoji 🚗");
    log.error("also shown");
    expect(records().map((r) => r.msg)).toEqual(["plain text, ünïcödé and emoji 🚗", "also shown"]);
    expect(levels).toEqual(["warn", "error"]);
    expect(escapeControl("a\tb")).toBe("a\\tb");
    const silent = capture("silent");
    silent.log.error("nothing");
    expect(silent.lines).toEqual([]);
  });

  it("adds the request id to every line logged while a request is handled, across awaits", async () => {
    const { log, records } = capture();
    log.info("before");
    await withRequestId("req-12345678", async () => {
      log.info("start");
      await new Promise((resolve) => setTimeout(resolve, 5));
      log.warn("after an await", { step: 2 });
    });
    log.info("after");
    expect(records().map((r) => [r.msg, r.requestId])).toEqual([
      ["before", undefined],
      ["start", "req-12345678"],
      ["after an await", "req-12345678"],
      ["after", undefined],
    ]);
  });

  it("adds a traced request's trace and span from the moment they are known, and only to that request", async () => {
    const { log, records } = capture();
    annotateRequest({ traceId: "t".repeat(32), spanId: "s".repeat(16) });
    log.info("outside");
    await withRequestId("req-traced-1", async () => {
      log.info("before the span");
      annotateRequest({ traceId: "a".repeat(32), spanId: "b".repeat(16) });
      await new Promise((resolve) => setTimeout(resolve, 1));
      log.info("access line");
    });
    await withRequestId("req-untraced", async () => log.info("another request"));
    expect(records().map((r) => [r.msg, r.requestId, r.traceId, r.spanId])).toEqual([
      ["outside", undefined, undefined, undefined],
      ["before the span", "req-traced-1", undefined, undefined],
      ["access line", "req-traced-1", "a".repeat(32), "b".repeat(16)],
      ["another request", "req-untraced", undefined, undefined],
    ]);
  });

  it("redacts secrets by field name, nested too, and keeps other fields", () => {
    const { log, lines, records } = capture();
    log.info("signed in", {
      method: "POST",
      authorization: "Bearer s3cr3t-bearer",
      headers: { cookie: "kb_session=s3cr3t-cookie", "set-cookie": "kb_session=s3cr3t-set" },
      body: { token: "s3cr3t-token", password: "s3cr3t-pass", code: "s3cr3t-code" },
      code: "s3cr3t-admin-code",
    });
    log.warn(
      "query failed",
      Object.assign(new Error("bad"), { code: "23505", parameters: ["s3cr3t-param"] }),
    );
    log.info("text", "a string");
    for (const line of lines) expect(line).not.toContain("s3cr3t");
    const [signedIn, failed, text] = records();
    expect(signedIn.method).toBe("POST");
    expect(signedIn.authorization).toBe("[redacted]");
    expect(failed.err.code).toBe("23505");
    expect(text.detail).toBe("a string");
  });
});
