// Requests this server makes to addresses its users typed (CRM endpoints and webhooks): one deadline for the
// whole exchange, a cap on the answer's size, and, unless allowed, only public unicast destinations (SSRF).
// Every address is judged by the same parser, whether typed as a literal or answered by DNS, and the connection
// goes to exactly the addresses that were judged (no second lookup a rebinding name could answer differently).
import { promises as dns, type LookupAddress } from "node:dns";
import http from "node:http";
import https from "node:https";
import { isIP } from "node:net";
import ipaddr from "ipaddr.js";

/**
 * What a request answered: its status line, and its body only when asked for (a geocoder's answer is read by
 * this server; a foreign service's text is never shown to anyone).
 */
export type OutboundResult = { status: number; durationMs: number; body?: string };

/** Resolves a host name to every address it has. */
export type Resolver = (hostname: string) => Promise<LookupAddress[]>;

const systemResolver: Resolver = (hostname) => dns.lookup(hostname, { all: true, verbatim: true });

/** The most of an answer read; a larger one is cut off and counts as a failure. */
export const OUTBOUND_MAX_BYTES = 64 * 1024;

/** A destination refused before connecting; `message` says why, for the person who typed it. */
export class OutboundRefused extends Error {
  override readonly name = "OutboundRefused";
}

/** A request that failed for a reason this server states in its own words (deadline, size). */
export class OutboundFailed extends Error {
  override readonly name = "OutboundFailed";
}

/**
 * Why an address is not one this server calls, or null for a public unicast address. An IPv4 address written as
 * IPv6 (`::ffff:a.b.c.d`) is judged as the IPv4 address; translation and tunnel prefixes (NAT64, 6to4, Teredo)
 * and the deprecated IPv4-compatible form (`::a.b.c.d`) are refused outright, since they reach an IPv4 address
 * through a gateway whose side of the network is unknown.
 */
export function nonPublicRange(address: string): string | null {
  const text = address.replace(/^\[|\]$/g, "");
  if (!ipaddr.isValid(text) || isIP(text.split("%")[0] ?? "") === 0) return "not an IP address";
  let parsed = ipaddr.parse(text);
  if (parsed.kind() === "ipv6") {
    const v6 = parsed as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) parsed = v6.toIPv4Address();
    else if (v6.parts.slice(0, 6).every((part) => part === 0)) return "IPv4-compatible";
  }
  const range = parsed.range();
  return range === "unicast" ? null : range;
}

export function isPublicAddress(address: string): boolean {
  return nonPublicRange(address) === null;
}

/** The addresses to connect to: the literal itself, or every DNS answer; all must be public unless allowed. */
async function destinations(
  host: string,
  allowPrivate: boolean,
  resolve: Resolver,
): Promise<LookupAddress[]> {
  const family = isIP(host);
  const list = family ? [{ address: host, family }] : await resolve(host);
  if (list.length === 0) throw new OutboundFailed("The host name has no address (ENOTFOUND)");
  if (allowPrivate) return list;
  for (const { address } of list) {
    const range = nonPublicRange(address);
    if (range)
      throw new OutboundRefused(
        `${family ? address : `${host} resolves to ${address}, which`} is a private or loopback address (${range}): this server calls only public addresses`,
      );
  }
  return list;
}

export async function outboundRequest(
  target: string,
  options: {
    method: "GET" | "POST";
    headers?: Record<string, string>;
    body?: string;
    /** The deadline of the whole exchange: name resolution, connection, headers and the full answer. */
    timeoutMs: number;
    allowPrivate: boolean;
    /** The answer's size limit (OUTBOUND_MAX_BYTES by default). */
    maxBytes?: number;
    /** Name resolution (the system's by default). */
    resolve?: Resolver;
    /** Keep the answer's body (up to maxBytes) as text in the result. */
    readBody?: boolean;
  },
): Promise<OutboundResult> {
  const url = new URL(target);
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new OutboundRefused("Only http and https addresses");
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const maxBytes = options.maxBytes ?? OUTBOUND_MAX_BYTES;
  const started = performance.now();

  return new Promise<OutboundResult>((resolve, reject) => {
    let settled = false;
    let request: http.ClientRequest | undefined;
    const settle = (error: Error | null, result?: OutboundResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      if (error) {
        request?.destroy();
        reject(error);
      } else resolve(result!);
    };
    const deadline = setTimeout(
      () =>
        settle(
          new OutboundFailed(`No complete answer within ${Number((options.timeoutMs / 1000).toFixed(1))} s`),
        ),
      options.timeoutMs,
    );

    destinations(host, options.allowPrivate, options.resolve ?? systemResolver).then((addresses) => {
      if (settled) return;
      // The connection takes the addresses judged above, never a fresh answer.
      const lookup = (
        _hostname: string,
        lookupOptions: { all?: boolean },
        callback: (error: Error | null, address: string | LookupAddress[], family?: number) => void,
      ) => {
        if (lookupOptions.all) return callback(null, addresses);
        const [first] = addresses;
        return callback(null, first!.address, first!.family);
      };
      const client = url.protocol === "https:" ? https : http;
      request = client.request(
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
        },
        (res) => {
          let size = 0;
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => {
            size += chunk.length;
            if (size > maxBytes) settle(new OutboundFailed(`The answer was larger than ${maxBytes} bytes`));
            else if (options.readBody) chunks.push(chunk);
          });
          res.on("end", () =>
            settle(null, {
              status: res.statusCode ?? 0,
              durationMs: Math.round(performance.now() - started),
              ...(options.readBody ? { body: Buffer.concat(chunks).toString("utf8") } : {}),
            }),
          );
          res.on("error", (error) => settle(error));
        },
      );
      request.on("error", (error) => settle(error));
      if (options.body !== undefined) request.write(options.body);
      request.end();
    }, settle);
  });
}

const NETWORK_ERRORS: Record<string, string> = {
  ECONNREFUSED: "Connection refused",
  ECONNRESET: "The connection was reset",
  ENOTFOUND: "The host name could not be resolved",
  EAI_AGAIN: "The host name could not be resolved",
  EHOSTUNREACH: "The host is unreachable",
  ENETUNREACH: "The network is unreachable",
  ETIMEDOUT: "The connection timed out",
};

/**
 * A failed request in this server's own words: the refusal, the deadline, or the network error's code. Nothing a
 * remote peer chose (an answer, a certificate's names) is repeated.
 */
export function describeOutboundError(error: unknown): string {
  if (error instanceof OutboundRefused || error instanceof OutboundFailed) return error.message;
  const e = error as { code?: string; address?: string; port?: number };
  if (e.code === "ECONNREFUSED")
    return `Connection refused${e.address ? ` by ${e.address}${e.port ? `:${e.port}` : ""}` : ""} (ECONNREFUSED)`;
  if (e.code && NETWORK_ERRORS[e.code]) return `${NETWORK_ERRORS[e.code]} (${e.code})`;
  if (e.code && /CERT|TLS|SSL|SIGNATURE|ALTNAME/.test(e.code))
    return `The server's TLS certificate was not accepted (${e.code})`;
  if (e.code) return `Network error (${e.code})`;
  return "Network error";
}
