import { describe, expect, it } from "vitest";
import { loadEnv } from "../env";
import { DEFAULT_SCRYPT_N, hashPassword, needsRehash, verifyPassword } from "./password";

/** A hash at OWASP's cost takes a third of a second of CPU, much more on a busy machine. */
const SLOW = 30_000;

describe("administrator passwords", () => {
  it(
    "hash at OWASP's scrypt cost (N=2^17, r=8, p=1) unless told otherwise, and verify",
    async () => {
      const stored = await hashPassword("correct horse battery");
      expect(stored).toMatch(/^scrypt\$131072\$8\$1\$/);
      expect(await verifyPassword("correct horse battery", stored)).toBe(true);
      expect(await verifyPassword("wrong horse battery", stored)).toBe(false);
      expect(needsRehash(stored)).toBe(false);
    },
    SLOW,
  );

  it(
    "at a configured cost, still verify older hashes and mark them for rehashing",
    async () => {
      const owasp = await hashPassword("correct horse battery");
      const cheap = await hashPassword("correct horse battery", 2 ** 10);
      expect(cheap).toMatch(/^scrypt\$1024\$8\$1\$/);
      expect(await verifyPassword("correct horse battery", owasp, 2 ** 10)).toBe(true);
      expect(await verifyPassword("correct horse battery", cheap)).toBe(true);
      expect(needsRehash(owasp, 2 ** 10)).toBe(true);
      expect(needsRehash(cheap, 2 ** 10)).toBe(false);
      expect(needsRehash(cheap)).toBe(true);
    },
    SLOW,
  );

  it("refuse a cost below OWASP's in production, and one that is not a power of two anywhere", () => {
    const production = {
      NODE_ENV: "production",
      ADMIN_CODE: "a-long-production-secret",
      SMTP_URL: "smtp://127.0.0.1:2525",
      APP_URL: "https://knowbefore.example",
      CRM_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString("base64"),
    };
    expect(loadEnv(production).ADMIN_PASSWORD_SCRYPT_N).toBe(DEFAULT_SCRYPT_N);
    expect(() => loadEnv({ ...production, ADMIN_PASSWORD_SCRYPT_N: "1024" })).toThrow(
      "ADMIN_PASSWORD_SCRYPT_N=1024 is below OWASP's 131072, refused in production",
    );
    expect(loadEnv({ NODE_ENV: "test", ADMIN_PASSWORD_SCRYPT_N: "1024" }).ADMIN_PASSWORD_SCRYPT_N).toBe(1024);
    expect(() => loadEnv({ NODE_ENV: "test", ADMIN_PASSWORD_SCRYPT_N: "1000" })).toThrow(
      "a power of two from 1024 to 1048576",
    );
  });
});
