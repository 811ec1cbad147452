// Address checks shared by sign-in, startup and the proxy rules: is this IP this machine, is it one of our
// proxies, is this Host header the app's own?
import { BlockList, isIP } from "node:net";

/** 127.0.0.0/8, ::1, and IPv4 loopback written as IPv6 (::ffff:127.x.y.z). */
export function isLoopbackAddress(ip: string): boolean {
  const address = ip.toLowerCase().replace(/^::ffff:/, "");
  if (isIP(address) === 4) return address.startsWith("127.");
  return address === "::1";
}

/**
 * Where a reverse proxy of one's own usually stands (this machine and private networks): trusted to write
 * X-Forwarded-For when TRUST_PROXY is on and TRUSTED_PROXIES does not say otherwise. A client on the
 * internet that reaches the app directly is never one of them, so the header it writes is ignored.
 */
export const DEFAULT_TRUSTED_PROXIES = "127.0.0.0/8,::1,10.0.0.0/8,172.16.0.0/12,192.168.0.0/16,fc00::/7";

/** A comma-separated list of addresses and CIDR ranges, or the first entry that is neither. */
export function parseAddressRanges(list: string): { ranges: BlockList } | { invalid: string } {
  const ranges = new BlockList();
  for (const entry of list
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean)) {
    const [address = "", prefix, ...rest] = entry.split("/");
    const family = isIP(address);
    const bits = prefix === undefined ? null : Number(prefix);
    const maxBits = family === 4 ? 32 : 128;
    if (
      family === 0 ||
      rest.length > 0 ||
      (bits !== null && (!/^\d{1,3}$/.test(prefix ?? "") || bits > maxBits))
    )
      return { invalid: entry };
    const type = family === 4 ? "ipv4" : "ipv6";
    if (bits === null) ranges.addAddress(address, type);
    else ranges.addSubnet(address, bits, type);
  }
  return { ranges };
}

/** Whether `ip` (as a socket reports it, IPv4 possibly mapped into IPv6) is within `ranges`. */
export function inRanges(ranges: BlockList, ip: string): boolean {
  const family = isIP(ip);
  if (family === 0) return false;
  return ranges.check(ip, family === 4 ? "ipv4" : "ipv6");
}

/** isOwnHost's answers for the hosts last asked about (every request asks, mostly about the same one). */
const hostsSeen = new Map<string, boolean>();
const HOSTS_REMEMBERED = 64;

/**
 * Whether a request's Host names this app: APP_URL's host, or this machine by a loopback name (which no
 * other site's page can be served from). A Host of any other name on a server that answers for loopback is
 * what DNS rebinding looks like.
 */
export function isOwnHost(host: string | null | undefined, appUrl: string): boolean {
  if (!host) return false;
  const key = `${appUrl} ${host}`;
  let own = hostsSeen.get(key);
  if (own === undefined) {
    own = readsAsOwnHost(host, appUrl);
    // Hosts are what clients write: a few are remembered, never an unbounded number.
    if (hostsSeen.size >= HOSTS_REMEMBERED) hostsSeen.clear();
    hostsSeen.set(key, own);
  }
  return own;
}

function readsAsOwnHost(host: string, appUrl: string): boolean {
  let hostname: string;
  try {
    hostname = new URL(`http://${host}`).hostname;
  } catch {
    return false;
  }
  const bare = hostname.replace(/^\[|\]$/g, "");
  return hostname === new URL(appUrl).hostname || bare === "localhost" || isLoopbackAddress(bare);
}
