// Reads the e-mails the app sent through the e2e SMTP sink.
import { test } from "@playwright/test";

/**
 * The mailbox of the e2e server the running test's project talks to (playwright.config.ts gives each project
 * its server's mailbox port as metadata).
 */
export function mailboxURL(): string {
  const port = (test.info().project.metadata as { mailboxPort?: number }).mailboxPort;
  return `http://127.0.0.1:${port ?? process.env.E2E_MAILBOX_PORT ?? 4399}`;
}

/** Links already handed out: a link works once, and other mail (notices, invites) may arrive after it. */
const handedOut = new Set<string>();

/** The newest sign-in link sent to this address that no test has used yet. */
export async function waitForSignInLink(email: string, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const res = await fetch(`${mailboxURL()}/messages?to=${encodeURIComponent(email)}`);
    const messages = (await res.json()) as { text: string }[];
    const links = messages
      .map((m) => m.text.match(/https?:\/\/\S+?token=[a-z2-7]+/)?.[0])
      .filter((link): link is string => Boolean(link));
    const link = links.at(-1);
    if (link && !handedOut.has(link)) {
      handedOut.add(link);
      return link;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no new sign-in e-mail reached ${email}`);
}

/** Stops the e2e server's mail server (its port refuses connections), or starts it again on the same port. */
export async function mailServer(action: "stop" | "start"): Promise<void> {
  const res = await fetch(`${mailboxURL()}/smtp/${action}`, { method: "POST" });
  if (res.status !== 204) throw new Error(`the mailbox answered ${res.status} to /smtp/${action}`);
}
