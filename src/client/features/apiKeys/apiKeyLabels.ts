// How the API keys page words a key: its prefix, its times, its status, and a first request to try with it.
import { API_SCOPE_INFO, type ApiScope } from "../../../shared/apiKeys";
import type { ApiKey } from "../../../shared/schemas/apiKeys";
import { timeAgo } from "../../ui/format";

/** Where the readable API reference lives (a server page, not a client route). */
export const API_DOCS_URL = "/api/docs";
export const OPENAPI_URL = "/api/openapi.json";

/** "Read salespeople" for a known scope; the code itself for anything newer than this page. */
export function scopeLabel(scope: string): string {
  return API_SCOPE_INFO[scope as ApiScope]?.label ?? scope;
}

/** "kbk_abcd1234…": enough to recognise a key, never enough to use it. */
export function maskedKey(prefix: string): string {
  return `${prefix}…`;
}

const WHEN = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });

/** "Jun 12, 2026, 9:30 AM" in the reader's zone. */
export function keyTime(at: Date): string {
  return WHEN.format(at);
}

/** "Never", or "5 minutes ago" for the last week, then the date and time. */
export function lastUsedLabel(at: Date | null, now = Date.now()): string {
  if (!at) return "Never";
  return now - at.getTime() < 7 * 86_400_000 ? timeAgo(at, now) : keyTime(at);
}

export function isRevoked(key: Pick<ApiKey, "revokedAt">): boolean {
  return key.revokedAt !== null;
}

type ExampleRequest = { method?: "PATCH"; path: string; body?: string };

/**
 * A request each scope allows, for the example shown with a new key: a read where the scope has one.
 * Appointments' routes are per salesperson or appointment, so their examples keep a placeholder for the id.
 */
const EXAMPLES: Record<ApiScope, ExampleRequest> = {
  "salespeople:read": { path: "/api/salespeople?limit=5" },
  "analytics:read": { path: "/api/analytics/market" },
  "crm:events": { path: "/api/crm/integrations" },
  "appointments:read": { path: "/api/availability-blocks/salesperson/{salespersonId}" },
  "appointments:write": {
    method: "PATCH",
    path: "/api/appointments/{appointmentId}",
    body: '{"status":"completed"}',
  },
};

/** The scope the example uses: the salespeople list when the key may read it, else the first of EXAMPLES. */
function exampleScope(scopes: readonly ApiScope[]): ApiScope {
  return (Object.keys(EXAMPLES) as ApiScope[]).find((scope) => scopes.includes(scope)) ?? "salespeople:read";
}

/** `curl` calling a route the key's scopes allow, with the key as its bearer token. */
export function exampleCurl(key: string, origin: string, scopes: readonly ApiScope[]): string {
  const { method, path, body } = EXAMPLES[exampleScope(scopes)];
  const parts = [
    "curl",
    method ? `-X ${method}` : null,
    `-H "Authorization: Bearer ${key}"`,
    body ? `-H "Content-Type: application/json" -d '${body}'` : null,
    `"${origin}${path}"`,
  ];
  return parts.filter(Boolean).join(" ");
}
