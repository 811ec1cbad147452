// A buyer's consent to texts, given on the website: a number, confirmed by a six-digit code sent to it (hashed,
// valid 10 minutes, 5 tries, 3 codes per 10 minutes per account and per number), and withdrawn there too. STOP,
// START and HELP by text are handled in inbound.ts. Every change is a row of text_consent_events.
import { createHash, randomInt, timingSafeEqual } from "node:crypto";
import type { z } from "zod";
import type {
  confirmTextCodeInput,
  requestTextCodeInput,
  TextingStatus,
} from "../../../shared/schemas/texting";
import { TEXT_CODE } from "../../../shared/texting";
import { appError } from "../../appError";
import type { Queryable } from "../../db/client";
import { takeToken } from "../../rateLimit";
import type { Authed, Context } from "../../serviceContext";
import { sendText } from "./send";

/** Codes asked for, per account and per number: 3 at once, then one every 10 minutes. */
export const TEXT_CODE_LIMIT = { capacity: 3, refillSeconds: 600 };

const hashCode = (userId: string, code: string) =>
  createHash("sha256").update(`text-code:${userId}:${code}`).digest("hex");

type ConsentRow = {
  phone: string;
  code_hash: string | null;
  code_expires_at: Date | null;
  code_attempts: number;
  confirmed_at: Date | null;
  stopped_at: Date | null;
};

function toStatus(available: boolean, row: ConsentRow | undefined): TextingStatus {
  if (!row) return { available, phone: null, state: "none", codeExpiresAt: null };
  const pending = row.code_hash !== null && row.code_expires_at !== null && row.code_expires_at > new Date();
  return {
    available,
    phone: row.phone,
    state: row.stopped_at ? "stopped" : row.confirmed_at ? "confirmed" : pending ? "pending" : "none",
    codeExpiresAt: pending && !row.confirmed_at ? row.code_expires_at : null,
  };
}

async function consentOf(sql: Queryable, userId: string) {
  const [row] = await sql<ConsentRow[]>`
    select phone, code_hash, code_expires_at, code_attempts, confirmed_at, stopped_at
      from text_consents where user_id = ${userId}`;
  return row;
}

export async function textingStatusOf(ctx: Authed): Promise<TextingStatus> {
  return toStatus(ctx.texting !== null, await consentOf(ctx.sql, ctx.user.id));
}

export function consentEvent(
  sql: Queryable,
  event: { userId: string; phone: string; event: string; source: "web" | "text"; keyword?: string | null },
) {
  return sql`
    insert into text_consent_events (user_id, phone, event, source, keyword)
    values (${event.userId}, ${event.phone}, ${event.event}, ${event.source}, ${event.keyword ?? null})`;
}

function refuseWhenOff(ctx: Context) {
  if (!ctx.texting)
    throw appError(
      "SERVICE_UNAVAILABLE",
      "Text messages are not configured on this server.",
      "TEXTING_NOT_CONFIGURED",
    );
}

export async function requestTextCode(
  ctx: Authed,
  input: z.output<typeof requestTextCodeInput>,
): Promise<TextingStatus> {
  refuseWhenOff(ctx);
  const { phone } = input;
  const current = await consentOf(ctx.sql, ctx.user.id);
  if (current?.phone === phone && current.confirmed_at && !current.stopped_at) return toStatus(true, current);
  const [stopped] =
    await ctx.sql`select 1 from text_consents where phone = ${phone} and stopped_at is not null`;
  if (stopped)
    throw appError(
      "CONFLICT",
      "This number texted STOP to us: text START to the number our texts come from, then ask for a code again.",
      "TEXTS_STOPPED",
    );
  for (const key of [`text-code:user:${ctx.user.id}`, `text-code:phone:${phone}`]) {
    const wait = await takeToken(ctx.sql, key, TEXT_CODE_LIMIT);
    if (wait > 0)
      throw appError(
        "TOO_MANY_REQUESTS",
        `Too many codes asked for: try again in ${Math.ceil(wait / 60)} minutes.`,
        "RATE_LIMITED",
      );
  }
  const code = String(randomInt(0, 10 ** TEXT_CODE.digits)).padStart(TEXT_CODE.digits, "0");
  await ctx.sql.begin(async (tx) => {
    await tx`
      insert into text_consents (user_id, phone, time_zone, code_hash, code_expires_at, code_attempts)
      values (${ctx.user.id}, ${phone}, ${input.timeZone ?? null}, ${hashCode(ctx.user.id, code)},
              now() + make_interval(mins => ${TEXT_CODE.validMinutes}), 0)
      on conflict (user_id) do update set
        phone = excluded.phone,
        time_zone = coalesce(excluded.time_zone, text_consents.time_zone),
        code_hash = excluded.code_hash, code_expires_at = excluded.code_expires_at, code_attempts = 0,
        confirmed_at = case when text_consents.phone = excluded.phone then text_consents.confirmed_at end,
        updated_at = now()`;
    await consentEvent(tx, { userId: ctx.user.id, phone, event: "requested", source: "web" });
  });
  const sent = await sendText(ctx, {
    userId: ctx.user.id,
    purpose: "code",
    body: `Your KnowBefore code is ${code}. It expires in ${TEXT_CODE.validMinutes} minutes. Msg&data rates may apply. Reply STOP to opt out.`,
    storedBody: `Your KnowBefore code is ${"•".repeat(TEXT_CODE.digits)}.`,
  });
  if (!sent.sent && sent.why === "refused") {
    await ctx.sql`update text_consents set code_hash = null, code_expires_at = null where user_id = ${ctx.user.id}`;
    if (sent.error.status !== null && sent.error.status >= 400 && sent.error.status < 500)
      throw appError(
        "BAD_REQUEST",
        "This number cannot receive our texts: check it, or use another one.",
        "PHONE_CANNOT_RECEIVE_TEXTS",
      );
    throw appError(
      "BAD_GATEWAY",
      "The text could not be sent: try again in a moment.",
      "TEXTING_UNAVAILABLE",
    );
  }
  return toStatus(true, await consentOf(ctx.sql, ctx.user.id));
}

