// A real SMTP server on loopback that keeps what it receives, so tests read e-mails the app really sent.
import { SMTPServer } from "smtp-server";

export type ReceivedMail = { to: string[]; raw: string; subject: string; text: string; messageId: string };

export type SmtpSinkOptions = {
  /** Hears each message as it is received, before the sender is told it was accepted. */
  onMessage?: (mail: ReceivedMail) => void;
  /** Asked at each recipient: true refuses it for now (451, as a mail server short of room says). */
  refuseRecipient?: (address: string) => boolean;
};

export async function startSmtpSink(port = 0, options: SmtpSinkOptions = {}) {
  const messages: ReceivedMail[] = [];
  let connections = 0;
  const create = () => {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      // Closing, the sink tells the clients still connected that it is shutting down (421) and hangs up at
      // once, as a mail server being stopped does, rather than waiting half a minute for them to leave.
      closeTimeout: 1,
      onConnect(_session, callback) {
        connections++;
        callback();
      },
      onRcptTo(address, _session, callback) {
        if (options.refuseRecipient?.(address.address.toLowerCase()))
          return callback(
            Object.assign(new Error("Requested action not taken: try again later"), { responseCode: 451 }),
          );
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
    return server;
  };
  const listen = async (server: SMTPServer, on: number) => {
    await new Promise<void>((resolve) => server.listen(on, "127.0.0.1", resolve));
    const address = server.server.address();
    return typeof address === "object" && address ? address.port : on;
  };
  let server: SMTPServer | null = create();
  const boundPort = await listen(server, port);
  const close = () => {
    const closing = server;
    server = null;
    return new Promise<void>((resolve) => (closing ? closing.close(() => resolve()) : resolve()));
  };
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
    /**
     * Stops the mail server: its port stops listening (a connection there is refused) and the clients still
     * connected are told 421 and hung up on. What it received stays in `messages`.
     */
    stop: close,
    /** Starts it again on the same port after `stop` (running, it goes on as it is). */
    async restart() {
      if (server) return;
      server = create();
      await listen(server, boundPort);
    },
    close,
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
