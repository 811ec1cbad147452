// A lean HTTP/1.1 client for the paced benchmarks: keep-alive sockets to one host, one request in flight per
// socket, requests queued while every socket is busy. node:http's client costs the generator ~0.6 ms of CPU a
// request (and its garbage collections pause every answer in flight); on a 2-core machine that shares the CPU
// with the server being measured, so the generator here writes one buffer per request and parses only the
// status line, Content-Length or chunked framing, and the body.
import net from "node:net";

export type LeanRequest = {
  /** GET when left out. */
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
};

export type LeanAnswer = { status: number; body: Buffer };

type Job = {
  head: Buffer;
  body: Buffer | null;
  resolve: (answer: LeanAnswer) => void;
  reject: (error: Error) => void;
};

const CRLF = Buffer.from("\r\n");
const HEAD_END = Buffer.from("\r\n\r\n");

/** Reads one answer at a time from a socket's bytes. */
class AnswerParser {
  private buffered: Buffer = Buffer.alloc(0);
  private status = 0;
  /** Bytes of body still to come (Content-Length), or -1 for chunked, or null while reading the head. */
  private remaining: number | null = null;
  private chunks: Buffer[] = [];

  /** Feeds bytes; answers every complete answer they finish. */
  push(data: Buffer, done: (answer: LeanAnswer) => void): void {
    this.buffered = this.buffered.length === 0 ? data : Buffer.concat([this.buffered, data]);
    for (;;) {
      if (this.remaining === null) {
        const end = this.buffered.indexOf(HEAD_END);
        if (end < 0) return;
        const head = this.buffered.subarray(0, end).toString("latin1");
        this.buffered = this.buffered.subarray(end + 4);
        this.status = Number(head.slice(9, 12));
        const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
        if (length) this.remaining = Number(length[1]);
        else if (/\r\ntransfer-encoding:\s*chunked/i.test(head)) this.remaining = -1;
        else this.remaining = 0;
      }
      if (this.remaining >= 0) {
        if (this.buffered.length < this.remaining) return;
        const body = this.buffered.subarray(0, this.remaining);
        this.buffered = this.buffered.subarray(this.remaining);
        this.finish(body, done);
        continue;
      }
      // Chunked: size line, data, CRLF; a zero size ends the body (no trailers are sent to us).
      const line = this.buffered.indexOf(CRLF);
      if (line < 0) return;
      const size = Number.parseInt(this.buffered.subarray(0, line).toString("latin1"), 16);
      if (size === 0) {
        if (this.buffered.length < line + 4) return;
        this.buffered = this.buffered.subarray(line + 4);
        this.finish(Buffer.concat(this.chunks), done);
        continue;
      }
      if (this.buffered.length < line + 2 + size + 2) return;
      this.chunks.push(this.buffered.subarray(line + 2, line + 2 + size));
      this.buffered = this.buffered.subarray(line + 2 + size + 2);
    }
  }

  private finish(body: Buffer, done: (answer: LeanAnswer) => void): void {
    this.remaining = null;
    this.chunks = [];
    done({ status: this.status, body });
  }
}

/** Below the server's keep-alive timeout (Node's default, 5 s), with room for a request on its way. */
const STALE_AFTER_MS = 4_000;

/** Keep-alive connections to `host:port`, at most `size`, opened by `open()`. */
export function leanPool(host: string, port: number, size: number) {
  const idle: Connection[] = [];
  const queue: Job[] = [];
  const all = new Set<Connection>();
  let closing = false;

  class Connection {
    readonly socket: net.Socket;
    private readonly parser = new AnswerParser();
    private job: Job | null = null;
    private connected = false;
    private error: Error | null = null;
    /** When it last answered (performance.now()): a connection idle too long may be closing at the server. */
    idleSince = performance.now();

    /** `refused`: the connection could not be opened (it is then not replaced). */
    constructor(ready: () => void, refused: (error: Error) => void) {
      this.socket = net.connect({ host, port, noDelay: true }, () => {
        this.connected = true;
        ready();
      });
      this.socket.on("data", (data) =>
        this.parser.push(data, (answer) => {
          const job = this.job;
          this.job = null;
          job?.resolve(answer);
          this.release();
        }),
      );
      // "close" follows every error: that is where the connection is given up.
      this.socket.on("error", (error) => {
        this.error = error;
      });
      this.socket.on("close", () => {
        const error = this.error ?? Object.assign(new Error("socket closed"), { code: "ECONNRESET" });
        all.delete(this);
        const at = idle.indexOf(this);
        if (at >= 0) idle.splice(at, 1);
        this.job?.reject(error);
        this.job = null;
        if (!this.connected) refused(error);
        // A connection the server closed is replaced, as an agent would open a new one.
        else if (!closing) connect().catch(() => {});
        // With no connection left, nothing will send what is queued.
        if (all.size === 0) for (const job of queue.splice(0)) job.reject(error);
      });
    }

    run(job: Job): void {
      this.job = job;
      this.socket.write(job.body ? Buffer.concat([job.head, job.body]) : job.head);
    }

    release(): void {
      const next = queue.shift();
      if (next) this.run(next);
      else {
        this.idleSince = performance.now();
        idle.push(this);
      }
    }
  }

  /** Opens one more connection, which takes queued work once connected. */
  function connect(): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const connection = new Connection(() => {
        connection.release();
        resolve();
      }, reject);
      all.add(connection);
    });
  }

  return {
    /** Opens every connection; resolves when all are connected, rejects when one cannot be. */
    async open(): Promise<void> {
      await Promise.all(Array.from({ length: size }, connect));
    },
    /** Sends a request on a free connection (or when one frees up) and answers its status and body. */
    request(request: LeanRequest): Promise<LeanAnswer> {
      const body = request.body === undefined ? null : Buffer.from(request.body);
      let head = `${request.method ?? "GET"} ${request.path} HTTP/1.1\r\nHost: ${host}:${port}\r\n`;
      for (const [name, value] of Object.entries(request.headers ?? {})) head += `${name}: ${value}\r\n`;
      if (body) head += `Content-Length: ${body.length}\r\n`;
      const job: Job = {
        head: Buffer.from(`${head}\r\n`, "latin1"),
        body,
        resolve: () => {},
        reject: () => {},
      };
      const answer = new Promise<LeanAnswer>((resolve, reject) => {
        job.resolve = resolve;
        job.reject = reject;
      });
      let connection = idle.pop();
      // Node's server closes a keep-alive connection after 5 s without a request. One idle nearly that long is
      // not sent on (its close could cross the request, which would end without an answer): it is closed here
      // and replaced, as HTTP agents do with connections past the server's keep-alive timeout.
      while (connection && performance.now() - connection.idleSince > STALE_AFTER_MS) {
        connection.socket.destroy();
        connection = idle.pop();
      }
      if (connection) connection.run(job);
      else queue.push(job);
      return answer;
    },
    close(): void {
      closing = true;
      for (const connection of all) connection.socket.destroy();
    },
  };
}
