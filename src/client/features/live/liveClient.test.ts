// The live client against a stand-in EventSource: resuming after a drop, refusals, silences and gaps.
import superjson from "superjson";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { LiveEvent } from "../../../shared/schemas/live";
import { followLive, type LiveState, type LiveTiming, liveUrl } from "./liveClient";

class FakeEventSource {
  static opened: FakeEventSource[] = [];
  closed = false;
  private listeners = new Map<string, ((event: MessageEvent) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  addEventListener(type: string, listener: (event: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
  }
  emit(type: string, data = "", lastEventId = "") {
    for (const listener of this.listeners.get(type) ?? []) listener({ data, lastEventId } as MessageEvent);
  }
  connect(options: object = {}) {
    this.emit("connected", JSON.stringify(options));
  }
  send(id: string, messageId: number) {
    const event: LiveEvent = { kind: "message", payload: { conversationId: 1, messageId } };
    this.emit("message", JSON.stringify(superjson.serialize(event)), id);
  }
  refuse(httpStatus: number, cause?: string) {
    this.emit("serialized-error", JSON.stringify(superjson.serialize({ data: { httpStatus, cause } })));
  }
}

const timing: LiveTiming = { retryMs: [0, 100, 200], refusedRetryMs: 30_000, showDropAfterMs: 50 };

function follow() {
  const seen: number[] = [];
  const states: LiveState[] = [];
  const gaps: number[] = [];
  const follower = followLive(
    {
      onEvent: (e) => {
        if (e.kind === "message") seen.push(e.payload.messageId);
      },
      onState: (s) => states.push(s),
      onGap: () => gaps.push(Date.now()),
    },
    timing,
  );
  return { seen, states, gaps, follower, last: () => FakeEventSource.opened.at(-1)! };
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeEventSource.opened = [];
  vi.stubGlobal("EventSource", FakeEventSource);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("the live client", () => {
  it("resumes after a drop from the last event it received, showing nothing twice", async () => {
    const { seen, states, last } = follow();
    expect(last().url).toBe("/trpc/live.events");
    last().connect();
    last().send("5-10", 1);
    last().send("5-11", 2);
    last().emit("error");
    expect(last().closed).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(last().url).toBe(liveUrl("5-11"));
    expect(JSON.parse(decodeURIComponent(last().url.split("input=")[1]!))).toEqual({
      json: { lastEventId: "5-11" },
    });
    last().connect();
    // A replayed event (already shown) is passed over; the next one is not.
    last().send("5-11", 2);
    last().send("6-3", 3);
    expect(seen).toEqual([1, 2, 3]);
    // Reconnected at once: the drop never showed.
    expect(states).toEqual(["live", "live"]);
  });

  it("shows a drop that lasts, and backs off between attempts", async () => {
    const { states, last } = follow();
    last().connect();
    last().emit("error");
    await vi.advanceTimersByTimeAsync(0);
    last().emit("error");
    await vi.advanceTimersByTimeAsync(60);
    expect(states.at(-1)).toBe("reconnecting");
    expect(FakeEventSource.opened).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(100);
    expect(FakeEventSource.opened).toHaveLength(3);
    last().connect();
    expect(states.at(-1)).toBe("live");
  });

  it("stops for good when the session is refused (signed out)", async () => {
    const { states, last } = follow();
    last().refuse(401);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(FakeEventSource.opened).toHaveLength(1);
    expect(last().closed).toBe(true);
    expect(states).toEqual(["stopped"]);
  });

  it("waits before trying again when the account has too many pages open", async () => {
    const { last } = follow();
    last().refuse(429, "LIVE_STREAM_LIMIT");
    await vi.advanceTimersByTimeAsync(29_000);
    expect(FakeEventSource.opened).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(FakeEventSource.opened).toHaveLength(2);
  });

  it("refetches everything when a stream had to start again from now", async () => {
    const { gaps, last } = follow();
    last().connect();
    expect(gaps).toHaveLength(0);
    last().emit("error");
    await vi.advanceTimersByTimeAsync(0);
    last().connect();
    expect(gaps).toHaveLength(1);
    // With a cursor to resume from, nothing is missed: no refetch.
    last().send("7-1", 1);
    last().emit("error");
    await vi.advanceTimersByTimeAsync(100);
    last().connect();
    expect(gaps).toHaveLength(1);
  });

  it("reconnects after a silence longer than the server's pings allow, and when the server ends the stream", async () => {
    const { last } = follow();
    last().connect({ reconnectAfterInactivityMs: 1_000 });
    await vi.advanceTimersByTimeAsync(900);
    last().emit("ping");
    await vi.advanceTimersByTimeAsync(900);
    expect(FakeEventSource.opened).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(200);
    expect(FakeEventSource.opened).toHaveLength(2);
    last().connect();
    last().send("8-1", 1);
    last().emit("return");
    await vi.advanceTimersByTimeAsync(0);
    expect(FakeEventSource.opened).toHaveLength(3);
    expect(last().url).toBe(liveUrl("8-1"));
  });

  it("closes its stream and tries nothing more once closed (the page signed out)", async () => {
    const { follower, last } = follow();
    last().connect();
    follower.close();
    expect(last().closed).toBe(true);
    last().emit("error");
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeEventSource.opened).toHaveLength(1);
  });
});
