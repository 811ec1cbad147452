// The CRM provider catalogue and the events the product delivers to a dealership's CRM (docs/product/crm.md#providers).

export const CRM_EVENTS = [
  "appointment.created",
  "appointment.cancelled",
  "appointment.completed",
  "rating.created",
  "lead.created",
] as const;
export type CrmEvent = (typeof CRM_EVENTS)[number];

export const CRM_EVENT_LABELS: Record<CrmEvent, string> = {
  "appointment.created": "Appointment booked",
  "appointment.cancelled": "Appointment cancelled",
  "appointment.completed": "Appointment completed",
  "rating.created": "Review written",
  "lead.created": "New lead (a buyer's message)",
};

export type CrmAuthType = "api_key" | "oauth";

export type CrmProvider = {
  name: string;
  authType: CrmAuthType;
  webhookSupport: boolean;
  supportedEvents: readonly CrmEvent[];
  /** Where the provider's API usually lives, as a hint for the endpoint field. */
  endpointHint: string;
};

const ALL: readonly CrmEvent[] = CRM_EVENTS;
const APPOINTMENTS_AND_LEADS: readonly CrmEvent[] = [
  "appointment.created",
  "appointment.cancelled",
  "appointment.completed",
  "lead.created",
];

/** GET /api/crm/providers: keyed by provider code. */
export const CRM_PROVIDERS = {
  salesforce: {
    name: "Salesforce Automotive Cloud",
    authType: "oauth",
    webhookSupport: true,
    supportedEvents: ALL,
    endpointHint: "https://your-org.my.salesforce.com/services/data/v62.0",
  },
  hubspot: {
    name: "HubSpot",
    authType: "api_key",
    webhookSupport: true,
    supportedEvents: ALL,
    endpointHint: "https://api.hubapi.com/crm/v3",
  },
  dealersocket: {
    name: "DealerSocket",
    authType: "api_key",
    webhookSupport: true,
    supportedEvents: APPOINTMENTS_AND_LEADS,
    endpointHint: "https://api.dealersocket.com/v1",
  },
  vinsolutions: {
    name: "VinSolutions",
    authType: "oauth",
    webhookSupport: false,
    supportedEvents: APPOINTMENTS_AND_LEADS,
    endpointHint: "https://api.vinsolutions.com/gateway/v1",
  },
  elead: {
    name: "Elead",
    authType: "api_key",
    webhookSupport: false,
    supportedEvents: APPOINTMENTS_AND_LEADS,
    endpointHint: "https://api.eleadcrm.com/v2",
  },
  cdk: {
    name: "CDK Global",
    authType: "oauth",
    webhookSupport: true,
    supportedEvents: APPOINTMENTS_AND_LEADS,
    endpointHint: "https://api.fortellis.io/cdk",
  },
  webhook: {
    name: "Generic Webhook",
    authType: "api_key",
    webhookSupport: true,
    supportedEvents: ALL,
    endpointHint: "https://crm.example.com/api",
  },
} as const satisfies Record<string, CrmProvider>;

export type CrmProviderCode = keyof typeof CRM_PROVIDERS;
export const CRM_PROVIDER_CODES = Object.keys(CRM_PROVIDERS) as [CrmProviderCode, ...CrmProviderCode[]];

/** Deliveries that fail this many times in a row put the integration in syncStatus "error". */
export const CRM_FAILURES_BEFORE_ERROR = 3;

/** Headers of a delivery: the receiver verifies `v1` = HMAC-SHA256(secret, `${t}.${body}`) in hex. */
export const CRM_SIGNATURE_HEADER = "X-KnowBefore-Signature";
export const CRM_EVENT_HEADER = "X-KnowBefore-Event";
export const CRM_DELIVERY_HEADER = "X-KnowBefore-Delivery";
