// Passkeys (WebAuthn, docs/product/security.md#passkeys): adding one from the Security page, signing in with
// one, and listing, renaming and removing them. The relying party is APP_URL: its host name is the RP id and
// its origin the only origin accepted. Challenges live in PostgreSQL, work once and expire within minutes.

import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";
import type { ErrorReason } from "../../../shared/errors";
import type {
  AddPasskeyInput,
  PasskeyCreationOptions,
  PasskeyRequestOptions,
  PasskeySignInInput,
  PasskeyView,
} from "../../../shared/schemas/security";
import { PASSKEY } from "../../../shared/security";
import { isAdmin } from "../../access";
import { appError } from "../../appError";
import { noticeAccountChange, requireRecentSignIn } from "../../credentials/accountChanges";
import { adminMfaRequired } from "../../credentials/mfa";
import { recordSecurityEvent, refuseAsMissing } from "../../credentials/securityEvents";
import { accountSuspended, isSuspended } from "../../credentials/suspension";
import type { Queryable } from "../../db/client";
import type { PasskeyRow, UserRow } from "../../db/rows";
import type { Env } from "../../env";
import { RATE_LIMITS, takeToken } from "../../rateLimit";
import type { Context } from "../../serviceContext";
import { limitRedemptions, startSession } from "../auth/linkRedemption";
import type { Authed } from "./service";

type Purpose = "registration" | "authentication";

/** The relying party this deployment is: APP_URL's host name and origin. */
export function relyingParty(env: Pick<Env, "APP_URL">) {
  const url = new URL(env.APP_URL);
  return { name: "KnowBefore", id: url.hostname, origin: url.origin };
}

const EXPIRED_MESSAGE = "This passkey request has expired or was already used. Please try again.";
const NOT_VERIFIED_MESSAGE = "That passkey could not be verified. Please try again.";
const UNKNOWN_MESSAGE =
  "This passkey is not registered with KnowBefore (it may have been removed). Sign in with an e-mailed link instead.";

// Challenges -----------------------------------------------------------------------------------------------

async function keepChallenge(sql: Queryable, challenge: string, purpose: Purpose, userId: string | null) {
  await sql`delete from webauthn_challenges where expires_at < now()`;
  await sql`
    insert into webauthn_challenges (challenge, purpose, user_id, expires_at)
    values (${challenge}, ${purpose}, ${userId},
            now() + make_interval(mins => ${PASSKEY.challengeMinutes}))`;
}

/** The challenge the browser signed, read from its client data; null when that is not JSON with one. */
function signedChallenge(clientDataJSON: string): string | null {
  try {
    const data: unknown = JSON.parse(Buffer.from(clientDataJSON, "base64url").toString("utf8"));
    const challenge = (data as { challenge?: unknown } | null)?.challenge;
    return typeof challenge === "string" && challenge.length > 0 ? challenge : null;
  } catch {
    return null;
  }
}

/**
 * Takes the challenge out of the store in the statement that finds it, so two responses to one challenge
 * never both pass; answers the challenge, or null when it is unknown, expired, used or someone else's.
 */
async function takeChallenge(
  sql: Queryable,
  clientDataJSON: string,
  purpose: Purpose,
  userId: string | null,
): Promise<string | null> {
  const challenge = signedChallenge(clientDataJSON);
  if (!challenge) return null;
  const rows = await sql`
    delete from webauthn_challenges
     where challenge = ${challenge} and purpose = ${purpose} and expires_at > now()
       and user_id is not distinct from ${userId}
    returning 1 as ok`;
  return rows.length > 0 ? challenge : null;
}

// Adding a passkey -----------------------------------------------------------------------------------------

/** uuid to the 16 bytes WebAuthn's user handle carries (at most 64 bytes, and no e-mail address). */
function userHandle(userId: string): Uint8Array<ArrayBuffer> {
  return new Uint8Array(Buffer.from(userId.replaceAll("-", ""), "hex"));
}

