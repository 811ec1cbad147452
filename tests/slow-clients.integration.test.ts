// Slow and greedy clients against the real server process (raw sockets on 127.0.0.0/8), with its limits
// shortened through the environment: headers dribbled a byte at a time, a body sent slower than allowed, a
// thousand idle connections from one address, oversized bodies with and without Content-Length, a flood of live
// streams from one address and more connections than the server takes in all. Each is cut off, and a
// well-behaved client keeps being answered promptly meanwhile (docs/operations/connection-limits.md).
import { randomBytes } from "node:crypto";
import http from "node:http";
import { connect, type Socket } from "node:net";
import postgres from "postgres";
import { afterAll, afterEach, describe, expect, inject, it } from "vitest";
import { createSession } from "../src/server/credentials/session";
import { startServerProcess } from "./support/server-process";

const HEADERS_MS = 1500;
/** Well beyond the header deadline, so a cut at the header deadline cannot be this one's. */
const RECEIVE_MS = 5000;
const KEEP_ALIVE_MS = 1000;
/** Node keeps an idle connection this much longer than its keep-alive timeout. */
const NODE_KEEP_ALIVE_GRACE_MS = 1000;
const PER_ADDRESS = 100;
const MAX_CONNECTIONS = 300;
const LIVE_PER_ADDRESS = 4;
/**
 * How late past its deadline a cut may come: the server checks deadlines every 375 ms here, on a busy machine.
 * Short of RECEIVE_MS - HEADERS_MS, so a slow-headers cut is the header deadline's.
 */
const SLACK_MS = 2000;
/** What "promptly" means for a well-behaved request while an attack runs (it takes a few ms on a quiet machine). */
const PROMPT_MS = 1500;

const serverUrl = inject("pgServerUrl");
const dbName = `slow_${randomBytes(6).toString("hex")}`;
const admin = postgres(`${serverUrl}/postgres`, { max: 1, onnotice: () => {} });
await admin.unsafe(`create database ${dbName} template template_kb`);
const sql = postgres(`${serverUrl}/${dbName}`, { max: 2, onnotice: () => {} });
const server = await startServerProcess(
  {
    RATE_LIMIT_DISABLED: "true",
    LOG_LEVEL: "warn",
    HTTP_HEADERS_TIMEOUT_MS: String(HEADERS_MS),
    HTTP_RECEIVE_TIMEOUT_MS: String(RECEIVE_MS),
    HTTP_KEEP_ALIVE_TIMEOUT_MS: String(KEEP_ALIVE_MS),
    // Deadlines this short are only kept if checked often: a quarter of the shorter one.
    HTTP_DEADLINE_CHECK_INTERVAL_MS: String(Math.floor(HEADERS_MS / 4)),
    HTTP_MAX_CONNECTIONS_PER_ADDRESS: String(PER_ADDRESS),
    HTTP_MAX_CONNECTIONS: String(MAX_CONNECTIONS),
    LIVE_STREAMS_PER_ADDRESS: String(LIVE_PER_ADDRESS),
  },
  { database: dbName },
);
const { port } = server;
const host = `localhost:${port}`;

afterAll(async () => {
  await server.dispose();
  await sql.end();
  await admin.unsafe(`drop database if exists ${dbName} with (force)`).catch(() => {});
  await admin.end({ timeout: 1 });
}, 60_000);

/** Every raw connection a test opened: what it leaves open (when it fails) goes with it, not into the next test. */
const opened = new Set<{ destroy(): unknown }>();
afterEach(() => {
  for (const connection of opened) connection.destroy();
  opened.clear();
});

/** A raw connection from `from` (a loopback address), with what it received and when it closed. */
type Raw = {
  socket: Socket;
  connectedAt: number;
  received: () => string;
  /** Resolves when the connection closes, with the time it did. */
  closed: Promise<number>;
  isClosed: () => boolean;
};

