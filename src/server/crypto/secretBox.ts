// Secrets at rest (CRM credentials, webhook signing secrets, MFA keys): AES-256-GCM with a random 96-bit IV per
// value and the authentication tag checked on every read. Stored as `<version>.<iv>.<tag>.<ciphertext>` in
// base64url. `v2` values are bound to where they are stored (GCM additional data such as
// `crm_integrations:12:credentials_encrypted`), so a value copied into another row or column does not open;
// `v1` values carry no binding and open anywhere, which is why row-bound callers seal them again (see isBound).
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

export type SecretBox = {
  /** Seals `plain`; with `binding`, only `open` with the same binding opens it. */
  seal: (plain: string, binding?: string) => string;
  /** Opens a value sealed with `binding` (or a `v1` value sealed without one); throws otherwise. */
  open: (sealed: string, binding?: string) => string;
};

/** Whether a sealed value is bound to a place (`v2`); an unbound one should be sealed again with its binding. */
export function isBound(sealed: string): boolean {
  return sealed.startsWith("v2.");
}

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
    seal(plain, binding) {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      if (binding !== undefined) cipher.setAAD(Buffer.from(binding, "utf8"));
      const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      const tag = cipher.getAuthTag();
      return [binding === undefined ? "v1" : "v2", iv, tag, body]
        .map((p) => (typeof p === "string" ? p : p.toString("base64url")))
        .join(".");
    },
    open(sealed, binding) {
      const [version, iv, tag, body] = sealed.split(".");
      if ((version !== "v1" && version !== "v2") || !iv || !tag || body === undefined)
        throw new Error("not a sealed secret");
      if (version === "v2" && binding === undefined)
        throw new Error("a bound secret opens only with its binding");
      const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
      if (version === "v2") decipher.setAAD(Buffer.from(binding!, "utf8"));
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
