import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "../../../tests/support/server-process";
import { startSmtpSink } from "../../../tests/support/smtp-sink";
import { createLogger } from "../logger";
import { createMailer } from "./mailer";

const sink = await startSmtpSink();
afterAll(() => sink.close());

const smtpMailer = (smtpUrl: string) =>
  createMailer({
    smtpUrl,
    from: "KnowBefore <noreply@example.org>",
    logger: createLogger("error"),
    nodeEnv: "production",
  });

describe("the SMTP mailer", () => {
  it("keeps its connection past a hundred messages instead of waiting for a new greeting", async () => {
    const mailer = smtpMailer(sink.url);
    try {
      for (let i = 0; i < 120; i++)
        expect(
          await mailer.send({ to: `kept-${i}@example.org`, subject: `Message ${i}`, text: "Hello" }),
        ).toBe("sent");
      expect(sink.messages.filter((m) => m.subject.startsWith("Message "))).toHaveLength(120);
      expect(sink.connections()).toBe(1);
    } finally {
      mailer.close();
    }
  });

  it("answers a refused connection as an error carrying nodemailer's code, from its thread", async () => {
    const mailer = smtpMailer(`smtp://127.0.0.1:${await freePort()}`);
    try {
      await expect(
        mailer.send({ to: "nobody@example.org", subject: "Refused", text: "Hello" }),
      ).rejects.toMatchObject({ code: "ESOCKET", message: expect.stringContaining("ECONNREFUSED") });
    } finally {
      mailer.close();
    }
  });

  it("fails a message whose thread ended before answering, and starts a new thread for the next", async () => {
    const mailer = smtpMailer(sink.url);
    try {
      const cut = mailer.send({ to: "cut@example.org", subject: "Cut off", text: "Hello" });
      mailer.close();
      // Sent before the ended thread has told it ended: its end must not take this one with it.
      const after = mailer.send({ to: "after@example.org", subject: "After the cut", text: "Hello" });
      await expect(cut).rejects.toThrow(/The mail thread ended/);
      expect(await after).toBe("sent");
      expect(sink.messages.map((m) => m.subject)).toContain("After the cut");
      expect(sink.messages.map((m) => m.subject)).not.toContain("Cut off");
    } finally {
      mailer.close();
    }
  });

  it("keeps a process alive only while a message waits for its answer", async () => {
    // A script that sends one message and then has nothing left to do must end by itself.
    const dir = mkdtempSync(join(tmpdir(), "mail-thread-"));
    try {
      const script = join(dir, "send-once.mts");
      writeFileSync(
        script,
        `import { createMailer } from ${JSON.stringify(fileURLToPath(new URL("./mailer.ts", import.meta.url)))};
         import { createLogger } from ${JSON.stringify(fileURLToPath(new URL("../logger.ts", import.meta.url)))};
         const mailer = createMailer({ smtpUrl: ${JSON.stringify(sink.url)}, from: "noreply@example.org",
           logger: createLogger("error"), nodeEnv: "production" });
         console.log(await mailer.send({ to: "once@example.org", subject: "Once", text: "Hello" }));`,
      );
      // Not spawnSync: the SMTP sink answering the script runs on this test's event loop.
      const run = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
        execFile(
          process.execPath,
          ["--import", "tsx", script],
          { cwd: fileURLToPath(new URL("../../..", import.meta.url)), encoding: "utf8", timeout: 20_000 },
          (error, stdout, stderr) =>
            resolve({ code: error ? (error.code as number | null) : 0, stdout, stderr }),
        );
      });
      expect({ ...run, stdout: run.stdout.trim() }).toEqual({ code: 0, stdout: "sent", stderr: "" });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);
});
