// A real SMTP server on loopback that keeps what it receives, so tests read e-mails the app really sent.
import { SMTPServer } from "smtp-server";

export type ReceivedMail = { to: string[]; raw: string; subject: string; text: string; messageId: string };

/** `onMessage` hears each message as it is received, before the sender is told it was accepted. */
export async function startSmtpSink(port = 0, options: { onMessage?: (mail: ReceivedMail) => void } = {}) {
  const messages: ReceivedMail[] = [];
  let connections = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onConnect(_session, callback) {
      connections++;
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const subject = raw.match(/^Subject: (.*)$/m)?.[1]?.trim() ?? "";
        const mail = {
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          raw,
          subject,
          text: decodeQuotedPrintable(raw),
          // A long id is folded onto the next line.
          messageId: raw.match(/^Message-ID:\s*(<[^>]*>)/im)?.[1] ?? "",
        };
        messages.push(mail);
        options.onMessage?.(mail);
        callback();
      });
    },
  });
  ignoreDroppedClients(server);
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.server.address();
  const boundPort = typeof address === "object" && address ? address.port : port;
  return {
    url: `smtp://127.0.0.1:${boundPort}`,
    port: boundPort,
    messages,
    /** How many SMTP connections clients have opened so far. */
    connections: () => connections,
    /** The newest sign-in link sent to this address. */
    lastLinkFor(email: string): string | null {
      const mail = [...messages].reverse().find((m) => m.to.includes(email.toLowerCase()));
      return mail?.text.match(/https?:\/\/\S+?token=[a-z2-7]+/)?.[0] ?? null;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A client that drops its connection in the middle of a message (an app process killed while it sends a notice)
 * loses that message, as with any mail server. smtp-server reports it as an 'error' event, which unheard would
 * end the process hosting the sink; any other error still does.
 */
export function ignoreDroppedClients(server: SMTPServer) {
  server.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code === "ECONNRESET" || error.code === "EPIPE") return;
    throw error;
  });
}

function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}
