// The second factor: TOTP (RFC 6238, @oslojs/otp) with single-use codes and a lockout, single-use backup codes,
// and the challenge a sign-in waits in between its two factors. docs/product/security.md#two-factor-authentication.
//
// Every check that must hold under concurrency is one conditional UPDATE: a code's time step is recorded with
// `last_used_step < step`, a backup code is stamped with `used_at is null`, a challenge is deleted by the
// statement that reads it; of any number of parallel attempts with the same code exactly one succeeds.

import { encodeBase32UpperCaseNoPadding } from "@oslojs/encoding";
import { createTOTPKeyURI, generateHOTP } from "@oslojs/otp";
import { MFA } from "../../shared/security";
import { bindSealedColumns, rowBinding, type SecretBox } from "../crypto/secretBox";
import type { Queryable, Sql } from "../db/client";
import type { Logger } from "../logger";
import { secretsEqual } from "./password";
import { generateToken, hashToken } from "./tokens";

export type CodeCheck = "ok" | "invalid" | "locked";

export function newTotpSecret(): Uint8Array {
  const key = new Uint8Array(MFA.secretBytes);
  crypto.getRandomValues(key);
  return key;
}

/** The secret as people type it into an authenticator: base32 in groups of four. */
export function formatSecret(key: Uint8Array): string {
  return encodeBase32UpperCaseNoPadding(key).replace(/(.{4})(?=.)/g, "$1 ");
}

export function totpUri(accountName: string, key: Uint8Array): string {
  return createTOTPKeyURI(MFA.issuer, accountName, key, MFA.periodSeconds, MFA.digits);
}

export function currentStep(now = Date.now()): number {
  return Math.floor(now / 1000 / MFA.periodSeconds);
}

/** The code of a time step (tests and the matching below). */
export function totpCode(key: Uint8Array, step: number): string {
  return generateHOTP(key, BigInt(step), MFA.digits);
}

/** The time step whose code this is (the current one, or one step either side), or null. */
export function matchingStep(key: Uint8Array, code: string, now = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const step = currentStep(now);
  let found: number | null = null;
  for (let s = step - MFA.driftSteps; s <= step + MFA.driftSteps; s++) {
    // Compare every candidate in constant time and without stopping early.
    if (secretsEqual(totpCode(key, s), code) && found === null) found = s;
  }
  return found;
}

/** Where a user's TOTP secret is sealed: bound to that user's row, so a copy in another row does not open. */
const MFA_SECRETS = { table: "user_mfa", key: "user_id", columns: ["secret_sealed"] } as const;

function mfaSecretBinding(userId: string): string {
  return rowBinding(MFA_SECRETS.table, userId, "secret_sealed");
}

export function sealKey(box: SecretBox, userId: string, key: Uint8Array): string {
  return box.seal(Buffer.from(key).toString("base64"), mfaSecretBinding(userId));
}

/** The user's key; null when the stored value does not open here (another user's, or sealed under another key). */
export function openKey(box: SecretBox, userId: string, sealed: string): Uint8Array | null {
  try {
    return new Uint8Array(Buffer.from(box.open(sealed, mfaSecretBinding(userId)), "base64"));
  } catch {
    return null;
  }
}

/** The TOTP secrets stored before sealed values were bound, bound at start (see bindSealedColumns). */
export function bindMfaSecrets(sql: Sql, box: SecretBox, logger: Logger): Promise<void> {
  return bindSealedColumns(sql, box, logger, MFA_SECRETS);
}

type MfaState = { secret_sealed: string; enabled_at: Date | null; locked: boolean };

async function readState(sql: Queryable, userId: string): Promise<MfaState | null> {
  const [row] = await sql<MfaState[]>`
    select secret_sealed, enabled_at, coalesce(locked_until > now(), false) as locked
      from user_mfa where user_id = ${userId}`;
  return row ?? null;
}

/** Counts a failed code; the fifth in a row locks the second factor for MFA.lockMinutes. */
async function recordFailure(sql: Queryable, userId: string): Promise<CodeCheck> {
  const [row] = await sql<{ locked: boolean }[]>`
    update user_mfa
       set failed_attempts = case when failed_attempts + 1 >= ${MFA.maxFailures} then 0 else failed_attempts + 1 end,
           locked_until = case when failed_attempts + 1 >= ${MFA.maxFailures}
                               then now() + make_interval(mins => ${MFA.lockMinutes}) else locked_until end,
           updated_at = now()
     where user_id = ${userId}
     returning coalesce(locked_until > now(), false) as locked`;
  return row?.locked ? "locked" : "invalid";
}

/**
 * Checks a TOTP code of the user's secret (`enabled`: only a secret in effect; otherwise only a setup in
 * progress). A code is accepted once: its step must be later than the last accepted one.
 */
export async function checkTotp(
  sql: Queryable,
  box: SecretBox,
  userId: string,
  code: string,
  enabled: boolean,
): Promise<CodeCheck> {
  const state = await readState(sql, userId);
  if (!state || (state.enabled_at !== null) !== enabled) return "invalid";
  if (state.locked) return "locked";
  // A secret that does not open matches no code: the attempt fails like a wrong code (backup codes still work).
  const key = openKey(box, userId, state.secret_sealed);
  const step = key && matchingStep(key, code.replace(/\s/g, ""));
  if (step !== null) {
    const accepted = await sql`
      update user_mfa set last_used_step = ${step}, failed_attempts = 0, updated_at = now()
       where user_id = ${userId} and (last_used_step is null or last_used_step < ${step})
         and (locked_until is null or locked_until <= now())
       returning 1 as ok`;
    if (accepted.length === 1) return "ok";
  }
  return recordFailure(sql, userId);
}

