// A live stream lasts only as long as the session it was opened with: signing out, ending other sessions, a
// suspension and an erasure end the account's streams at once (credentials/session.ts `endSessions` announces it;
// domains/live/hub.ts ends the streams), not at the stream's 15-minute maximum. Across two instances:
// tests/live.integration.test.ts. docs/product/security.md#sessions.
import { describe, expect, it } from "vitest";
import { createHarness } from "./support/harness";

const h = await createHarness({ RATE_LIMIT_DISABLED: "true" });
const admin = await h.signIn("live.sessions.admin@example.org", "admin");

/** Resolves true when `done` settles within `ms`, false otherwise. */
function within(done: Promise<unknown>, ms = 5000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    done.then(() => true),
    new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/** Opens a stream with the session `token`, once it is connected: what it sent, and when it ends. */
async function follow(token: string) {
  const response = await h.app.request("/trpc/live.events", {
    headers: { authorization: `Bearer ${token}` },
  });
  const body = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = "";
  let wake = () => {};
  const ended = (async () => {
    for (;;) {
      const chunk = await body.read().catch(() => ({ done: true, value: undefined }));
      if (chunk.done) break;
      text += decoder.decode(chunk.value, { stream: true });
      wake();
    }
  })();
  const sent = (holds: () => boolean) =>
    new Promise<void>((resolve) => {
      wake = () => holds() && resolve();
      wake();
    });
  const events = () => (text.match(/^id: /gm) ?? []).length;
  expect(await within(sent(() => text.includes("event: connected")))).toBe(true);
  return {
    ended,
    /** Whether the stream still delivers: an event for the account after `publish` runs. */
    async delivers(publish: () => Promise<unknown>) {
      const before = events();
      await publish();
      return within(sent(() => events() > before));
    },
    cancel: () => body.cancel().catch(() => {}),
  };
}

async function notify(userId: string, title: string) {
  await h.sql`insert into notifications (user_id, type, title, body) values (${userId}, 'message', ${title}, '')`;
}

describe("a live stream ends with its session", () => {
  it("signing out ends the streams of that session, not those of the account's other sessions", async () => {
    const phone = await h.signIn("live.signout@example.org");
    const laptop = await h.signIn("live.signout@example.org");
    const onPhone = await follow(phone.token);
    const onLaptop = await follow(laptop.token);
    expect((await h.request("POST", "/api/logout", { cookie: phone.cookie })).status).toBe(302);
    expect(await within(onPhone.ended)).toBe(true);
    expect(await onLaptop.delivers(() => notify(laptop.userId, "Still here"))).toBe(true);
    await onLaptop.cancel();
  });

  it('"end other sessions" ends their streams and keeps the current one\'s', async () => {
    const current = await h.signIn("live.others@example.org");
    const other = await h.signIn("live.others@example.org");
    const mine = await follow(current.token);
    const theirs = await follow(other.token);
    const res = await h.request("POST", "/api/security/terminate-session", {
      cookie: current.cookie,
      body: { allOthers: true },
    });
    expect(res.status, res.text).toBe(200);
    expect(await within(theirs.ended)).toBe(true);
    expect(await mine.delivers(() => notify(current.userId, "Kept"))).toBe(true);
    await mine.cancel();
  });

  it("a suspension ends every stream of the account", async () => {
    const person = await h.signIn("live.suspended@example.org");
    const streams = [await follow(person.token), await follow(person.token)];
    const res = await h.request("POST", `/api/admin/user/${person.userId}/suspend`, {
      cookie: admin.cookie,
      body: { reason: "Abusive messages" },
    });
    expect(res.status, res.text).toBe(200);
    for (const stream of streams) expect(await within(stream.ended)).toBe(true);
  });

  it("an erasure ends every stream of the account", async () => {
    const person = await h.signIn("live.erased@example.org");
    const stream = await follow(person.token);
    const filed = await h.request("POST", "/api/compliance/gdpr-requests", {
      cookie: person.cookie,
      body: { requestType: "erasure" },
    });
    expect(filed.status, filed.text).toBe(201);
    const done = await h.request("PATCH", `/api/compliance/gdpr-requests/${filed.json.id}`, {
      cookie: admin.cookie,
      body: { action: "complete", note: "Done" },
    });
    expect(done.status, done.text).toBe(200);
    expect(await within(stream.ended)).toBe(true);
  });
});
