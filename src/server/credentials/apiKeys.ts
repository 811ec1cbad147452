// API keys as bearer tokens: a key is looked up by its SHA-256 and acts as the account that made it, limited
// to its scopes (checked per REST route) and to its own rate limit. Revoked keys, keys of disabled accounts
// and keys of a manager who no longer manages the key's dealership are refused.

import { API_KEY_PATTERN, API_KEY_PREFIX, type ApiScope } from "../../shared/apiKeys";
import { GROUP_LEAD_ROLES, LEAD_ROLES } from "../../shared/constants";
import type { SessionUser } from "../../shared/schemas/auth";
import type { Queryable } from "../db/client";
import { sessionUserColumns, sessionUserJoins } from "./session";
import { generateToken, hashToken } from "./tokens";

export type ApiKeyAuth = { user: SessionUser; key: { id: number; scopes: ApiScope[] } };

/** A new key (answered once) and what is stored of it. */
export function generateApiKey(): { key: string; hash: string; prefix: string } {
  const key = `${API_KEY_PREFIX}${generateToken()}`;
  return { key, hash: hashToken(key), prefix: key.slice(0, 12) };
}

export function looksLikeApiKey(token: string): boolean {
  return token.startsWith(API_KEY_PREFIX);
}

export async function validateApiKey(sql: Queryable, token: string): Promise<ApiKeyAuth | null> {
  if (!API_KEY_PATTERN.test(token)) return null;
  const hash = hashToken(token);
  const [row] = await sql<(SessionUser & { keyId: number; scopes: ApiScope[]; stale: boolean })[]>`
    select ${sessionUserColumns(sql)}, k.id as "keyId", k.scopes,
           (k.last_used_at is null or k.last_used_at < now() - interval '1 minute') as stale
      from api_keys k
      join users u on u.id = k.user_id
      ${sessionUserJoins(sql, sql`k.dealership_id`)}
     where k.key_hash = ${hash} and k.revoked_at is null and u.disabled_at is null
       and (case when k.dealership_id is null then u.role = 'admin'
                 else (d.dealership_id = k.dealership_id and d.role = any(${[...LEAD_ROLES]}::text[]))
                   or (gd.id = k.dealership_id and g.role = any(${[...GROUP_LEAD_ROLES]}::text[])) end)`;
  if (!row) return null;
  const { keyId, scopes, stale, ...user } = row;
  // "Last used" to the minute: one write per key per minute, not one per request.
  if (stale) await sql`update api_keys set last_used_at = now() where id = ${keyId}`;
  return { user, key: { id: keyId, scopes } };
}