export async function passkeyRegistrationOptions(ctx: Authed): Promise<PasskeyCreationOptions> {
  requireRecentSignIn(ctx);
  const existing = await ctx.sql<Pick<PasskeyRow, "credential_id" | "transports">[]>`
    select credential_id, transports from passkeys where user_id = ${ctx.user.id}`;
  if (existing.length >= PASSKEY.maxPerUser)
    throw appError(
      "CONFLICT",
      `You have ${PASSKEY.maxPerUser} passkeys, the most one account may have. Remove one first.`,
      "PASSKEY_LIMIT",
    );
  const rp = relyingParty(ctx.env);
  const name = [ctx.user.firstName, ctx.user.lastName].filter(Boolean).join(" ");
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: ctx.user.email,
    userID: userHandle(ctx.user.id),
    userDisplayName: name || ctx.user.email,
    timeout: PASSKEY.ceremonyTimeoutMs,
    attestationType: "none",
    // The same device twice would only be a second name for one key.
    excludeCredentials: existing.map((p) => ({ id: p.credential_id, transports: p.transports })),
    // Discoverable, so sign-in needs no e-mail address; verified, so the passkey is two factors in one.
    authenticatorSelection: { residentKey: "required", userVerification: "required" },
  });
  await keepChallenge(ctx.sql, options.challenge, "registration", ctx.user.id);
  return options as PasskeyCreationOptions;
}

const passkeyColumns = (sql: Queryable) => sql`
  id, name, device_type as "deviceType", backed_up as "backedUp", transports, created_at as "createdAt",
  last_used_at as "lastUsedAt"`;

export async function addPasskey(ctx: Authed, input: AddPasskeyInput): Promise<PasskeyView> {
  requireRecentSignIn(ctx);
  const challenge = await takeChallenge(
    ctx.sql,
    input.response.response.clientDataJSON,
    "registration",
    ctx.user.id,
  );
  if (!challenge) throw appError("BAD_REQUEST", EXPIRED_MESSAGE, "PASSKEY_CHALLENGE_INVALID");
  const rp = relyingParty(ctx.env);
  let info: Awaited<ReturnType<typeof verifyRegistrationResponse>>["registrationInfo"];
  try {
    const result = await verifyRegistrationResponse({
      response: input.response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
    });
    info = result.verified ? result.registrationInfo : undefined;
  } catch (error) {
    ctx.logger.info(`passkey registration refused: ${(error as Error).message}`);
  }
  if (!info) throw appError("BAD_REQUEST", NOT_VERIFIED_MESSAGE, "PASSKEY_NOT_VERIFIED");
  const { credential } = info;
  const [added] = await ctx.sql<PasskeyView[]>`
    insert into passkeys (user_id, credential_id, public_key, counter, transports, device_type, backed_up, name)
    values (${ctx.user.id}, ${credential.id}, ${Buffer.from(credential.publicKey)}, ${credential.counter},
            ${credential.transports ?? input.response.response.transports ?? []}, ${info.credentialDeviceType},
            ${info.credentialBackedUp}, ${input.name})
    on conflict (credential_id) do nothing
    returning ${passkeyColumns(ctx.sql)}`;
  if (!added) throw appError("CONFLICT", "This passkey is already registered.", "PASSKEY_EXISTS");
  await recordSecurityEvent(ctx, { eventType: "passkey_added", details: `passkey ${added.id}` });
  await noticeAccountChange(ctx, ctx.user.email, "passkey_added", `Its name: "${added.name}".`);
  return added;
}

// The caller's passkeys ------------------------------------------------------------------------------------

export async function listPasskeys(ctx: Authed): Promise<PasskeyView[]> {
  return ctx.sql<PasskeyView[]>`
    select ${passkeyColumns(ctx.sql)} from passkeys where user_id = ${ctx.user.id} order by created_at, id`;
}

/**
 * The refusal of a passkey id that is not the caller's: the 404 of a missing one (refuseAsMissing), the attempt
 * recorded when the passkey exists.
 */
function passkeyNotFound(ctx: Authed, id: number, what: string) {
  return refuseAsMissing(
    ctx,
    { db: ctx.sql, table: "passkeys", id },
    appError("NOT_FOUND", "Passkey not found", "PASSKEY_NOT_FOUND"),
    `${what} passkey ${id}`,
  );
}

export async function renamePasskey(ctx: Authed, input: { id: number; name: string }): Promise<PasskeyView> {
  const [row] = await ctx.sql<PasskeyView[]>`
    update passkeys set name = ${input.name} where id = ${input.id} and user_id = ${ctx.user.id}
    returning ${passkeyColumns(ctx.sql)}`;
  if (!row) throw await passkeyNotFound(ctx, input.id, "rename of");
  return row;
}

