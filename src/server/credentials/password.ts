// Administrator passwords: scrypt at OWASP's parameters (N=2^17, r=8, p=1) with a random salt, compared in
// constant time. Hashes made with other parameters verify and are replaced at the next sign-in.
import { createHash, randomBytes, scrypt, timingSafeEqual } from "node:crypto";

/** OWASP's cost for scrypt with r=8, p=1: what production hashes with (env.ts refuses less there). */
export const DEFAULT_SCRYPT_N = 2 ** 17;

/**
 * The parameters for a cost N (ADMIN_PASSWORD_SCRYPT_N; OWASP's by default). Test runs lower N: their sign-ins
 * check behaviour, and at OWASP's cost each one spends a third of a second of CPU.
 */
const hashing = (N: number) => ({ N, r: 8, p: 1 });

/** scrypt needs 128 * N * r bytes; leave room above that. */
const MAX_MEMORY = 256 * 1024 * 1024;
const KEY_LENGTH = 64;

function derive(
  password: string,
  salt: Buffer,
  params: { N: number; r: number; p: number },
): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, { ...params, maxmem: MAX_MEMORY }, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

export async function hashPassword(password: string, cost = DEFAULT_SCRYPT_N): Promise<string> {
  const salt = randomBytes(16);
  const params = hashing(cost);
  const key = await derive(password, salt, params);
  return `scrypt$${params.N}$${params.r}$${params.p}$${salt.toString("base64")}$${key.toString("base64")}`;
}

function parse(stored: string | null) {
  const parts = stored?.split("$");
  if (parts?.length !== 6 || parts[0] !== "scrypt") return null;
  const [, n, r, p, salt, key] = parts as [string, string, string, string, string, string];
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  const sane =
    Number.isInteger(params.N) &&
    params.N >= 2 ** 10 &&
    params.N <= 2 ** 20 &&
    params.r >= 1 &&
    params.r <= 32 &&
    params.p >= 1 &&
    params.p <= 16;
  return sane ? { params, salt: Buffer.from(salt, "base64"), key: Buffer.from(key, "base64") } : null;
}

export async function verifyPassword(
  password: string,
  stored: string | null,
  cost = DEFAULT_SCRYPT_N,
): Promise<boolean> {
  const hash = parse(stored);
  if (!hash) {
    // Spend the same time as a real check so a missing account is not told apart by timing.
    await derive(password, Buffer.alloc(16), hashing(cost));
    return false;
  }
  const actual = await derive(password, hash.salt, hash.params);
  return hash.key.length === actual.length && timingSafeEqual(hash.key, actual);
}

/** True when a stored hash was made with other parameters than today's (rehash it after a good sign-in). */
export function needsRehash(stored: string | null, cost = DEFAULT_SCRYPT_N): boolean {
  const hash = parse(stored);
  const today = hashing(cost);
  return !hash || hash.params.N !== today.N || hash.params.r !== today.r || hash.params.p !== today.p;
}

/** Constant-time comparison of two secrets of any length. */
export function secretsEqual(a: string, b: string): boolean {
  const ha = createHash("sha256").update(a).digest();
  const hb = createHash("sha256").update(b).digest();
  return timingSafeEqual(ha, hb);
}
