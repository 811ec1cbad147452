import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { SMTPServer } from "smtp-server";
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "../../../tests/support/server-process";
import { ignoreDroppedClients, startSmtpSink } from "../../../tests/support/smtp-sink";
import { createLogger } from "../logger";
import { createMailer } from "./mailer";

const sink = await startSmtpSink();
afterAll(() => sink.close());

const smtpMailer = (smtpUrl: string, bounds: { connectTimeoutMs?: number; answerTimeoutMs?: number } = {}) =>
  createMailer({
    smtpUrl,
    from: "KnowBefore <noreply@example.org>",
    logger: createLogger("error"),
    nodeEnv: "production",
    ...bounds,
  });

/** A TCP server on loopback that takes connections and never says a word (a mail server that hangs). */
async function silentServer() {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `smtp://127.0.0.1:${(server.address() as { port: number }).port}`,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe("the SMTP mailer", () => {
  it("keeps its connection past a hundred messages instead of waiting for a new greeting", async () => {
    const mailer = smtpMailer(sink.url);
    try {
      for (let i = 0; i < 120; i++)
        expect(
          await mailer.send({
            kind: "sign_in",
            to: `kept-${i}@example.org`,
            subject: `Message ${i}`,
            text: "Hello",
          }),
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
        mailer.send({ kind: "sign_in", to: "nobody@example.org", subject: "Refused", text: "Hello" }),
      ).rejects.toMatchObject({ code: "ESOCKET", message: expect.stringContaining("ECONNREFUSED") });
    } finally {
      mailer.close();
    }
  });

  it("gives up on a mail server that takes the connection and never greets, within the connection bound", async () => {
    const silent = await silentServer();
    // The answer's own bound is far off: the connection's is what ends this one.
    const mailer = smtpMailer(silent.url, { connectTimeoutMs: 300, answerTimeoutMs: 20_000 });
    try {
      const started = performance.now();
      await expect(
        mailer.send({ kind: "sign_in", to: "nobody@example.org", subject: "Unheard", text: "Hello" }),
      ).rejects.toMatchObject({ code: "ETIMEDOUT" });
      expect(performance.now() - started).toBeLessThan(5_000);
    } finally {
      mailer.close();
      await silent.close();
    }
  });

  it("gives up on a message the mail server takes in and never answers, at the answer's bound", async () => {
    // Greets, takes the envelope, then keeps the message without a word.
    const stalling = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onData(stream) {
        stream.resume();
      },
    });
    ignoreDroppedClients(stalling);
    await new Promise<void>((resolve) => stalling.listen(0, "127.0.0.1", resolve));
    const { port } = stalling.server.address() as { port: number };
    const mailer = smtpMailer(`smtp://127.0.0.1:${port}`, { answerTimeoutMs: 500 });
    try {
      await expect(
        mailer.send({ kind: "sign_in", to: "nobody@example.org", subject: "Kept", text: "Hello" }),
      ).rejects.toMatchObject({ code: "ETIMEDOUT", message: "The mail server did not answer within 500 ms" });
    } finally {
      mailer.close();
      await new Promise<void>((resolve) => stalling.close(() => resolve()));
    }
  });

  it("fails a message whose thread ended before answering, and starts a new thread for the next", async () => {
    const mailer = smtpMailer(sink.url);
    try {
      const cut = mailer.send({ kind: "sign_in", to: "cut@example.org", subject: "Cut off", text: "Hello" });
      mailer.close();
      // Sent before the ended thread has told it ended: its end must not take this one with it.
      const after = mailer.send({
        kind: "sign_in",
        to: "after@example.org",
        subject: "After the cut",
        text: "Hello",
      });
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
         console.log(await mailer.send({ kind: "sign_in", to: "once@example.org", subject: "Once", text: "Hello" }));`,
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
