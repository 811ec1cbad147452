// Account security, shared by the client and the server: TOTP settings (docs/product/security.md#two-factor-authentication), the
// security event types people read, and the stated rules that give each event its risk level.

export const RISK_LEVELS = ["low", "medium", "high", "critical"] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];

export const MFA = {
  /** RFC 6238 defaults, which every authenticator app uses. */
  periodSeconds: 30,
  digits: 6,
  /** 160-bit secrets (docs/product/security.md#two-factor-authentication). */
  secretBytes: 20,
  /** A code of the step before or after the current one is accepted (clock drift). */
  driftSteps: 1,
  /** Consecutive failed codes before the second factor locks, and for how long. */
  maxFailures: 5,
  lockMinutes: 15,
  /** Backup codes handed out at once; each is 10 base32 characters (50 bits). */
  backupCodeCount: 10,
  backupCodeLength: 10,
  /** docs/product/security.md#backup-codes: warn when fewer remain. */
  backupCodeWarning: 5,
  /** A sign-in waiting for its code expires after this. */
  challengeMinutes: 5,
  issuer: "KnowBefore",
} as const;

/** What each event type means, for people reading the list. Unknown types show their raw name. */
export const SECURITY_EVENT_LABELS: Record<string, string> = {
  login_success: "Signed in with a link",
  login_link_requested: "Sign-in link requested",
  login_link_rejected: "Invalid or expired sign-in link used",
  login_link_refused: "Sign-in link refused for an administrator",
  login_rate_limited: "Sign-in requests throttled",
  login_unknown_salesperson: "Portal sign-in for an unknown address",
  logout: "Signed out",
  admin_login_success: "Administrator signed in",
  admin_login_failed: "Administrator sign-in failed",
  admin_login_throttled: "Administrator sign-in throttled",
  admin_logout: "Administrator signed out",
  admin_reauthenticated: "Administrator confirmed their identity again",
  admin_reauth_failed: "Administrator re-authentication failed",
  mfa_challenge: "Asked for the second factor",
  mfa_success: "Second factor accepted",
  mfa_failed: "Wrong second-factor code",
  mfa_locked: "Second factor locked after repeated failures",
  mfa_backup_code_used: "Signed in with a backup code",
  mfa_enabled: "Two-factor authentication turned on",
  mfa_disabled: "Two-factor authentication turned off",
  mfa_backup_codes_regenerated: "New backup codes created",
  mfa_requirement_changed: "Administrator MFA requirement changed",
  session_terminated: "Session ended",
  sessions_terminated: "All other sessions ended",
  authorization_denied: "Access denied",
  salesperson_registered: "Salesperson registered",
  document_updated: "Document changed",
  gdpr_request_filed: "Data request filed",
  gdpr_request_completed: "Data request completed",
  gdpr_export_downloaded: "Data export downloaded",
  gdpr_erasure: "Account erased",
  retention_cleanup: "Retention cleanup ran",
  passkey_added: "Passkey added",
  passkey_removed: "Passkey removed",
  passkey_login_success: "Signed in with a passkey",
  passkey_login_failed: "Passkey sign-in refused",
  oidc_login_success: "Signed in with Google or Microsoft",
  oidc_login_failed: "Sign-in with Google or Microsoft refused",
  oidc_identity_linked: "Google or Microsoft account linked",
  oidc_identity_removed: "Google or Microsoft account removed",
};

/** Event types that count as a failed attempt for the per-address escalation rule. */
export const FAILURE_EVENT_TYPES = [
  "admin_login_failed",
  "admin_reauth_failed",
  "login_link_rejected",
  "mfa_failed",
  "login_rate_limited",
  "authorization_denied",
  "passkey_login_failed",
  "oidc_login_failed",
] as const;

/** The base risk of each event type; types not listed are low. */
export const BASE_RISK: Record<string, RiskLevel> = {
  login_link_rejected: "medium",
  login_rate_limited: "medium",
  login_unknown_salesperson: "low",
  login_link_refused: "high",
  admin_login_success: "medium",
  admin_login_failed: "high",
  admin_login_throttled: "high",
  mfa_failed: "medium",
  mfa_locked: "high",
  mfa_backup_code_used: "medium",
  mfa_disabled: "high",
  mfa_requirement_changed: "high",
  mfa_backup_codes_regenerated: "medium",
  sessions_terminated: "medium",
  authorization_denied: "medium",
  document_updated: "medium",
  gdpr_erasure: "high",
  gdpr_export_downloaded: "medium",
  passkey_added: "medium",
  passkey_removed: "medium",
  passkey_login_failed: "medium",
  oidc_login_failed: "medium",
  oidc_identity_linked: "medium",
  oidc_identity_removed: "medium",
};

/** The escalation rules, applied on top of the base risk; the highest level that applies wins. */
export const RISK_ESCALATION = {
  /** Failed attempts (FAILURE_EVENT_TYPES) from one address within the window, this one included. */
  windowMinutes: 15,
  highAfterFailures: 5,
  criticalAfterFailures: 20,
} as const;

/** The stated rules, as the Security page lists them beside the events. */
export const RISK_RULES: readonly string[] = [
  "Every event type has a base level: for example a wrong second-factor code is medium, a failed administrator sign-in, a lockout or turning MFA off is high; anything not listed is low.",
  `${RISK_ESCALATION.highAfterFailures} or more failed attempts (wrong codes, rejected links, throttled or denied requests, failed administrator sign-ins) from one address within ${RISK_ESCALATION.windowMinutes} minutes make the event high.`,
  `${RISK_ESCALATION.criticalAfterFailures} or more such failures from one address within ${RISK_ESCALATION.windowMinutes} minutes make it critical.`,
  "A successful sign-in from an address the account has never signed in from before is at least medium.",
];

export function maxRisk(a: RiskLevel, b: RiskLevel): RiskLevel {
  return RISK_LEVELS.indexOf(a) >= RISK_LEVELS.indexOf(b) ? a : b;
}

/** Passkeys (WebAuthn): docs/product/security.md#passkeys. */
export const PASSKEY = {
  /** A ceremony's challenge works once and for this long. */
  challengeMinutes: 5,
  /** What the browser waits for the authenticator, in milliseconds (the challenge outlives it). */
  ceremonyTimeoutMs: 120_000,
  nameMaxLength: 64,
  /** Passkeys one account may hold. */
  maxPerUser: 20,
} as const;
export const PASSKEY_DEVICE_TYPES = ["singleDevice", "multiDevice"] as const;
export const WEBAUTHN_CHALLENGE_PURPOSES = ["registration", "authentication"] as const;
