// Inputs and answers of account security: the second factor, sessions, security events and settings.
import { z } from "zod";
import { PASSKEY, PASSKEY_DEVICE_TYPES, RISK_LEVELS } from "../security";
import { idSchema, isoDate, line, listPage, optionalFilter, pagingFields } from "./common";

/** A six-digit authenticator code (spaces allowed). */
export const totpCodeSchema = line({ error: "Enter the 6-digit code from your authenticator app" })
  .transform((v) => v.replace(/\s/g, ""))
  .pipe(z.string().regex(/^\d{6}$/, "Enter the 6-digit code from your authenticator app"));

/** An authenticator code or a backup code (XXXXX-XXXXX). */
export const secondFactorSchema = line({ error: "Enter a code" })
  .min(6, "Enter the 6-digit code or a backup code")
  .max(20, "Enter the 6-digit code or a backup code");

export const enableMfaInput = z.strictObject({ code: totpCodeSchema });
export const disableMfaInput = z.strictObject({ code: secondFactorSchema });
export const regenerateBackupCodesInput = z.strictObject({ code: totpCodeSchema });

export const verifyMfaInput = z.strictObject({
  challenge: line({ error: "The sign-in has expired. Please start again." }).min(20).max(64),
  code: secondFactorSchema,
});
export type VerifyMfaInput = z.input<typeof verifyMfaInput>;

export const mfaStatus = z.object({
  enabled: z.boolean(),
  enabledAt: z.date().nullable(),
  pendingSetup: z.boolean().describe("A setup was started and waits for its first code"),
  backupCodesRemaining: z.number().int(),
  warning: z.boolean().describe("Fewer than 5 backup codes remain"),
  required: z.boolean().describe("The platform requires this account (an administrator) to use MFA"),
  lockedUntil: z.date().nullable().describe("After too many wrong codes, codes are refused until then"),
});
export type MfaStatus = z.output<typeof mfaStatus>;

export const mfaSetup = z.object({
  secret: z
    .string()
    .describe("The new TOTP secret, base32 in groups of four, for typing into an authenticator"),
  otpauthUri: z.string(),
  qrCodeDataUrl: z.string().describe("The otpauth URI as a QR code image, a data URL"),
});
export type MfaSetup = z.output<typeof mfaSetup>;

export const mfaChallenge = z
  .object({
    mfaRequired: z.literal(true),
    challenge: z.string().describe("Sent back with the code to verify-mfa to finish signing in"),
    expiresAt: z.date().describe("When the challenge stops being accepted"),
  })
  .describe("The account has two-factor authentication on: sign-in waits for a code instead of a session");
/** Sign-in waits for the second factor (instead of a session). */
export type MfaChallengeAnswer = z.output<typeof mfaChallenge>;

export const backupCodes = z.object({
  backupCodes: z
    .array(z.string())
    .describe("One-time codes, shown only now; each can stand in for an authenticator code once"),
});

export const securityOverview = z.object({
  mfa: mfaStatus,
  activeSessions: z.number().int(),
  eventsLast30Days: z.object({
    low: z.number().int(),
    medium: z.number().int(),
    high: z.number().int(),
    critical: z.number().int(),
  }),
  previousSignIn: z
    .object({ createdAt: z.date(), ipAddress: z.string().nullable() })
    .nullable()
    .describe("The sign-in before the current one"),
  scope: z.enum(["platform", "account"]).describe("platform: the events counted are everyone's"),
});

export const sessionListInput = z
  .strictObject({ userId: optionalFilter(z.uuid({ error: "Unknown user" })) })
  .optional();

export const terminateSessionInput = z.union([
  z.strictObject({ sessionId: z.uuid({ error: "Unknown session" }) }),
  z.strictObject({
    allOthers: z.literal(true),
    /** Also revoke every API key the caller created (programs using them stop working). */
    revokeApiKeys: z.boolean().optional(),
  }),
]);
export type TerminateSessionInput = z.input<typeof terminateSessionInput>;

export const sessionView = z.object({
  id: z.uuid(),
  userAgent: z.string().nullable(),
  device: z.string(),
  ipAddress: z.string().nullable(),
  location: z.string(),
  createdAt: z.date(),
  lastActivity: z.date(),
  expiresAt: z.date(),
  current: z.boolean().describe("The session of this request"),
});
export type SessionView = z.output<typeof sessionView>;

export const terminatedSessions = z.object({
  terminated: z.number().int().describe("Sessions ended"),
  current: z.boolean().describe("Whether the caller's own session was among them"),
  revokedApiKeys: z.number().int().describe("API keys revoked with them (when asked to)"),
});

