// Requests this server makes to addresses its users typed (CRM endpoints and webhooks): a time limit, a capped
// answer, and, unless allowed, no private, loopback or link-local destinations (SSRF). The check runs on the
// addresses DNS answers at connect time, so a name that resolves to 127.0.0.1 is refused as well.
import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import http from "node:http";
import https from "node:https";
import { isIP } from "node:net";

export type OutboundResult = { status: number; durationMs: number; body: string };

/** A destination refused before connecting; `message` says why, for the person who typed it. */
export class OutboundRefused extends Error {
  override readonly name = "OutboundRefused";
}

function ipv4Private(ip: string): boolean {
  const [a = 0, b = 0] = ip.split(".").map(Number);
  return (
    a === 0 ||
    a === 10 ||
    a === 127 ||
    (a === 100 && b >= 64 && b <= 127) ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 198 && (b === 18 || b === 19)) ||
    a >= 224
  );
}

/** Loopback, private, link-local, carrier-grade NAT, multicast and unspecified addresses (v4 and v6). */
export function isPrivateAddress(ip: string): boolean {
  const address = ip.toLowerCase().replace(/^\[|\]$/g, "");
  if (isIP(address) === 4) return ipv4Private(address);
  if (address === "::" || address === "::1") return true;
  const mapped = address.match(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/);
  if (mapped) return ipv4Private(mapped[1]!);
  return /^(fc|fd|fe8|fe9|fea|feb|ff)/.test(address);
}

export async function outboundRequest(
  target: string,
  options: {
    method: "GET" | "POST";
    headers?: Record<string, string>;
    body?: string;
    timeoutMs: number;
    allowPrivate: boolean;
  },
): Promise<OutboundResult> {
  const url = new URL(target);
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new OutboundRefused("Only http and https addresses");
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (!options.allowPrivate && isIP(host) && isPrivateAddress(host))
    throw new OutboundRefused(`${host} is a private or loopback address, which this server does not call`);

  const lookup = (
    hostname: string,
    lookupOptions: object,
    callback: (error: Error | null, address: string | LookupAddress[], family?: number) => void,
  ) => {
    dnsLookup(hostname, { ...lookupOptions, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const list = addresses as LookupAddress[];
      const refused = options.allowPrivate ? undefined : list.find((a) => isPrivateAddress(a.address));
      if (refused)
        return callback(
          new OutboundRefused(`${hostname} resolves to ${refused.address}, a private or loopback address`),
          [],
        );
      const all = (lookupOptions as { all?: boolean }).all;
      if (all) return callback(null, list);
      const first = list[0];
      if (!first) return callback(new Error(`${hostname} has no address`), []);
      return callback(null, first.address, first.family);
    });
  };

  const started = performance.now();
  const client = url.protocol === "https:" ? https : http;
  return new Promise<OutboundResult>((resolve, reject) => {
    const req = client.request(
      url,
      {
        method: options.method,
        headers: {
          "user-agent": "KnowBefore-CRM/1.0",
          ...(options.body !== undefined
            ? { "content-length": Buffer.byteLength(options.body).toString() }
            : {}),
          ...options.headers,
        },
        lookup,
        timeout: options.timeoutMs,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on("data", (chunk: Buffer) => {
          if (size < 4096) chunks.push(chunk);
          size += chunk.length;
        });
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            durationMs: Math.round(performance.now() - started),
            body: Buffer.concat(chunks).toString("utf8").slice(0, 4096),
          }),
        );
        res.on("error", reject);
      },
    );
    req.on("timeout", () => req.destroy(new Error(`no answer within ${options.timeoutMs / 1000} s`)));
    req.on("error", reject);
    if (options.body !== undefined) req.write(options.body);
    req.end();
  });
}

/** A failed request in words: the refusal, or the network error's code and target. */
export function describeOutboundError(error: unknown): string {
  if (error instanceof OutboundRefused) return error.message;
  const e = error as { code?: string; message?: string; address?: string; port?: number };
  if (e.code === "ECONNREFUSED")
    return `Connection refused${e.address ? ` by ${e.address}${e.port ? `:${e.port}` : ""}` : ""} (ECONNREFUSED)`;
  if (e.code === "ENOTFOUND") return "The host name could not be resolved (ENOTFOUND)";
  if (e.code) return `${e.message ?? "Network error"} (${e.code})`;
  return e.message ?? "Network error";
}
