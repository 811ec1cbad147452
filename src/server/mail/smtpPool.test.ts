// The mail thread's SMTP connections (SmtpPool in mailWorker.ts) against real SMTP servers on loopback: the
// server's sign-in, how many connections it holds, and what it does when the server refuses or hangs up.
import { createServer, type Socket } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, describe, expect, it } from "vitest";
import { ignoreDroppedClients, startSmtpSink } from "../../../tests/support/smtp-sink";
import { SmtpPool, smtpSettings } from "./mailWorker";

const poolFor = (smtpUrl: string) =>
  new SmtpPool(smtpSettings({ smtpUrl, from: "noreply@example.org", connectTimeoutMs: 5_000 }));

/** A message of one line, with the envelope it is sent in. */
const message = (to: string, subject = "Hello"): [{ from: string; to: string[] }, Buffer] => [
  { from: "noreply@example.org", to: [to] },
  Buffer.from(`From: noreply@example.org\r\nTo: ${to}\r\nSubject: ${subject}\r\n\r\nHello\r\n`),
];

const sink = await startSmtpSink(0, { refuseRecipient: (address) => address.startsWith("full-") });
afterAll(() => sink.close());

/**
 * An SMTP server of a few lines (with PIPELINING) that hangs up, without a word, on the message `dropAt` names
 * by its connection and its number on it (both from 1): a mail server that had closed a kept connection.
 */
async function droppingServer(
  dropAt: (connection: number, message: number) => "at-envelope" | "after-data" | null,
) {
  let connections = 0;
  const received: string[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    const connection = ++connections;
    let messages = 0;
    let buffered = "";
    let inData = false;
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("data", (chunk) => {
      buffered += chunk.toString("latin1");
      let replies = "";
      for (;;) {
        if (inData) {
          const end = buffered.indexOf("\r\n.\r\n");
          if (end < 0) break;
          received.push(buffered.slice(0, end));
          buffered = buffered.slice(end + 5);
          inData = false;
          if (dropAt(connection, messages) === "after-data") return socket.destroy();
          replies += "250 OK\r\n";
          continue;
        }
        const end = buffered.indexOf("\r\n");
        if (end < 0) break;
        const verb = buffered.slice(0, 4).toUpperCase();
        buffered = buffered.slice(end + 2);
        if (verb === "EHLO") replies += "250-test.invalid\r\n250 PIPELINING\r\n";
        else if (verb === "MAIL") {
          messages++;
          if (dropAt(connection, messages) === "at-envelope") return socket.destroy();
          replies += "250 OK\r\n";
        } else if (verb === "DATA") {
          inData = true;
          replies += "354 Go ahead\r\n";
        } else if (verb === "QUIT") {
          socket.end("221 Bye\r\n");
          return;
        } else replies += "250 OK\r\n";
      }
      if (replies) socket.write(replies);
    });
    socket.write("220 test.invalid ESMTP\r\n");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `smtp://127.0.0.1:${(server.address() as { port: number }).port}`,
    received,
    connections: () => connections,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe("the mail thread's SMTP connections", () => {
  it("signs in with SMTP_URL's user and password, and fails as the server says when they are wrong", async () => {
    const server = new SMTPServer({
      authMethods: ["PLAIN", "LOGIN"],
      allowInsecureAuth: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      closeTimeout: 1,
      onAuth(auth, _session, callback) {
        if (auth.username === "mailer" && auth.password === "s3cret:pass")
          callback(null, { user: auth.username });
        else callback(Object.assign(new Error("Invalid username or password"), { responseCode: 535 }));
      },
      onData(stream, _session, callback) {
        stream.on("end", () => callback()).resume();
      },
    });
    ignoreDroppedClients(server);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.server.address() as { port: number };
    try {
      await poolFor(`smtp://mailer:${encodeURIComponent("s3cret:pass")}@127.0.0.1:${port}`).send(
        ...message("signed-in@example.org"),
      );
      await expect(
        poolFor(`smtp://mailer:wrong@127.0.0.1:${port}`).send(...message("refused@example.org")),
      ).rejects.toMatchObject({ code: "EAUTH", responseCode: 535 });
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it("holds no more connections than ?maxConnections=, and every message waiting for one is sent", async () => {
    const before = sink.connections();
    const pool = poolFor(`${sink.url}?maxConnections=3`);
    await Promise.all(
      Array.from({ length: 30 }, (_, i) => pool.send(...message(`turn-${i}@example.org`, `Turn ${i}`))),
    );
    expect(sink.messages.filter((m) => m.subject.startsWith("Turn "))).toHaveLength(30);
    expect(sink.connections() - before).toBe(3);
  });

  it("keeps a connection after the server refused a recipient, and sends the next message on it", async () => {
    const before = sink.connections();
    const pool = poolFor(sink.url);
    await expect(pool.send(...message("full-box@example.org"))).rejects.toMatchObject({
      code: "EENVELOPE",
      responseCode: 451,
    });
    await pool.send(...message("roomy@example.org", "After a refusal"));
    expect(sink.messages.map((m) => m.subject)).toContain("After a refusal");
    expect(sink.connections() - before).toBe(1);
  });

  it("opens a connection for each message with ?pool=false", async () => {
    const before = sink.connections();
    const pool = poolFor(`${sink.url}?pool=false`);
    for (let i = 0; i < 3; i++) await pool.send(...message(`single-${i}@example.org`));
    expect(sink.connections() - before).toBe(3);
  });

  it("sends once more, on a new connection, a message a kept connection lost before the server read it", async () => {
    // The first connection's second message finds it gone: the server had hung up at its envelope.
    const server = await droppingServer((connection, n) =>
      connection === 1 && n === 2 ? "at-envelope" : null,
    );
    try {
      const pool = poolFor(server.url);
      await pool.send(...message("first@example.org", "First"));
      await pool.send(...message("second@example.org", "Second"));
      expect(server.received.map((text) => text.match(/Subject: (\w+)/)?.[1])).toEqual(["First", "Second"]);
      expect(server.connections()).toBe(2);
    } finally {
      await server.close();
    }
  });

  it("does not send again a message the server lost after reading it, nor one a new connection lost", async () => {
    const afterData = await droppingServer((connection, n) =>
      connection === 1 && n === 2 ? "after-data" : null,
    );
    const fresh = await droppingServer(() => "at-envelope");
    try {
      const pool = poolFor(afterData.url);
      await pool.send(...message("first@example.org", "First"));
      await expect(pool.send(...message("second@example.org", "Second"))).rejects.toMatchObject({
        code: "ECONNECTION",
      });
      expect(afterData.received).toHaveLength(2);
      expect(afterData.connections()).toBe(1);
      await expect(poolFor(fresh.url).send(...message("lost@example.org"))).rejects.toMatchObject({
        code: "ECONNECTION",
      });
      expect(fresh.connections()).toBe(1);
    } finally {
      await afterData.close();
      await fresh.close();
    }
  });
});
