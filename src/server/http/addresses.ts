// Address checks shared by sign-in and startup: is this IP this machine?
import { isIP } from "node:net";

/** 127.0.0.0/8, ::1, and IPv4 loopback written as IPv6 (::ffff:127.x.y.z). */
export function isLoopbackAddress(ip: string): boolean {
  const address = ip.toLowerCase().replace(/^::ffff:/, "");
  if (isIP(address) === 4) return address.startsWith("127.");
  return address === "::1";
}
