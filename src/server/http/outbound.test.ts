// Outbound requests: every non-public address refused whether typed or resolved (never contacted), the
// deadline covering the whole answer, and the size cap. Only servers on 127.0.0.1 are ever contacted.
import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { describeOutboundError, isPublicAddress, OutboundRefused, outboundRequest } from "./outbound";

/** A server on 127.0.0.1 that counts what reaches it; `answer` decides each reply. */
async function loopbackServer(answer: (res: ServerResponse) => void) {
  const hits: string[] = [];
  const server: Server = createServer((req, res) => {
    hits.push(`${req.method} ${req.headers.host}`);
    answer(res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  afterAll(() => {
    server.closeAllConnections();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return { port: (server.address() as AddressInfo).port, hits };
}

const strict = { method: "GET", timeoutMs: 2000, allowPrivate: false } as const;

describe("isPublicAddress", () => {
  it("refuses loopback, private, link-local, unique-local, multicast, unspecified and reserved ranges in every form", () => {
    for (const address of [
      "127.0.0.1",
      "10.0.0.1",
      "172.16.5.4",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "224.0.0.1",
      "255.255.255.255",
      "192.0.2.10",
      "198.18.0.1",
      "::",
      "::1",
      "::ffff:7f00:1",
      "::ffff:127.0.0.1",
      "::ffff:a9fe:a9fe",
      "::ffff:10.0.0.1",
      "::ffff:c0a8:101",
      "::7f00:1",
      "64:ff9b::7f00:1",
      "64:ff9b:1::a00:1",
      "2002:7f00:1::",
      "2001:0:4136:e378:8000:63bf:3fff:fdd2",
      "fe80::1",
      "fc00::1",
      "fd12:3456::1",
      "ff02::1",
      "2001:db8::1",
      "not-an-address",
    ])
      expect(isPublicAddress(address), address).toBe(false);
  });

  it("accepts public unicast addresses, an IPv4 one written as IPv6 too", () => {
    for (const address of ["8.8.8.8", "93.184.216.34", "2606:4700:4700::1111", "::ffff:8.8.8.8"])
      expect(isPublicAddress(address), address).toBe(true);
  });
});

describe("outboundRequest", () => {
  it("refuses loopback and metadata literals in their mapped, NAT64 and shorthand forms without connecting", async () => {
    const target = await loopbackServer((res) => res.writeHead(500).end("internal admin panel"));
    for (const url of [
      `http://[::ffff:127.0.0.1]:${target.port}/`,
      `http://[::ffff:7f00:1]:${target.port}/`,
      "http://[::ffff:a9fe:a9fe]/latest/meta-data/",
      `http://[64:ff9b::7f00:1]:${target.port}/`,
      `http://0x7f.1:${target.port}/`,
      `http://127.0.0.1:${target.port}/`,
    ]) {
      const error = await outboundRequest(url, strict).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error, url).toBeInstanceOf(OutboundRefused);
      expect(describeOutboundError(error), url).toMatch(/private or loopback/);
    }
    expect(target.hits).toEqual([]);
  });

  it("refuses a name that resolves to a private address, and connects to exactly the address it checked", async () => {
    const asked: string[] = [];
    const resolvesTo = (address: string) => async (hostname: string) => {
      asked.push(hostname);
      return [{ address, family: 4 }];
    };
    const target = await loopbackServer((res) => res.writeHead(204).end());
    for (const [name, address] of [
      ["loopback.internal.test", "127.0.0.1"],
      ["crm.internal.test", "10.0.0.1"],
    ] as const) {
      const error = await outboundRequest(`http://${name}:${target.port}/api`, {
        ...strict,
        resolve: resolvesTo(address),
      }).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error, name).toBeInstanceOf(OutboundRefused);
      expect((error as Error).message).toContain(`${name} resolves to ${address}`);
    }
    expect(asked).toEqual(["loopback.internal.test", "crm.internal.test"]);
    expect(target.hits).toEqual([]);

    // Allowed (development): the connection goes to the resolved address, with the typed name as Host.
    const answer = await outboundRequest(`http://receiver.test:${target.port}/`, {
      ...strict,
      allowPrivate: true,
      resolve: resolvesTo("127.0.0.1"),
    });
    expect(answer.status).toBe(204);
    expect(target.hits).toEqual([`GET receiver.test:${target.port}`]);
  });

  it("answers the status line only, never the body", async () => {
    const target = await loopbackServer((res) => res.writeHead(500).end("secret internal detail"));
    const answer = await outboundRequest(`http://127.0.0.1:${target.port}/`, {
      ...strict,
      allowPrivate: true,
    });
    expect(answer.status).toBe(500);
    expect(JSON.stringify(answer)).not.toContain("secret internal detail");
  });

  it("fails at the deadline when an answer drips in, however steadily", async () => {
    const timers: NodeJS.Timeout[] = [];
    afterAll(() => {
      for (const timer of timers) clearInterval(timer);
    });
    const target = await loopbackServer((res) => {
      res.writeHead(200, { "content-type": "text/plain" });
      timers.push(setInterval(() => res.write("x"), 200));
    });
    const started = performance.now();
    const error = await outboundRequest(`http://127.0.0.1:${target.port}/`, {
      ...strict,
      allowPrivate: true,
      timeoutMs: 500,
    }).then(
      () => null,
      (e: unknown) => e,
    );
    const elapsed = performance.now() - started;
    expect(describeOutboundError(error)).toBe("No complete answer within 0.5 s");
    expect(elapsed).toBeGreaterThanOrEqual(490);
    expect(elapsed).toBeLessThan(1500);
  });

  it("stops reading an answer past the size cap", async () => {
    const target = await loopbackServer((res) => {
      res.writeHead(200);
      res.write(Buffer.alloc(4096, 120));
      // Never ends: only the cap can settle the request before the deadline.
    });
    const error = await outboundRequest(`http://127.0.0.1:${target.port}/`, {
      ...strict,
      allowPrivate: true,
      timeoutMs: 5000,
      maxBytes: 1024,
    }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(describeOutboundError(error)).toBe("The answer was larger than 1024 bytes");
  });
});