export const securityEventsInput = z
  .strictObject({
    riskLevel: optionalFilter(z.enum(RISK_LEVELS, { error: "Unknown risk level" })),
    eventType: optionalFilter(
      line()
        .max(64)
        .regex(/^[a-z_]+$/, "Unknown event type"),
    ),
    /** Administrators: part of the account's e-mail address. */
    email: optionalFilter(line().min(1).max(254)),
    from: optionalFilter(isoDate()),
    to: optionalFilter(isoDate()),
    ...pagingFields(),
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, {
    message: "The start date must be on or before the end date",
    path: ["to"],
  })
  .optional();
export type SecurityEventsInput = z.input<typeof securityEventsInput>;
export type SecurityEventsQuery = z.output<typeof securityEventsInput>;

export const securityEventView = z.object({
  id: z.number().int(),
  eventType: z.string(),
  label: z.string().describe("What the event type means, for people"),
  riskLevel: z.enum(RISK_LEVELS),
  ipAddress: z.string().nullable(),
  createdAt: z.date(),
  details: z.string().nullable(),
  userId: z.string().nullable(),
  userEmail: z.string().nullable(),
});
export type SecurityEventView = z.output<typeof securityEventView>;

export const securityEventsPage = listPage(securityEventView);

export const securitySettingsInput = z.strictObject({ adminMfaRequired: z.boolean() });
export const securitySettings = z.object({
  adminMfaRequired: z.boolean().describe("Administrators must use two-factor authentication"),
  updatedAt: z.date(),
});
export type SecuritySettings = z.output<typeof securitySettings>;

// Passkeys (docs/product/security.md#passkeys) ---------------------------------------------------------

/** base64url, as WebAuthn's JSON encodes binary values. */
const base64url = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*$/, "Expected base64url");
const transports = z
  .array(
    z
      .string()
      .max(32)
      .regex(/^[a-z-]+$/),
  )
  .max(10);
const credentialDescriptor = z.object({
  id: base64url(1366),
  type: z.literal("public-key"),
  transports: transports.optional(),
});
const extensionResults = z.record(z.string().max(64), z.unknown());

export const passkeyName = line({ error: "Give the passkey a name" })
  .min(1, "Give the passkey a name")
  .max(PASSKEY.nameMaxLength, `At most ${PASSKEY.nameMaxLength} characters`);

/** What the browser passes to navigator.credentials.create(), as JSON. */
export const passkeyCreationOptions = z.object({
  rp: z.object({ name: z.string(), id: z.string().optional() }),
  user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
  challenge: z.string().describe("base64url; works once, for a few minutes"),
  pubKeyCredParams: z.array(z.object({ alg: z.number(), type: z.literal("public-key") })),
  timeout: z.number().optional(),
  excludeCredentials: z.array(credentialDescriptor).optional(),
  authenticatorSelection: z
    .object({
      authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
      requireResidentKey: z.boolean().optional(),
      residentKey: z.enum(["discouraged", "preferred", "required"]).optional(),
      userVerification: z.enum(["discouraged", "preferred", "required"]).optional(),
    })
    .optional(),
  attestation: z.enum(["none", "indirect", "direct", "enterprise"]).optional(),
  hints: z.array(z.string()).optional(),
  extensions: extensionResults.optional(),
});

/** What the browser passes to navigator.credentials.get(), as JSON. */
export const passkeyRequestOptions = z.object({
  challenge: z.string().describe("base64url; works once, for a few minutes"),
  timeout: z.number().optional(),
  rpId: z.string().optional(),
  allowCredentials: z.array(credentialDescriptor).optional(),
  userVerification: z.enum(["discouraged", "preferred", "required"]).optional(),
  hints: z.array(z.string()).optional(),
  extensions: extensionResults.optional(),
});

/** The browser's answer to navigator.credentials.create(), as JSON (RegistrationResponseJSON). */
const registrationResponse = z.object({
  id: base64url(1366),
  rawId: base64url(1366),
  type: z.literal("public-key"),
  response: z.object({
    clientDataJSON: base64url(4096),
    attestationObject: base64url(65_536),
    authenticatorData: base64url(65_536).optional(),
    transports: transports.optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url(4096).optional(),
  }),
  authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
  clientExtensionResults: extensionResults,
});

/** The browser's answer to navigator.credentials.get(), as JSON (AuthenticationResponseJSON). */
export const authenticationResponse = z.object({
  id: base64url(1366),
  rawId: base64url(1366),
  type: z.literal("public-key"),
  response: z.object({
    clientDataJSON: base64url(4096),
    authenticatorData: base64url(65_536),
    signature: base64url(4096),
    userHandle: base64url(512).optional(),
  }),
  authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
  clientExtensionResults: extensionResults,
});

export const addPasskeyInput = z.strictObject({ name: passkeyName, response: registrationResponse });
export const renamePasskeyInput = z.strictObject({ id: idSchema, name: passkeyName });
export const removePasskeyInput = z.strictObject({ id: idSchema });
export const passkeySignInInput = z.strictObject({ response: authenticationResponse });

export const passkeyView = z.object({
  id: z.number().int(),
  name: z.string(),
  deviceType: z.enum(PASSKEY_DEVICE_TYPES).describe("multiDevice: synced between the owner's devices"),
  backedUp: z.boolean(),
  transports: z.array(z.string()),
  createdAt: z.date(),
  lastUsedAt: z.date().nullable(),
});

export type PasskeyView = z.infer<typeof passkeyView>;
export type PasskeyCreationOptions = z.infer<typeof passkeyCreationOptions>;
export type PasskeyRequestOptions = z.infer<typeof passkeyRequestOptions>;
export type AddPasskeyInput = z.infer<typeof addPasskeyInput>;
export type PasskeySignInInput = z.infer<typeof passkeySignInInput>;
