// API keys for integrators: what each scope lets a key do. A key calls only the REST routes its scopes name
// (each REST path declares the scope it needs: rest/declaration.ts); it never reaches tRPC or the other routes.

export const API_SCOPES = [
  "salespeople:read",
  "appointments:read",
  "appointments:write",
  "analytics:read",
  "crm:events",
] as const;
export type ApiScope = (typeof API_SCOPES)[number];

export const API_SCOPE_INFO: Record<ApiScope, { label: string; description: string }> = {
  "salespeople:read": {
    label: "Read salespeople",
    description: "Salesperson profiles, ratings and reviews, and your dealership's team.",
  },
  "appointments:read": {
    label: "Read appointments",
    description: "Salespeople's appointments, open slots and availability blocks.",
  },
  "appointments:write": {
    label: "Write appointments",
    description: "Change an appointment's status, cancel or reschedule it, and manage availability blocks.",
  },
  "analytics:read": {
    label: "Read analytics",
    description: "Business intelligence reports and your dealership's performance and reports.",
  },
  "crm:events": {
    label: "Receive CRM events",
    description: "CRM integrations and their delivered events (the delivery log), and re-sending a delivery.",
  },
};

/** How a key looks: a fixed prefix (so scanners and people recognise it) and 160 random bits in base32. */
export const API_KEY_PREFIX = "kbk_";
export const API_KEY_PATTERN = /^kbk_[a-z2-7]{32}$/;

/** The most keys one dealership (or one administrator) may hold that are not revoked. */
export const API_KEYS_MAX_ACTIVE = 20;

/** Requests per key: a burst of 120, then 2 per second. */
export const API_KEY_RATE_LIMIT = { capacity: 120, refillSeconds: 0.5 } as const;
