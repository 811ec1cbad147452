// What handing a composed message to the SMTP server costs the mail thread: the same small message sent again
// and again from this process to bench/smtp-sink.ts (a process of its own) over 20 kept connections, by the
// mail thread's SmtpPool (src/server/mail/mailWorker.ts) and by nodemailer's pooled transport in turn, with
// this process's CPU time divided by the messages (docs/operations/runtime-tuning.md, "SMTP through
// nodemailer's connection alone").
// Usage: npx tsx bench/smtp-cost.ts [messages (20000)] [rounds (3)]
import nodemailer from "nodemailer";
import { SmtpPool, smtpSettings } from "../src/server/mail/mailWorker";
import { startSmtpProcess } from "./support";

const count = Number(process.argv[2] ?? 20_000);
const rounds = Number(process.argv[3] ?? 3);
const sink = await startSmtpProcess();
const from = "noreply@knowbefore.example";
const envelope = { from, to: ["visitor@example.org"] };
const raw = Buffer.from(
  `From: KnowBefore <${from}>\r\nTo: visitor@example.org\r\nSubject: Your sign-in link\r\n` +
    `Message-ID: <bench@knowbefore.example>\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n` +
    `Content-Transfer-Encoding: 7bit\r\n\r\n${"Sign in with this link: https://knowbefore.example/auth/verify?token=abc\r\n".repeat(6)}`,
);
const pool = new SmtpPool(smtpSettings({ smtpUrl: sink.url, from, connectTimeoutMs: 10_000 }));
const transport = nodemailer.createTransport(`${sink.url}?pool=true&maxConnections=20&maxMessages=Infinity`);
const ways = {
  SmtpPool: () => pool.send(envelope, raw),
  "nodemailer's transport": () =>
    transport.sendMail({ envelope, raw, messageId: "<bench@knowbefore.example>" }),
};

/** Sends `n` messages 20 at a time; answers this process's CPU microseconds a message. */
async function cost(send: () => Promise<unknown>, n: number): Promise<number> {
  const before = process.cpuUsage();
  let left = n;
  await Promise.all(
    Array.from({ length: 20 }, async () => {
      while (left-- > 0) await send();
    }),
  );
  const used = process.cpuUsage(before);
  return (used.user + used.system) / n;
}

for (const send of Object.values(ways)) await cost(send, 2_000); // unmeasured: code warm, connections open
for (let round = 1; round <= rounds; round++)
  for (const [name, send] of Object.entries(ways))
    console.log(`round ${round}: ${name.padEnd(22)} ${(await cost(send, count)).toFixed(1)} µs a message`);
transport.close();
await sink.close();
process.exit(0);