/**
 * Own passkeys only. Removing the last one is fine: the e-mailed link always remains a way in. An
 * administrator whom the platform requires to use two-factor authentication keeps one second factor: the
 * last passkey goes only when the authenticator app is on.
 */
export async function removePasskey(ctx: Authed, input: { id: number }): Promise<{ ok: true }> {
  if (isAdmin(ctx.user) && (await adminMfaRequired(ctx.sql))) {
    const [left] = await ctx.sql<{ others: number; totp: boolean }[]>`
      select (select count(*)::int from passkeys where user_id = ${ctx.user.id} and id <> ${input.id}) as others,
             exists (select 1 from user_mfa where user_id = ${ctx.user.id} and enabled_at is not null) as totp`;
    if (left && left.others === 0 && !left.totp)
      throw appError(
        "CONFLICT",
        "The platform requires administrators to use two-factor authentication: turn on an authenticator app before removing your last passkey.",
        "MFA_REQUIRED",
      );
  }
  const [row] = await ctx.sql<Pick<PasskeyRow, "name">[]>`
    delete from passkeys where id = ${input.id} and user_id = ${ctx.user.id} returning name`;
  if (!row) throw await passkeyNotFound(ctx, input.id, "removal of");
  await recordSecurityEvent(ctx, { eventType: "passkey_removed", details: `passkey ${input.id}` });
  await noticeAccountChange(ctx, ctx.user.email, "passkey_removed", `Its name: "${row.name}".`);
  return { ok: true };
}

// Signing in -----------------------------------------------------------------------------------------------

/**
 * Bounds the passkey challenges one address asks for (RATE_LIMITS.passkeyChallengePerIp). Its own budget, not
 * the sign-in links': a page that offers passkeys asks for a challenge on every visit.
 */
async function limitChallenges(ctx: Context): Promise<void> {
  if (ctx.env.RATE_LIMIT_DISABLED || !ctx.ip) return;
  const wait = await takeToken(ctx.sql, `passkey-challenge:ip:${ctx.ip}`, RATE_LIMITS.passkeyChallengePerIp);
  if (wait === 0) return;
  const when = wait < 60 ? `${wait} second${wait === 1 ? "" : "s"}` : `${Math.ceil(wait / 60)} minutes`;
  throw appError(
    "TOO_MANY_REQUESTS",
    `Too many passkey sign-in attempts from your network. Please try again in ${when}, or sign in with an e-mailed link.`,
    "RATE_LIMITED",
  );
}

/** Public: a challenge for any discoverable passkey of this site (the browser offers the ones it holds). */
export async function passkeySignInOptions(ctx: Context): Promise<PasskeyRequestOptions> {
  await limitChallenges(ctx);
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(ctx.env).id,
    userVerification: "required",
    timeout: PASSKEY.ceremonyTimeoutMs,
  });
  await keepChallenge(ctx.sql, options.challenge, "authentication", null);
  return options as PasskeyRequestOptions;
}

type Credential = Pick<PasskeyRow, "id" | "user_id" | "public_key" | "counter" | "transports"> &
  Pick<UserRow, "role" | "disabled_at" | "suspension_reason">;

async function refuseSignIn(
  ctx: Context,
  userId: string | null,
  why: string,
  code: ErrorReason,
  message: string,
) {
  await recordSecurityEvent(ctx, { eventType: "passkey_login_failed", userId, details: why });
  return appError("UNAUTHORIZED", message, code);
}

/**
 * A challenge for one account's own passkeys: an administrator's second factor, at sign-in (after the password
 * and admin code) and when re-authenticating. The answer must come from one of them (`verifyAssertion`).
 */
export async function passkeyOptionsFor(ctx: Context, userId: string): Promise<PasskeyRequestOptions> {
  const own = await ctx.sql<Pick<PasskeyRow, "credential_id" | "transports">[]>`
    select credential_id, transports from passkeys where user_id = ${userId} order by id`;
  if (own.length === 0)
    throw appError("BAD_REQUEST", "This account has no passkey. Use your authenticator app.", "PASSKEY_NONE");
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(ctx.env).id,
    userVerification: "required",
    timeout: PASSKEY.ceremonyTimeoutMs,
    allowCredentials: own.map((p) => ({ id: p.credential_id, transports: p.transports })),
  });
  await keepChallenge(ctx.sql, options.challenge, "authentication", userId);
  return options as PasskeyRequestOptions;
}

