// Notification preferences (docs/product/notifications.md): each account's switches per kind and channel, over
// REST and tRPC; essential kinds cannot be switched off; a kind switched off in-app writes no notice; a kind
// switched off by e-mail sends no mail; and the one-click unsubscribe (RFC 8058) a mail client posts from a real
// mail's List-Unsubscribe header turns that kind's e-mail off, while a GET of it changes nothing.
import { TRPCError } from "@trpc/server";
import { describe, expect, it } from "vitest";
import { unsubscribeToken as reviewInvitationToken } from "../src/server/domains/appointments/reviewInvitations";
import { buildExport, findSubject } from "../src/server/domains/compliance/exporter";
import { NOTIFICATION_KIND_KEYS, NOTIFICATION_KINDS, reaches } from "../src/shared/notificationKinds";
import type { NotificationPreferences } from "../src/shared/schemas/notifications";
import { createHarness } from "./support/harness";
import type { ReceivedMail } from "./support/smtp-sink";
import { until } from "./support/until";

const h = await createHarness({ RATE_LIMIT_DISABLED: "true" });
await h.seed(0.02);

const people = await h.sql<{ id: number; email: string }[]>`
  select id, email::text as email from salespeople where dealership_id is not null order by id limit 3`;
const [seller, quietSeller, otherSeller] = [people[0]!, people[1]!, people[2]!];
const buyer = await h.signIn("prefs.buyer@example.org");
const otherBuyer = await h.signIn("prefs.other@example.org");

function callerFor(session: Awaited<ReturnType<typeof h.signIn>>) {
  return h.caller({
    user: session.user,
    session: { id: "s", userId: session.userId, expiresAt: new Date(), authenticatedAt: new Date() },
  });
}

/** The buyer writes to a salesperson: a notice on the salesperson's bell and a queued e-mail (kind messages). */
async function contact(salespersonId: number, message: string) {
  const res = await h.request("POST", "/api/contact-salesperson", {
    cookie: buyer.cookie,
    body: { salespersonId, message, contactMethod: "email" },
  });
  expect(res.status, res.text).toBe(201);
}

/** Waits until every message-notice job about the buyer's conversation with `salespersonId` has run. */
async function messageJobsDone(salespersonId: number, count: number) {
  const done = await until(
    () =>
      h.sql<{ n: number }[]>`
        select count(*)::int as n from pgboss.job j join conversations c on c.id = (j.data->>'conversationId')::int
         where j.name = 'message-notice' and j.state = 'completed' and c.salesperson_id = ${salespersonId}`,
    ([row]) => row!.n >= count,
  );
  expect(done[0]!.n).toBe(count);
}

const mailsTo = (email: string, subject: string) =>
  h.smtp.messages.filter((m) => m.to.includes(email.toLowerCase()) && m.subject === subject);

/** A header of a received message, its folded lines joined. */
function header(mail: ReceivedMail, name: string): string | null {
  const head = mail.raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, " ");
  const line = head.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line ? line.slice(name.length + 1).trim() : null;
}

const BUYER_MESSAGE = "A buyer sent you a message on KnowBefore";

