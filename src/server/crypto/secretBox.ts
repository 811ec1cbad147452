// Secrets at rest (CRM credentials, webhook signing secrets): AES-256-GCM with a random 96-bit IV per value and
// the authentication tag checked on every read. Stored as `v1.<iv>.<tag>.<ciphertext>` in base64url.
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

export type SecretBox = {
  seal: (plain: string) => string;
  open: (sealed: string) => string;
};

/** A 32-byte key from its base64 or hex text (CRM_ENCRYPTION_KEY); null when it is not one. */
export function parseKey(text: string): Buffer | null {
  const trimmed = text.trim();
  const hex = /^[0-9a-f]{64}$/i.test(trimmed) ? Buffer.from(trimmed, "hex") : null;
  const key = hex ?? Buffer.from(trimmed, "base64");
  return key.length === 32 ? key : null;
}

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error("the encryption key must be 32 bytes");
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      const tag = cipher.getAuthTag();
      return ["v1", iv, tag, body]
        .map((p) => (typeof p === "string" ? p : p.toString("base64url")))
        .join(".");
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split(".");
      if (version !== "v1" || !iv || !tag || body === undefined) throw new Error("not a sealed secret");
      const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
      decipher.setAuthTag(Buffer.from(tag, "base64url"));
      return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString(
        "utf8",
      );
    },
  };
}

/**
 * Outside production without CRM_ENCRYPTION_KEY: a random key kept in the data folder (mode 0600), made on
 * first start, so secrets stay readable across restarts of this checkout and no key is published anywhere.
 */
export function localKey(dataDir: string): Buffer {
  const file = path.join(dataDir, "crm-encryption.key");
  if (existsSync(file)) {
    const key = parseKey(readFileSync(file, "utf8"));
    if (key) return key;
  }
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32);
  writeFileSync(file, key.toString("base64"), { mode: 0o600 });
  chmodSync(file, 0o600);
  return key;
}
