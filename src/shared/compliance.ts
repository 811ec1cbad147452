// Compliance, shared by the client and the server: data-request types and states (docs/product/compliance.md#data-requests),
// the 30-day answer deadline, the retention policies' data types and defaults, and the stated checks of the
// compliance score.

export const GDPR_REQUEST_TYPES = [
  "access",
  "rectification",
  "erasure",
  "portability",
  "restriction",
] as const;
export type GdprRequestType = (typeof GDPR_REQUEST_TYPES)[number];

export const GDPR_REQUEST_TYPE_LABELS: Record<GdprRequestType, string> = {
  access: "Access: a copy of my data",
  rectification: "Rectification: correct my data",
  erasure: "Erasure: delete my data",
  portability: "Portability: my data in a machine-readable file",
  restriction: "Restriction: limit how my data is used",
};

export const GDPR_REQUEST_STATUSES = ["pending", "processing", "completed", "rejected"] as const;
export type GdprRequestStatus = (typeof GDPR_REQUEST_STATUSES)[number];

/** GDPR article 12(3): an answer within one month; we count 30 days from filing. */
export const GDPR_DEADLINE_DAYS = 30;

/** Request types whose completion produces a downloadable export. */
export const EXPORT_REQUEST_TYPES: readonly GdprRequestType[] = ["access", "portability"];

export const RETENTION_DATA_TYPES = [
  "sessions",
  "login_tokens",
  "security_events",
  "audit_entries",
  "messages",
  "contact_messages",
  "cancelled_appointments",
  "error_events",
] as const;
export type RetentionDataType = (typeof RETENTION_DATA_TYPES)[number];

export type RetentionDefault = {
  label: string;
  days: number;
  legalBasis: string;
  autoDelete: boolean;
  requiresUserConsent: boolean;
  /** What the cleanup does with a row past its period. */
  action: string;
};

/** The policies the platform starts with; administrators change periods and automatic deletion. */
export const RETENTION_DEFAULTS: Record<RetentionDataType, RetentionDefault> = {
  sessions: {
    label: "Sign-in sessions",
    days: 30,
    legalBasis: "Contract: keeping you signed in",
    autoDelete: true,
    requiresUserConsent: false,
    action: "Deletes sessions last used longer ago than the period",
  },
  login_tokens: {
    label: "Sign-in links",
    days: 1,
    legalBasis: "Contract: signing in by e-mail",
    autoDelete: true,
    requiresUserConsent: false,
    action: "Deletes unused sign-in links that expired longer ago than the period",
  },
  security_events: {
    label: "Security events",
    days: 365,
    legalBasis: "Legitimate interest: protecting accounts",
    autoDelete: true,
    requiresUserConsent: false,
    action: "Deletes security events older than the period",
  },
  audit_entries: {
    label: "Audit trail",
    days: 2555,
    legalBasis: "Legal obligation: records of administrative changes",
    autoDelete: true,
    requiresUserConsent: false,
    action: "Deletes audit entries older than the period",
  },
  messages: {
    label: "Messages between customers and salespeople",
    days: 730,
    legalBasis: "Contract: the conversation you started",
    autoDelete: true,
    requiresUserConsent: false,
    action: "Deletes messages older than the period (and conversations left empty)",
  },
  contact_messages: {
    label: "Contact form messages",
    days: 730,
    legalBasis: "Legitimate interest: answering your enquiry",
    autoDelete: true,
    requiresUserConsent: false,
    action: "Deletes contact messages older than the period",
  },
  cancelled_appointments: {
    label: "Cancelled appointments",
    days: 365,
    legalBasis: "Contract: booking history",
    autoDelete: true,
    requiresUserConsent: false,
    action:
      "Anonymises the customer's name, phone and e-mail on appointments cancelled longer ago than the period",
  },
  error_events: {
    label: "Server faults",
    days: 90,
    legalBasis: "Legitimate interest: keeping the service running",
    autoDelete: true,
    requiresUserConsent: false,
    action: "Deletes records of server faults older than the period",
  },
};

export const RETENTION_MIN_DAYS = 1;
export const RETENTION_MAX_DAYS = 3650;

/**
 * The shortest periods allowed where records are evidence: the trail of administrative changes and the
 * security events are kept at least a year, whoever sets the policy.
 */
export const RETENTION_FLOORS: Partial<Record<RetentionDataType, number>> = {
  security_events: 365,
  audit_entries: 365,
};

/** The shortest period a policy may be set to. */
export function retentionMinDays(dataType: RetentionDataType): number {
  return RETENTION_FLOORS[dataType] ?? RETENTION_MIN_DAYS;
}

/** Why a period cannot be set for this kind of data, or null when it can. */
export function retentionPeriodProblem(dataType: RetentionDataType, days: number): string | null {
  const min = retentionMinDays(dataType);
  if (!Number.isInteger(days) || days < min || days > RETENTION_MAX_DAYS)
    return min > RETENTION_MIN_DAYS
      ? `${RETENTION_DEFAULTS[dataType].label} must be kept at least ${min} days (at most ${RETENTION_MAX_DAYS})`
      : `Enter a whole number of days from ${min} to ${RETENTION_MAX_DAYS}`;
  return null;
}

/** The checks the compliance score is computed from (each passes or fails; the score is the share passed). */
export const COMPLIANCE_CHECKS = {
  requestsInTime:
    "Every data request completed in the last 12 months was answered within 30 days, and none is overdue now",
  retentionEnforced: "Every retention policy deletes automatically, and the cleanup ran in the last 48 hours",
  adminMfa: "Every administrator has two-factor authentication turned on",
  adminMfaRequired: "The platform requires administrators to use two-factor authentication",
  noOpenCritical: "No critical security event in the last 30 days",
} as const;
export type ComplianceCheckId = keyof typeof COMPLIANCE_CHECKS;