function raw(from = "127.0.0.1"): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: "127.0.0.1", port, localAddress: from });
    opened.add(socket);
    const chunks: Buffer[] = [];
    let done = false;
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    // A refused or cut connection may end in a reset: closing is what is awaited.
    socket.on("error", () => {});
    const closed = new Promise<number>((settle) =>
      socket.once("close", () => {
        done = true;
        settle(performance.now());
      }),
    );
    socket.once("connect", () =>
      resolve({
        socket,
        connectedAt: performance.now(),
        received: () => Buffer.concat(chunks).toString("latin1"),
        closed,
        isClosed: () => done,
      }),
    );
    socket.once("error", reject);
  });
}

/** `work`, or a failure naming `what` once `ms` have passed without it. */
async function within<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: not within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Resolves once `count` of `connections` have closed. */
function closedCount(connections: Raw[], count: number): Promise<void> {
  let closed = 0;
  return new Promise((resolve) => {
    if (count <= 0) resolve();
    for (const c of connections)
      void c.closed.then(() => {
        if (++closed === count) resolve();
      });
  });
}

type Answer = { status: number; ms: number; body: string };

/** One well-behaved request from `from`, on a connection of its own. */
function request(path: string, from = "127.0.0.2"): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.get(
      { host: "127.0.0.1", port, path, localAddress: from, agent: false, headers: { host } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            ms: performance.now() - started,
            body: Buffer.concat(chunks).toString(),
          }),
        );
      },
    );
    req.on("error", reject);
  });
}

/** Well-behaved requests one after another (one every 100 ms at most) until `over` settles. */
async function servedWhile(over: Promise<unknown>, from = "127.0.0.2"): Promise<Answer[]> {
  let ended = false;
  void over.finally(() => {
    ended = true;
  });
  const answers: Answer[] = [];
  while (!ended) {
    const pace = new Promise((resolve) => setTimeout(resolve, 100));
    answers.push(await request("/api/ready", from));
    await Promise.race([pace, over.catch(() => {})]);
  }
  return answers;
}

function expectPrompt(answers: Answer[]) {
  expect(answers.length).toBeGreaterThan(2);
  expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
  expect(Math.max(...answers.map((a) => a.ms))).toBeLessThan(PROMPT_MS);
}

/** Writes `text` one byte every `everyMs` until the connection closes or the text runs out. */
function dribble(connection: Raw, text: string, everyMs: number): void {
  let at = 0;
  const timer = setInterval(() => {
    if (connection.isClosed() || at >= text.length) {
      clearInterval(timer);
      return;
    }
    connection.socket.write(text[at++]!);
  }, everyMs);
  void connection.closed.then(() => clearInterval(timer));
}

