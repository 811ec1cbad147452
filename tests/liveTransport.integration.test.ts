// The live stream's own transport (src/server/domains/live/transport.ts) against tRPC's: the same bytes for the
// same events, pings and an end after the stream's maximum duration from one shared timer, and a stream whose
// client goes, or that ends, gives its place back.
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { describe, expect, it } from "vitest";
import { createApp } from "../src/server/app";
import { validateSessionToken } from "../src/server/credentials/session";
import { appRouter } from "../src/server/trpc/root";
import { createHarness } from "./support/harness";

const h = await createHarness();
const { userId, token } = await h.signIn("transport.reader@example.org");
const auth = (await validateSessionToken(h.sql, token))!;

/** Waits until `test` holds; past the deadline, fails with what `failure` says of the wait. */
async function until(test: () => boolean, failure = () => "condition never held", timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (!test()) {
    if (Date.now() > deadline) throw new Error(failure());
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Everything a stream sends, as text, read as it arrives. */
function reader(response: Response) {
  const body = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = "";
  const pump = (async () => {
    for (;;) {
      const chunk = await body.read().catch(() => ({ done: true, value: undefined }));
      if (chunk.done) break;
      text += decoder.decode(chunk.value, { stream: true });
    }
  })();
  return {
    text: () => text,
    async until(test: (text: string) => boolean) {
      await until(
        () => test(text),
        () => `stream never matched; it sent: ${JSON.stringify(text)}`,
      );
      return text;
    },
    async cancel() {
      await body.cancel();
      await pump;
    },
    pump,
  };
}

async function notify(title: string) {
  await h.sql`insert into notifications (user_id, type, title, body) values (${userId}, 'message', ${title}, '')`;
}

describe("the live stream's transport", () => {
  it("sends what tRPC's own adapter sends for the same events, byte for byte", async () => {
    // Both resume after the same event, so both read the same events from the rows, however soon each starts.
    await notify("Before");
    const [last] = await h.sql<{ cursor: string }[]>`
      select tx || '-' || id as cursor from live_events where user_id = ${userId} order by tx desc, id desc limit 1`;
    const input = encodeURIComponent(JSON.stringify({ json: { lastEventId: last!.cursor } }));
    const ours = reader(
      await h.app.request(`/trpc/live.events?input=${input}`, {
        headers: { authorization: `Bearer ${token}` },
      }),
    );
    const theirs = reader(
      await fetchRequestHandler({
        endpoint: "/trpc",
        req: new Request(`http://localhost/trpc/live.events?input=${input}`),
        router: appRouter,
        createContext: () => ({
          ...h.deps,
          user: auth.user,
          session: auth.session,
          ip: "127.0.0.1",
          userAgent: "vitest",
          requestId: "vitest",
          resHeaders: new Headers(),
        }),
      }),
    );
    await Promise.all([
      ours.until((t) => t.includes("connected")),
      theirs.until((t) => t.includes("connected")),
    ]);
    await notify("First");
    await notify("Second");
    const twoEvents = (t: string) => (t.match(/^id: /gm) ?? []).length >= 2;
    await Promise.all([ours.until(twoEvents), theirs.until(twoEvents)]);
    expect(ours.text()).toMatch(/^event: connected\ndata: \{"reconnectAfterInactivityMs":40000\}\n\n\n/);
    expect(ours.text()).toMatch(/\ndata: \{"json":\{"kind":"notification",.*\}\}\nid: \d+-\d+\n\n\n$/);
    expect(ours.text()).toBe(theirs.text());
    await Promise.all([ours.cancel(), theirs.cancel()]);
  });

  it("answers with the headers of every API answer and tRPC's event-stream headers", async () => {
    const response = await h.app.request("/trpc/live.events", {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/event-stream");
    expect(response.headers.get("cache-control")).toBe("no-cache, no-transform");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    await response.body!.cancel();
  });

  it("pings every open stream and ends each after its maximum duration, with tRPC's return event", async () => {
    const app = createApp(h.deps, {
      clientDir: "/nonexistent",
      liveTiming: { pingMs: 40, maxDurationMs: 400 },
    });
    const before = h.deps.live.size;
    const started = Date.now();
    const streams = await Promise.all(
      [1, 2].map(async () =>
        reader(await app.request("/trpc/live.events", { headers: { authorization: `Bearer ${token}` } })),
      ),
    );
    await Promise.all(streams.map((s) => s.pump));
    expect(Date.now() - started).toBeGreaterThanOrEqual(400);
    for (const stream of streams) {
      expect((stream.text().match(/^event: ping\ndata: \n\n\n/gm) ?? []).length).toBeGreaterThanOrEqual(3);
      expect(stream.text()).toMatch(/event: return\ndata: \n\n\n$/);
    }
    expect(h.deps.live.size).toBe(before);
  });

  it("ends the stream, and frees its place under the cap, when its client goes", async () => {
    const before = h.deps.live.size;
    const stream = reader(
      await h.app.request("/trpc/live.events", { headers: { authorization: `Bearer ${token}` } }),
    );
    await stream.until((t) => t.includes("connected"));
    expect(h.deps.live.size).toBe(before + 1);
    await stream.cancel();
    await until(() => h.deps.live.size === before);
  });

  it("leaves a refused call to tRPC, which answers it as a serialized error", async () => {
    const response = await h.app.request("/trpc/live.events");
    expect(response.headers.get("vary")).toContain("trpc-accept");
    const text = await reader(response).until((t) => t.includes("serialized-error"));
    expect(text).toContain('"httpStatus":401');
  });

  it("refuses with 400 INVALID_CURSOR a well-formed cursor that names none of this account's events", async () => {
    await notify("Mine");
    const other = await h.signIn("transport.other@example.org");
    await h.sql`insert into notifications (user_id, type, title, body) values (${other.userId}, 'message', 'Theirs', '')`;
    const cursorOf = async (owner: string) => {
      const [row] = await h.sql<{ cursor: string }[]>`
        select tx || '-' || id as cursor from live_events where user_id = ${owner} order by tx desc, id desc limit 1`;
      return row!.cursor;
    };
    const open = (lastEventId: string) =>
      h.app.request(
        `/trpc/live.events?input=${encodeURIComponent(JSON.stringify({ json: { lastEventId } }))}`,
        { headers: { authorization: `Bearer ${token}` } },
      );
    for (const cursor of ["1-1", "1-9223372036854775807", await cursorOf(other.userId)]) {
      const text = await reader(await open(cursor)).until((t) => t.includes("serialized-error"));
      expect(text, cursor).toContain('"httpStatus":400');
      expect(text, cursor).toContain('"cause":"INVALID_CURSOR"');
    }
    // The account's own cursor resumes.
    const own = reader(await open(await cursorOf(userId)));
    await own.until((t) => t.includes("connected"));
    expect(own.text()).not.toContain("serialized-error");
    await own.cancel();
  });
});
