// Secrets at rest (CRM credentials, webhook signing secrets, MFA keys): AES-256-GCM with a random 96-bit IV per
// value and the authentication tag checked on every read. Stored as `<version>.<iv>.<tag>.<ciphertext>` in
// base64url. `v2` values are bound to where they are stored (GCM additional data such as
// `crm_integrations:12:credentials_encrypted`), so a value copied into another row or column does not open;
// `v1` values carry no binding and open anywhere, which is why each table of sealed values has them sealed again,
// bound, at start (bindSealedColumns).
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Sql } from "../db/client";
import type { Logger } from "../logger";

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

/** What a value sealed in a row is bound to: the table, the row's key and the column. */
export function rowBinding(table: string, rowKey: string | number, column: string): string {
  return `${table}:${rowKey}:${column}`;
}

/** A table whose columns hold sealed values (never null), each bound with rowBinding to the row's `key`. */
export type SealedColumns = { table: string; key: string; columns: readonly string[] };

/**
 * Seals again, bound to their row, a table's values stored before sealed values were bound. Runs at start with
 * the rows locked, so instances starting together do each row once; a value this key cannot open is left as it
 * is (it fails where it is used) and logged.
 */
export async function bindSealedColumns(
  sql: Sql,
  secrets: SecretBox,
  logger: Logger,
  { table, key, columns }: SealedColumns,
): Promise<void> {
  await sql.begin(async (tx) => {
    const unbound = columns
      .map((column) => tx`${tx(column)} not like 'v2.%'`)
      .reduce((either, or) => tx`${either} or ${or}`);
    const rows = await tx<Record<string, string>[]>`
      select ${tx(key)}::text as row_key, ${tx(columns as string[])} from ${tx(table)}
       where ${unbound}
       for update`;
    for (const row of rows) {
      const rowKey = row.row_key!;
      let bound: Record<string, string>;
      try {
        bound = Object.fromEntries(
          columns.map((column) => {
            const sealed = row[column]!;
            return [
              column,
              isBound(sealed)
                ? sealed
                : secrets.seal(secrets.open(sealed), rowBinding(table, rowKey, column)),
            ];
          }),
        );
      } catch {
        logger.warn(`${table} ${rowKey}: a stored secret does not open with this key`);
        continue;
      }
      await tx`update ${tx(table)} set ${tx(bound)} where ${tx(key)} = ${rowKey}`;
    }
  });
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