describe("slow and greedy clients", () => {
  it("cuts off clients that dribble their headers a byte at a time; others are answered meanwhile", async () => {
    const dribblers = await Promise.all(Array.from({ length: 20 }, () => raw()));
    const started = performance.now();
    // Twenty seconds' worth of headers at this pace: only the server's deadline ends them.
    const headers = `GET /api/health HTTP/1.1\r\nHost: ${host}\r\nX-Padding: ${"a".repeat(200)}\r\n\r\n`;
    for (const d of dribblers) dribble(d, headers, 100);
    const cut = within(
      Promise.all(dribblers.map((d) => d.closed)),
      HEADERS_MS + SLACK_MS,
      "slow headers cut",
    );
    const answers = await servedWhile(cut);
    const closedAt = await cut;

    for (const [i, d] of dribblers.entries()) {
      expect(d.received()).toMatch(/^HTTP\/1\.1 408 /);
      expect(closedAt[i]! - started).toBeGreaterThanOrEqual(HEADERS_MS - 100);
    }
    expectPrompt(answers);
  });

  it("cuts off a body sent slower than allowed; others are answered meanwhile", async () => {
    const senders = await Promise.all(Array.from({ length: 20 }, () => raw()));
    const started = performance.now();
    const body = JSON.stringify({ email: "slow.body@example.org" }).padEnd(1000, " ");
    for (const s of senders)
      s.socket.write(
        `POST /api/auth/request-login HTTP/1.1\r\nHost: ${host}\r\nOrigin: http://${host}\r\n` +
          `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
      );
    // A hundred seconds' worth of body at this pace.
    for (const s of senders) dribble(s, body, 100);
    const cut = within(Promise.all(senders.map((s) => s.closed)), RECEIVE_MS + SLACK_MS, "slow bodies cut");
    const answers = await servedWhile(cut);
    const closedAt = await cut;

    for (const [i, s] of senders.entries()) {
      expect(s.received()).toMatch(/^HTTP\/1\.1 408 /);
      expect(closedAt[i]! - started).toBeGreaterThanOrEqual(RECEIVE_MS - 100);
    }
    expectPrompt(answers);
  });

  it("holds one address to its connections: of 1,000 idle ones the excess is refused at once, the rest close", async () => {
    // 50 keep-alive connections, each answered once and then left idle.
    const keptAlive = await Promise.all(Array.from({ length: 50 }, () => raw()));
    await Promise.all(
      keptAlive.map(
        (k) =>
          new Promise<void>((resolve) => {
            k.socket.on("data", () => {
              if (k.received().includes('{"status":"ok"}')) resolve();
            });
            k.socket.write(`GET /api/health HTTP/1.1\r\nHost: ${host}\r\nConnection: keep-alive\r\n\r\n`);
          }),
      ),
    );
    const answeredAt = performance.now();
    // 950 more that never send a byte, opened 50 at a time.
    const idle: Raw[] = [];
    for (let i = 0; i < 950; i += 50)
      idle.push(...(await Promise.all(Array.from({ length: 50 }, () => raw()))));
    const all = [...keptAlive, ...idle];
    expect(all).toHaveLength(1000);
    console.log(
      `1,000 connections: all open ${Math.round(performance.now() - answeredAt)} ms after the keep-alive ones were answered`,
    );

    // The server closes what is beyond the address's share at once, with nothing said.
    await within(
      closedCount(all, all.length - PER_ADDRESS),
      HEADERS_MS / 2,
      "connections beyond the address's share refused",
    );
    const accepted = all.filter((c) => !c.isClosed());
    const refused = all.filter((c) => c.isClosed());
    expect(accepted).toHaveLength(PER_ADDRESS);
    expect(accepted).toEqual(expect.arrayContaining(keptAlive));
    for (const r of refused) expect(r.received()).toBe("");

    // Meanwhile another address is answered at once, and this one gets no more.
    const other = await request("/api/ready", "127.0.0.2");
    expect(other.status).toBe(200);
    expect(other.ms).toBeLessThan(PROMPT_MS);
    const more = await raw("127.0.0.1");
    await within(more.closed, HEADERS_MS / 2, "one more connection from the full address refused");
    expect(more.received()).toBe("");

    // The ones it kept close by themselves: idle keep-alive ones after the keep-alive timeout, never-used ones
    // at the header deadline (408).
    const keptAliveClosed = await within(
      Promise.all(keptAlive.map((k) => k.closed)),
      KEEP_ALIVE_MS + NODE_KEEP_ALIVE_GRACE_MS + SLACK_MS,
      "idle keep-alive connections closed",
    );
    for (const at of keptAliveClosed) expect(at - answeredAt).toBeGreaterThanOrEqual(KEEP_ALIVE_MS - 100);
    const unused = accepted.slice(keptAlive.length);
    await within(Promise.all(unused.map((u) => u.closed)), HEADERS_MS + SLACK_MS, "unused connections cut");
    for (const u of unused) expect(u.received()).toMatch(/^HTTP\/1\.1 408 /);
    // Once they are gone, the address is served again; the refusals were logged.
    expect((await request("/api/ready", "127.0.0.1")).status).toBe(200);
    expect(server.stdout() + server.stderr()).toContain(
      "connection from 127.0.0.1 refused: it holds HTTP_MAX_CONNECTIONS_PER_ADDRESS connections already",
    );
  });

  describe("oversized bodies", () => {
    /**
     * Posts a body without end (with a Content-Length of 128 MiB, or chunked without one) for as long as the
     * connection lasts, at most 128 MiB: answers what came back, how much had been sent when the answer arrived,
     * and how much in all.
     */
    async function flood(chunked: boolean) {
      const LIMIT = 128 * 1024 * 1024;
      const c = await raw();
      c.socket.write(
        `POST /api/auth/request-login HTTP/1.1\r\nHost: ${host}\r\nOrigin: http://${host}\r\n` +
          `Content-Type: application/json\r\n${chunked ? "Transfer-Encoding: chunked" : `Content-Length: ${LIMIT}`}\r\n\r\n`,
      );
      const piece = Buffer.alloc(64 * 1024, 0x20);
      const framed = chunked
        ? Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from("\r\n")])
        : piece;
      let sent = 0;
      let sentAtAnswer: number | null = null;
      let answeredAt = 0;
      c.socket.on("data", () => {
        if (sentAtAnswer === null && c.received().includes("\r\n\r\n")) {
          sentAtAnswer = sent;
          answeredAt = performance.now();
        }
      });
      const pump = async () => {
        while (!c.isClosed() && sent < LIMIT) {
          const ok = c.socket.write(framed);
          sent += piece.length;
          if (!ok) await Promise.race([new Promise((r) => c.socket.once("drain", r)), c.closed]);
        }
        if (!c.isClosed() && chunked) c.socket.write("0\r\n\r\n");
      };
      await pump();
      const closedAt = await within(c.closed, 10_000, "the flooding connection closed");
      return {
        answer: c.received(),
        sentAtAnswer,
        sent,
        limit: LIMIT,
        closedAfterAnswer: closedAt - answeredAt,
      };
    }

    for (const chunked of [false, true]) {
      it(`refuses one ${chunked ? "sent chunked, without Content-Length" : "with a Content-Length"} (413) and cuts the connection before it is all sent`, async () => {
        const attack = flood(chunked);
        const answers = await servedWhile(attack, "127.0.0.1");
        const { answer, sentAtAnswer, sent, limit, closedAfterAnswer } = await attack;
        const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
        console.log(
          `oversized body (${chunked ? "chunked" : "Content-Length"}): answered after ${mib(sentAtAnswer ?? 0)} sent, closed ${Math.round(closedAfterAnswer)} ms later after ${mib(sent)}`,
        );

        expect(answer).toMatch(/^HTTP\/1\.1 413 /);
        expect(answer).toContain('"code":"PAYLOAD_TOO_LARGE"');
        // Answered after the first megabyte or so (what sockets buffer on the way comes on top), not at the end.
        expect(sentAtAnswer).not.toBeNull();
        expect(sentAtAnswer!).toBeLessThan(16 * 1024 * 1024);
        // And the connection went well before the body's end.
        expect(sent).toBeLessThan(limit);
        expect(closedAfterAnswer).toBeLessThan(PROMPT_MS);
        expect(answers.every((a) => a.status === 200 && a.ms < PROMPT_MS)).toBe(true);
      });
    }
  });

  describe("live streams from one address", () => {
    /** `accepted`: the stream sent its `connected` event; otherwise the answer ended without one. */
    type Opened = {
      accepted: boolean;
      status: number;
      headers: http.IncomingHttpHeaders;
      body: string;
      close: () => void;
    };

    /** Opens a live stream from `from`: resolves once it is accepted (its `connected` event) or refused. */
    function openStream(token: string, from: string): Promise<Opened> {
      return new Promise((resolve, reject) => {
        const req = http.get(
          {
            host: "127.0.0.1",
            port,
            path: "/trpc/live.events",
            localAddress: from,
            agent: false,
            headers: { host, authorization: `Bearer ${token}`, accept: "text/event-stream" },
          },
          (res) => {
            let body = "";
            const close = () => req.destroy();
            res.on("data", (chunk: Buffer) => {
              body += chunk.toString();
              if (res.statusCode === 200 && body.includes("event: connected"))
                resolve({ accepted: true, status: 200, headers: res.headers, body, close });
            });
            res.on("end", () =>
              resolve({ accepted: false, status: res.statusCode ?? 0, headers: res.headers, body, close }),
            );
          },
        );
        opened.add(req);
        req.on("error", reject);
      });
    }

    async function customerToken(label: string): Promise<string> {
      const [user] = await sql<{ id: string }[]>`
        insert into users (email, role, first_name)
        values (${`slow.${label}@example.org`}, 'customer', ${label}) returning id`;
      return (await createSession(sql, user!.id, {})).token;
    }

    it("takes only a few at once from one address (429 with Retry-After) and still takes another's", async () => {
      // Three accounts, each far below its own cap of eight: the address's cap is what refuses.
      const tokens = await Promise.all(["one", "two", "three"].map(customerToken));
      const flood = await Promise.all(
        Array.from({ length: 24 }, (_, i) => openStream(tokens[i % 3]!, "127.0.0.1")),
      );
      const accepted = flood.filter((s) => s.accepted);
      const refused = flood.filter((s) => !s.accepted);
      expect(accepted).toHaveLength(LIVE_PER_ADDRESS);
      expect(refused).toHaveLength(24 - LIVE_PER_ADDRESS);
      for (const r of refused) {
        expect(r.status).toBe(429);
        expect(r.headers["retry-after"]).toBe("30");
        expect(JSON.parse(r.body)).toMatchObject({
          code: "LIVE_STREAM_ADDRESS_LIMIT",
          message: expect.stringContaining(`At most ${LIVE_PER_ADDRESS} live streams`),
        });
      }

      // Another address follows the same account, and ordinary requests are answered at once.
      const elsewhere = await openStream(tokens[0]!, "127.0.0.2");
      expect(elsewhere.accepted).toBe(true);
      const answer = await request("/api/ready", "127.0.0.1");
      expect(answer.status).toBe(200);
      expect(answer.ms).toBeLessThan(PROMPT_MS);

      // A stream that ends gives its place back.
      accepted[0]!.close();
      let again = await openStream(tokens[1]!, "127.0.0.1");
      const deadline = performance.now() + 5000;
      while (!again.accepted && again.status === 429 && performance.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        again = await openStream(tokens[1]!, "127.0.0.1");
      }
      expect(again.accepted).toBe(true);
      for (const s of [...accepted, elsewhere, again]) s.close();
    });
  });

  it("takes no more connections than its overall cap, from however many addresses", async () => {
    // Three addresses, each within its own share, fill the server; a fourth is refused at once.
    const held: Raw[] = [];
    for (const from of ["127.0.0.3", "127.0.0.4", "127.0.0.5"])
      for (let i = 0; i < PER_ADDRESS; i += 50)
        held.push(...(await Promise.all(Array.from({ length: 50 }, () => raw(from)))));
    const beyond = await Promise.all(Array.from({ length: 20 }, () => raw("127.0.0.6")));
    await within(
      Promise.all(beyond.map((b) => b.closed)),
      HEADERS_MS / 2,
      "connections beyond the cap refused",
    );
    for (const b of beyond) expect(b.received()).toBe("");
    // Connections this run left behind (the ready checks') may hold a few places: nearly all of ours are kept.
    const kept = held.filter((h) => !h.isClosed());
    expect(kept.length).toBeGreaterThan(MAX_CONNECTIONS - 10);
    // They send nothing, so the header deadline ends them, and the server takes new connections again.
    await within(Promise.all(held.map((h) => h.closed)), HEADERS_MS + SLACK_MS, "held connections cut");
    const after = await request("/api/ready", "127.0.0.6");
    expect(after.status).toBe(200);
    expect(after.ms).toBeLessThan(PROMPT_MS);
  });
});
