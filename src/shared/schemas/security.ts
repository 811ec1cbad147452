// Inputs and answers of account security: the second factor, sessions, security events and settings.
import { z } from "zod";
import { RISK_LEVELS, type RiskLevel } from "../security";
import { isoDate, line, optionalFilter, pagingFields } from "./common";

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

export type MfaStatus = {
  enabled: boolean;
  enabledAt: Date | null;
  /** A setup was started and waits for its first code. */
  pendingSetup: boolean;
  backupCodesRemaining: number;
  /** SPEC.md section 9: fewer than 5 backup codes remain. */
  warning: boolean;
  /** The platform requires this account (an administrator) to use MFA. */
  required: boolean;
  lockedUntil: Date | null;
};

export type MfaSetup = { secret: string; otpauthUri: string; qrCodeDataUrl: string };

/** Sign-in waits for the second factor (instead of a session). */
export type MfaChallengeAnswer = { mfaRequired: true; challenge: string; expiresAt: Date };

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

export type SessionView = {
  id: string;
  userAgent: string | null;
  device: string;
  ipAddress: string | null;
  location: string;
  createdAt: Date;
  lastActivity: Date;
  expiresAt: Date;
  current: boolean;
};

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

export type SecurityEventView = {
  id: number;
  eventType: string;
  label: string;
  riskLevel: RiskLevel;
  ipAddress: string | null;
  createdAt: Date;
  details: string | null;
  userId: string | null;
  userEmail: string | null;
};

export const securitySettingsInput = z.strictObject({ adminMfaRequired: z.boolean() });
export type SecuritySettings = { adminMfaRequired: boolean; updatedAt: Date };
