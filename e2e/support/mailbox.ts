// Reads the e-mails the app sent through the e2e SMTP sink.
const MAILBOX = `http://127.0.0.1:${process.env.E2E_MAILBOX_PORT ?? 4399}`;

export async function waitForSignInLink(email: string, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const res = await fetch(`${MAILBOX}/messages?to=${encodeURIComponent(email)}`);
    const messages = (await res.json()) as { text: string }[];
    const link = messages.at(-1)?.text.match(/https?:\/\/\S+?token=[a-z2-7]+/)?.[0];
    if (link) return link;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no sign-in e-mail reached ${email}`);
}