function normaliseBackupCode(code: string): string {
  return code.replace(/[\s-]/g, "").toUpperCase();
}

/** Fresh backup codes (replacing any earlier ones); answered once, stored as SHA-256. */
export async function issueBackupCodes(sql: Queryable, userId: string): Promise<string[]> {
  const codes = Array.from({ length: MFA.backupCodeCount }, () => {
    const bytes = new Uint8Array(Math.ceil((MFA.backupCodeLength * 5) / 8));
    crypto.getRandomValues(bytes);
    const text = encodeBase32UpperCaseNoPadding(bytes).slice(0, MFA.backupCodeLength);
    return `${text.slice(0, 5)}-${text.slice(5)}`;
  });
  await sql`delete from mfa_backup_codes where user_id = ${userId}`;
  await sql`
    insert into mfa_backup_codes ${sql(codes.map((c) => ({ user_id: userId, code_hash: hashToken(normaliseBackupCode(c)) })))}`;
  return codes;
}

/** Uses a backup code: stamped in one statement, so ten parallel uses of one code give one success. */
export async function redeemBackupCode(sql: Queryable, userId: string, code: string): Promise<CodeCheck> {
  const state = await readState(sql, userId);
  if (!state?.enabled_at) return "invalid";
  if (state.locked) return "locked";
  const normalised = normaliseBackupCode(code);
  if (!/^[A-Z2-7]{10}$/.test(normalised)) return recordFailure(sql, userId);
  const used = await sql`
    update mfa_backup_codes set used_at = now()
     where user_id = ${userId} and code_hash = ${hashToken(normalised)} and used_at is null
     returning id`;
  if (used.length === 1) {
    await sql`update user_mfa set failed_attempts = 0 where user_id = ${userId}`;
    return "ok";
  }
  return recordFailure(sql, userId);
}

/** A TOTP code (six digits) or, failing that shape, a backup code. */
export function checkSecondFactor(
  sql: Queryable,
  box: SecretBox,
  userId: string,
  code: string,
): Promise<CodeCheck> {
  const compact = code.replace(/\s/g, "");
  return /^\d{6}$/.test(compact)
    ? checkTotp(sql, box, userId, compact, true)
    : redeemBackupCode(sql, userId, code);
}

export async function mfaEnabled(sql: Queryable, userId: string): Promise<boolean> {
  const [row] = await sql`select 1 as on from user_mfa where user_id = ${userId} and enabled_at is not null`;
  return row !== undefined;
}

/**
 * An administrator's second factors: an authenticator app (TOTP, with its backup codes) and passkeys. Either
 * one is the second step after the password and admin code, and either meets the platform's MFA requirement.
 */
export async function adminSecondFactors(
  sql: Queryable,
  userId: string,
): Promise<{ totp: boolean; passkey: boolean }> {
  const [row] = await sql<{ totp: boolean; passkey: boolean }[]>`
    select exists (select 1 from user_mfa where user_id = ${userId} and enabled_at is not null) as totp,
           exists (select 1 from passkeys where user_id = ${userId}) as passkey`;
  return row ?? { totp: false, passkey: false };
}

/** Whether the platform requires administrators to use MFA (security settings). */
export async function adminMfaRequired(sql: Queryable): Promise<boolean> {
  const [row] = await sql<{ required: boolean }[]>`
    select admin_mfa_required as required from security_settings where id = 1`;
  return row?.required ?? false;
}

export type ChallengePurpose = "session" | "admin";

export async function createChallenge(
  sql: Queryable,
  userId: string,
  purpose: ChallengePurpose,
  redirectTo: string,
): Promise<{ challenge: string; expiresAt: Date }> {
  const challenge = generateToken();
  const expiresAt = new Date(Date.now() + MFA.challengeMinutes * 60_000);
  await sql`delete from mfa_challenges where expires_at < now()`;
  await sql`
    insert into mfa_challenges (id, user_id, purpose, redirect_to, expires_at)
    values (${hashToken(challenge)}, ${userId}, ${purpose}, ${redirectTo}, ${expiresAt})`;
  return { challenge, expiresAt };
}

export type Challenge = { userId: string; redirectTo: string };

export async function readChallenge(
  sql: Queryable,
  challenge: string,
  purpose: ChallengePurpose,
): Promise<Challenge | null> {
  if (!/^[a-z2-7]{20,64}$/.test(challenge)) return null;
  const [row] = await sql<Challenge[]>`
    select user_id as "userId", redirect_to as "redirectTo" from mfa_challenges
     where id = ${hashToken(challenge)} and purpose = ${purpose} and expires_at > now()`;
  return row ?? null;
}

/** Deletes the challenge; false when another request already used it. */
export async function consumeChallenge(sql: Queryable, challenge: string): Promise<boolean> {
  const rows = await sql`delete from mfa_challenges where id = ${hashToken(challenge)} returning 1 as ok`;
  return rows.length === 1;
}