/**
 * Checks a signed challenge: that the challenge was ours and unused (a sign-in's when `owner` is null, else
 * the one issued for `owner`), the passkey registered (to `owner`, when given), the user handle, the signature
 * and a growing counter. Answers the passkey and its account's state; refusals are recorded and thrown.
 */
export async function verifyAssertion(
  ctx: Context,
  response: PasskeySignInInput["response"],
  owner: string | null,
): Promise<Credential> {
  const challenge = await takeChallenge(ctx.sql, response.response.clientDataJSON, "authentication", owner);
  if (!challenge)
    throw await refuseSignIn(
      ctx,
      owner,
      "unknown or used challenge",
      "PASSKEY_CHALLENGE_INVALID",
      EXPIRED_MESSAGE,
    );
  const [passkey] = await ctx.sql<Credential[]>`
    select p.id, p.user_id, p.public_key, p.counter::float8 as counter, p.transports, u.role, u.disabled_at, u.suspension_reason
      from passkeys p join users u on u.id = p.user_id
     where p.credential_id = ${response.id} ${owner ? ctx.sql`and p.user_id = ${owner}` : ctx.sql``}`;
  if (!passkey) throw await refuseSignIn(ctx, owner, "unknown passkey", "PASSKEY_UNKNOWN", UNKNOWN_MESSAGE);
  const handle = response.response.userHandle;
  if (handle && handle !== Buffer.from(userHandle(passkey.user_id)).toString("base64url"))
    throw await refuseSignIn(
      ctx,
      passkey.user_id,
      "user handle mismatch",
      "PASSKEY_NOT_VERIFIED",
      NOT_VERIFIED_MESSAGE,
    );

  const rp = relyingParty(ctx.env);
  let newCounter: number | null = null;
  try {
    // The library also refuses a counter that did not grow (a cloned authenticator), except 0 after 0.
    const result = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: response.id,
        publicKey: new Uint8Array(passkey.public_key),
        counter: passkey.counter,
        transports: passkey.transports,
      },
      requireUserVerification: true,
    });
    if (result.verified) newCounter = result.authenticationInfo.newCounter;
  } catch (error) {
    ctx.logger.info(`passkey refused: ${(error as Error).message}`);
  }
  if (newCounter === null)
    throw await refuseSignIn(
      ctx,
      passkey.user_id,
      "signature refused",
      "PASSKEY_NOT_VERIFIED",
      NOT_VERIFIED_MESSAGE,
    );
  // Checked again where it is written, so two sign-ins with one counter value cannot both pass.
  const moved = await ctx.sql`
    update passkeys set counter = ${newCounter}, last_used_at = now()
     where id = ${passkey.id} and (counter < ${newCounter} or (counter = 0 and ${newCounter}::bigint = 0))
    returning 1 as ok`;
  if (moved.length === 0)
    throw await refuseSignIn(
      ctx,
      passkey.user_id,
      "signature counter went back",
      "PASSKEY_NOT_VERIFIED",
      NOT_VERIFIED_MESSAGE,
    );
  return passkey;
}

/**
 * Signs in with a passkey. User verification is required, so the passkey is something held and something
 * known or been (docs/product/security.md#passkeys): the session starts without asking for a TOTP code, through
 * the same session start as a sign-in link. Not for administrators: their passkey is the second factor after
 * the password and admin code, never the whole sign-in.
 */
export async function signInWithPasskey(ctx: Context, input: PasskeySignInInput) {
  await limitRedemptions(ctx);
  const passkey = await verifyAssertion(ctx, input.response, null);
  if (isSuspended(passkey)) throw accountSuspended();
  if (passkey.disabled_at || isAdmin(passkey))
    throw await refuseSignIn(
      ctx,
      passkey.user_id,
      "account closed to passkeys",
      "PASSKEY_UNKNOWN",
      UNKNOWN_MESSAGE,
    );
  return startSession(ctx, passkey.user_id, {
    eventType: "passkey_login_success",
    details: `passkey ${passkey.id}`,
  });
}