export async function confirmTextCode(
  ctx: Authed,
  input: z.output<typeof confirmTextCodeInput>,
): Promise<TextingStatus> {
  refuseWhenOff(ctx);
  const outcome = await ctx.sql.begin(async (tx) => {
    const [row] = await tx<(ConsentRow & { live: boolean })[]>`
      select phone, code_hash, code_expires_at, code_attempts, confirmed_at, stopped_at,
             code_expires_at > now() as live
        from text_consents where user_id = ${ctx.user.id} for update`;
    if (!row?.code_hash || !row.live || row.code_attempts >= TEXT_CODE.maxAttempts) return "expired" as const;
    const given = Buffer.from(hashCode(ctx.user.id, input.code), "hex");
    if (!timingSafeEqual(given, Buffer.from(row.code_hash, "hex"))) {
      // The last wrong try spends the code.
      await tx`
        update text_consents set code_attempts = code_attempts + 1,
               code_hash = case when code_attempts + 1 >= ${TEXT_CODE.maxAttempts} then null else code_hash end,
               updated_at = now()
         where user_id = ${ctx.user.id}`;
      return "wrong" as const;
    }
    // A number is confirmed for one account: whoever proves they hold it now takes it from another.
    const moved = await tx<{ user_id: string }[]>`
      update text_consents set confirmed_at = null, updated_at = now()
       where phone = ${row.phone} and user_id <> ${ctx.user.id} and confirmed_at is not null
      returning user_id`;
    for (const other of moved)
      await consentEvent(tx, { userId: other.user_id, phone: row.phone, event: "withdrawn", source: "web" });
    await tx`
      update text_consents set confirmed_at = now(), code_hash = null, code_expires_at = null, code_attempts = 0,
             updated_at = now()
       where user_id = ${ctx.user.id}`;
    await consentEvent(tx, { userId: ctx.user.id, phone: row.phone, event: "confirmed", source: "web" });
    return "confirmed" as const;
  });
  if (outcome === "expired")
    throw appError(
      "BAD_REQUEST",
      "No code is waiting, or it expired or was tried too often: ask for a new one.",
      "TEXT_CODE_EXPIRED",
    );
  if (outcome === "wrong")
    throw appError("BAD_REQUEST", "That code is not the one we sent.", "WRONG_TEXT_CODE");
  return toStatus(true, await consentOf(ctx.sql, ctx.user.id));
}

/** Texts turned off on the website: the number stays unconfirmed until a new code is entered. */
export async function withdrawTextConsent(ctx: Authed): Promise<TextingStatus> {
  await ctx.sql.begin(async (tx) => {
    const [row] = await tx<{ phone: string }[]>`
      update text_consents set confirmed_at = null, code_hash = null, code_expires_at = null, updated_at = now()
       where user_id = ${ctx.user.id} returning phone`;
    if (row)
      await consentEvent(tx, { userId: ctx.user.id, phone: row.phone, event: "withdrawn", source: "web" });
  });
  return toStatus(ctx.texting !== null, await consentOf(ctx.sql, ctx.user.id));
}