describe("one-click unsubscribe (RFC 8058)", () => {
  it("from a real mail's List-Unsubscribe header: GET changes nothing, a forged token is refused, the POST stops that kind of mail only", async () => {
    const account = await h.signIn(seller.email, "salesperson");
    await contact(seller.id, "Is the blue hatchback still there?");
    const first = await h.waitForMail(
      (m) => m.to.includes(seller.email.toLowerCase()) && m.subject === BUYER_MESSAGE,
    );
    // The mail names its one-click address and says it takes a one-click POST; its foot links both pages.
    const listUnsubscribe = header(first, "List-Unsubscribe");
    expect(listUnsubscribe).toMatch(/^<http:\/\/localhost:3000\/api\/unsubscribe\/[^>\s]+>$/);
    expect(header(first, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
    expect(first.text).toContain("Unsubscribe from these e-mails: http://localhost:3000/unsubscribe?token=");
    expect(first.text).toContain(
      "Choose which e-mails you get: http://localhost:3000/settings/notifications",
    );
    const url = new URL(listUnsubscribe!.slice(1, -1));

    const stored = () =>
      h.sql<{ email_enabled: boolean; unsubscribed_at: Date | null }[]>`
        select email_enabled, unsubscribed_at from notification_preferences
         where user_id = ${account.userId} and kind = 'messages'`;

    // A link scanner's GET (no cookie, no Origin): sent on to the page that asks, nothing changed.
    const fetched = await h.app.request(url.pathname, { method: "GET" });
    expect(fetched.status).toBe(302);
    expect(fetched.headers.get("location")).toMatch(/^\/unsubscribe\?token=/);
    expect(await stored()).toEqual([]);

    // Forged or garbled tokens, posted as a mail client would: 400 with the reason, never 5xx.
    const token = url.pathname.split("/").pop()!;
    const [version, iv, tag, body] = token.split(".");
    const forgedBody = `${body!.slice(0, -2)}${body!.endsWith("AA") ? "BB" : "AA"}`;
    for (const forged of [
      `${version}.${iv}.${tag}.${forgedBody}`,
      "not-a-token",
      "v2.....",
      encodeURIComponent("v2.%00.\u0000.x"),
    ]) {
      const refused = await h.app.request(`/api/unsubscribe/${forged}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "List-Unsubscribe=One-Click",
      });
      expect(refused.status, forged).toBe(400);
      expect(await refused.json()).toMatchObject({ code: "INVALID_UNSUBSCRIBE_LINK" });
    }
    expect(await stored()).toEqual([]);

    // The mail client's POST: form-encoded, no cookie, no Origin.
    const posted = await h.app.request(url.pathname, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(posted.status, await posted.clone().text()).toBe(200);
    expect(await posted.json()).toMatchObject({ kind: "messages", unsubscribed: true });
    expect(await stored()).toEqual([{ email_enabled: false, unsubscribed_at: expect.any(Date) }]);
    const audit = await h.sql<{ actor_user_id: string; after: { kind: string; via: string } }[]>`
      select actor_user_id, after from audit_log
       where action = 'user.notification-preferences' and entity_id = ${account.userId}`;
    expect(audit).toEqual([
      { actor_user_id: account.userId, after: { kind: "messages", email: false, via: "one-click" } },
    ]);
    // A repeated click changes nothing more.
    const again = await h.app.request(url.pathname, { method: "POST", body: "List-Unsubscribe=One-Click" });
    expect(again.status).toBe(200);

    // The next message: its job runs, and no mail goes out; the in-app notice still comes.
    await contact(seller.id, "And does it have heated seats?");
    await messageJobsDone(seller.id, 2);
    expect(mailsTo(seller.email, BUYER_MESSAGE)).toHaveLength(1);
    const [notices] = await h.sql<{ n: number }[]>`
      select count(*)::int as n from notifications where salesperson_id = ${seller.id} and type = 'new_message'`;
    expect(notices!.n).toBe(2);

    // An essential mail to the same account still goes out, without an unsubscribe link.
    const link = await h.request("POST", "/api/salesperson/auth/login", { body: { email: seller.email } });
    expect(link.status, link.text).toBe(200);
    const signIn = await h.waitForMail(
      (m) => m.to.includes(seller.email.toLowerCase()) && m.subject === "Your KnowBefore sign-in link",
    );
    expect(header(signIn, "List-Unsubscribe")).toBeNull();

    // The account's page shows the kind off.
    const prefs = (await h.request("GET", "/api/notification-preferences", { cookie: account.cookie }))
      .json as NotificationPreferences;
    expect(prefs.kinds.find((k) => k.kind === "messages")).toMatchObject({ inApp: true, email: false });
  });

  it("a GET of the link never unsubscribes, whatever the token", async () => {
    const res = await h.app.request("/api/unsubscribe/garbage", { method: "GET" });
    expect(res.status).toBe(400);
  });

  it("the older link of invitations to review keeps working, as the same preference", async () => {
    const token = reviewInvitationToken(h.deps.secrets, buyer.userId, "prefs.buyer@example.org");
    const res = await h.request("POST", "/api/review-invitations/stop", { body: { token } });
    expect(res.status).toBe(200);
    const prefs = await callerFor(buyer).notifications.preferences();
    expect(prefs.kinds.find((k) => k.kind === "review_invitations")).toMatchObject({ email: false });
    await callerFor(buyer).notifications.setPreference({ kind: "review_invitations", email: true });
  });
});

describe("preferences over REST and tRPC", () => {
  it("lists every kind that can reach the account, everything on by default, essential kinds marked with why", async () => {
    const res = await h.request("GET", "/api/notification-preferences", { cookie: otherBuyer.cookie });
    expect(res.status).toBe(200);
    const { kinds } = res.json as NotificationPreferences;
    // A buyer is not offered what only reaches salespeople, leads or administrators.
    expect(kinds.map((k) => k.kind).sort()).toEqual(
      NOTIFICATION_KIND_KEYS.filter((kind) => reaches(kind, ["customer"])).sort(),
    );
    expect(kinds.map((k) => k.kind)).not.toContain("weekly_report");
    expect(kinds.map((k) => k.kind)).toContain("reminders");
    for (const k of kinds) {
      const declared = NOTIFICATION_KINDS[k.kind];
      expect(k.essential).toBe(declared.essential);
      expect(k.always === null).toBe(!declared.essential);
      expect(k.email).toBe(declared.email ? true : null);
      expect(k.inApp).toBe(declared.inApp.length > 0 ? true : null);
    }
    expect((await h.request("GET", "/api/notification-preferences")).status).toBe(401);
  });

  it("stores a switch over REST, reads it over tRPC and the other way round; each account sees only its own", async () => {
    const off = await h.request("PATCH", "/api/notification-preferences", {
      cookie: buyer.cookie,
      body: { kind: "reminders", email: false },
    });
    expect(off.status, off.text).toBe(200);
    expect((off.json as NotificationPreferences).kinds.find((k) => k.kind === "reminders")?.email).toBe(
      false,
    );
    const viaTrpc = await callerFor(buyer).notifications.preferences();
    expect(viaTrpc.kinds.find((k) => k.kind === "reminders")?.email).toBe(false);

    await callerFor(buyer).notifications.setPreference({ kind: "visit_disputes", inApp: false });
    const viaRest = (await h.request("GET", "/api/notification-preferences", { cookie: buyer.cookie }))
      .json as NotificationPreferences;
    expect(viaRest.kinds.find((k) => k.kind === "visit_disputes")).toMatchObject({
      inApp: false,
      email: true,
    });

    // Another account's page is its own: the buyer's switches are not there, and it cannot name the buyer.
    const other = (await h.request("GET", "/api/notification-preferences", { cookie: otherBuyer.cookie }))
      .json as NotificationPreferences;
    expect(other.kinds.find((k) => k.kind === "reminders")?.email).toBe(true);
    const naming = await h.request("PATCH", "/api/notification-preferences", {
      cookie: otherBuyer.cookie,
      body: { kind: "reminders", email: true, userId: buyer.userId },
    });
    expect(naming.status).toBe(400);
    const unsigned = await h.request("PATCH", "/api/notification-preferences", {
      body: { kind: "reminders", email: true },
    });
    expect(unsigned.status).toBe(401);
    const still = await callerFor(buyer).notifications.preferences();
    expect(still.kinds.find((k) => k.kind === "reminders")?.email).toBe(false);

    // Each change is in the audit trail, as the account's own.
    const [audit] = await h.sql<{ n: number }[]>`
      select count(*)::int as n from audit_log
       where action = 'user.notification-preferences' and entity_id = ${buyer.userId}
         and actor_user_id = ${buyer.userId}`;
    expect(audit!.n).toBeGreaterThanOrEqual(2);

    // The account's data export carries its preferences.
    const exported = await buildExport(h.sql, (await findSubject(h.sql, buyer.userId))!);
    expect(exported.tables.notification_preferences?.rows).toEqual(
      expect.arrayContaining([expect.objectContaining({ kind: "reminders", email_enabled: false })]),
    );
  });

  it("refuses to switch an essential kind off (400 ESSENTIAL_NOTIFICATION), and a channel a kind lacks", async () => {
    for (const body of [
      { kind: "booking", email: false },
      { kind: "sign_in", email: false },
      { kind: "account_changes", inApp: false },
      { kind: "invitations", email: false },
    ]) {
      const res = await h.request("PATCH", "/api/notification-preferences", { cookie: buyer.cookie, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json).toMatchObject({
        code: "ESSENTIAL_NOTIFICATION",
        message: expect.stringMatching(/cannot be switched off/),
      });
    }
    const trpc = await callerFor(buyer)
      .notifications.setPreference({ kind: "booking", inApp: false })
      .catch((error: unknown) => error);
    expect(trpc).toBeInstanceOf(TRPCError);
    expect((trpc as TRPCError).code).toBe("BAD_REQUEST");
    const noChannel = await h.request("PATCH", "/api/notification-preferences", {
      cookie: buyer.cookie,
      body: { kind: "reminders", inApp: false },
    });
    expect(noChannel.status).toBe(400);
    expect(noChannel.json).toMatchObject({ code: "NO_SUCH_CHANNEL" });
    const unknown = await h.request("PATCH", "/api/notification-preferences", {
      cookie: buyer.cookie,
      body: { kind: "newsletters", email: false },
    });
    expect(unknown.status).toBe(400);
    // Nothing essential was stored.
    const rows = await h.sql`
      select kind from notification_preferences
       where user_id = ${buyer.userId} and kind in ('booking', 'sign_in', 'account_changes', 'invitations')`;
    expect(rows).toEqual([]);
  });
});

describe("in-app notices honour the switch", () => {
  it("writes no notice of a kind the recipient switched off in-app, inside the sender's own statement", async () => {
    const account = await h.signIn(quietSeller.email, "salesperson");
    const notices = async () => {
      const [row] = await h.sql<{ n: number }[]>`
        select count(*)::int as n from notifications where salesperson_id = ${quietSeller.id} and type = 'new_message'`;
      return row!.n;
    };
    await callerFor(account).notifications.setPreference({ kind: "messages", inApp: false });
    await contact(quietSeller.id, "Quiet please");
    expect(await notices()).toBe(0);
    // Its e-mail, still on, goes out.
    await h.waitForMail((m) => m.to.includes(quietSeller.email.toLowerCase()) && m.subject === BUYER_MESSAGE);

    // The buyer's own bell (a notice to an account, not a profile) honours theirs too.
    const before = await h.sql<{ n: number }[]>`
      select count(*)::int as n from notifications where user_id = ${buyer.userId} and type = 'new_message'`;
    await callerFor(buyer).notifications.setPreference({ kind: "messages", inApp: false });
    const [conversation] = await h.sql<{ id: number }[]>`
      select id from conversations where customer_id = ${buyer.userId} and salesperson_id = ${quietSeller.id}`;
    await callerFor(account).messages.reply({ conversationId: conversation!.id, body: "Of course." });
    const after = await h.sql<{ n: number }[]>`
      select count(*)::int as n from notifications where user_id = ${buyer.userId} and type = 'new_message'`;
    expect(after[0]!.n).toBe(before[0]!.n);

    // Switched on again, the next one is written.
    await callerFor(account).notifications.setPreference({ kind: "messages", inApp: true });
    await contact(quietSeller.id, "Thanks!");
    expect(await notices()).toBe(1);
    // Another salesperson's notices never depended on this one's choice.
    await h.signIn(otherSeller.email, "salesperson");
    await contact(otherSeller.id, "Hello");
    const [theirs] = await h.sql<{ n: number }[]>`
      select count(*)::int as n from notifications where salesperson_id = ${otherSeller.id} and type = 'new_message'`;
    expect(theirs!.n).toBe(1);
  });
});
