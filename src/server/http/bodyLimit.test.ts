// The body limit on the Node adapter, as the server runs it: a declared length over the limit refused before
// the route reads the body, a chunked body counted as it comes, and a body within the limit read by the
// adapter's direct read, with no web Request built around it. Only a server on 127.0.0.1 is contacted.
import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { declaredBodyLimit } from "./bodyLimit";

const LIMIT = 64;

/**
 * Whether the Node adapter built its web Request (with a stream around the body) for this request: the
 * adapter keeps it under a symbol of its own, found here by the symbol's name.
 */
function builtWebRequest(raw: Request): boolean {
  return Object.getOwnPropertySymbols(raw).some(
    (symbol) => symbol.description === "requestCache" && (raw as unknown as Record<symbol, unknown>)[symbol],
  );
}

let server: Server;
let port = 0;
const seen: { text: string; builtWebRequest: boolean }[] = [];

beforeAll(async () => {
  const app = new Hono();
  app.use(
    "*",
    declaredBodyLimit(LIMIT, (c) => c.json({ code: "PAYLOAD_TOO_LARGE" }, 413)),
  );
  app.post("/echo", async (c) => {
    const text = await c.req.text();
    seen.push({ text, builtWebRequest: builtWebRequest(c.req.raw) });
    return c.json({ length: text.length });
  });
  server = createServer(getRequestListener(app.fetch));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => {
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
});

/** POSTs `chunks` to /echo, with a Content-Length of their sum or (`chunked`) without one. */
function post(
  chunks: string[],
  chunked: boolean,
): Promise<{ status: number; body: string; connection: string | undefined }> {
  return new Promise((resolve, reject) => {
    const length = chunks.reduce((sum, chunk) => sum + Buffer.byteLength(chunk), 0);
    const req = httpRequest(
      {
        host: "127.0.0.1",
        port,
        method: "POST",
        path: "/echo",
        headers: { "content-type": "application/json", ...(chunked ? {} : { "content-length": length }) },
      },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          body += chunk;
        });
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, body, connection: res.headers.connection }),
        );
      },
    );
    req.on("error", reject);
    for (const chunk of chunks) req.write(chunk);
    req.end();
  });
}

describe("declaredBodyLimit", () => {
  it("lets a body within the limit through, read directly from the Node request (no web Request built)", async () => {
    seen.length = 0;
    const body = JSON.stringify({ email: "visitor@example.org" });
    const answer = await post([body], false);
    expect(answer).toEqual({
      status: 200,
      body: JSON.stringify({ length: body.length }),
      connection: "keep-alive",
    });
    expect(seen).toEqual([{ text: body, builtWebRequest: false }]);
  });

  it("refuses a declared length over the limit (413) before the route reads the body", async () => {
    seen.length = 0;
    const answer = await post(["x".repeat(LIMIT + 1)], false);
    expect(answer.status).toBe(413);
    expect(answer.body).toBe(JSON.stringify({ code: "PAYLOAD_TOO_LARGE" }));
    expect(seen).toEqual([]);
  });

  it("counts a chunked body as it comes: within the limit it reaches the route, over it is refused (413)", async () => {
    seen.length = 0;
    const within = await post(["a".repeat(LIMIT / 2), "b".repeat(LIMIT / 2)], true);
    expect(within.status).toBe(200);
    expect(seen.map((s) => s.text)).toEqual(["a".repeat(LIMIT / 2) + "b".repeat(LIMIT / 2)]);
    const over = await post(["a".repeat(LIMIT), "b"], true);
    expect(over.status).toBe(413);
    expect(over.body).toBe(JSON.stringify({ code: "PAYLOAD_TOO_LARGE" }));
    expect(seen).toHaveLength(1);
  });
});
