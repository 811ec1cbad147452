// Twilio's webhooks: delivery statuses of the texts we sent, and texts buyers send to our number. Both are
// form posts signed with X-Twilio-Signature over the exact public URL Twilio was given (APP_URL + path); an
// unsigned or forged one is refused with 403 before anything is read from it, as is any post while texting is
// off. Keywords (STOP, START, HELP and their synonyms) are recorded and answered at once by the webhook's own
// answer (TwiML); any other text from a confirmed number joins the buyer's conversation with the salesperson
// of their next visit (else their latest); a text from a number no account confirmed gets no answer.
import { keywordOf, keywordReply } from "../../../shared/texting";
import { appError } from "../../appError";
import type { AppDeps } from "../../serviceContext";
import type { TWILIO_WEBHOOK_PATHS } from "../../texting/twilio";
import { receiveTextedMessage } from "../messages/service";
import { consentEvent } from "./consent";

export type TwilioWebhook = {
  path: (typeof TWILIO_WEBHOOK_PATHS)[keyof typeof TWILIO_WEBHOOK_PATHS];
  signature: string | undefined;
  settings: string | undefined;
  rawBody: string;
};

/** The form's parameters once its signature is checked; 403 otherwise. */
function verified(deps: AppDeps, hook: TwilioWebhook): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(hook.rawBody)) params[key] = value;
  const ok = deps.texting?.verify({
    signature: hook.signature,
    settings: hook.settings,
    url: deps.texting.webhookUrl(hook.path),
    params,
  });
  if (ok !== true)
    throw appError("FORBIDDEN", "The webhook's signature is missing or wrong", "BAD_SIGNATURE");
  return params;
}

/** Twilio's statuses in the order a text goes through them: a late, older status never overwrites a newer one. */
const STATUS_ORDER = [
  "claimed",
  "accepted",
  "scheduled",
  "queued",
  "sending",
  "sent",
  "delivered",
  "undelivered",
  "failed",
  "read",
];

export async function receiveTextStatus(deps: AppDeps, hook: TwilioWebhook): Promise<{ updated: boolean }> {
  const params = verified(deps, hook);
  const sid = params.MessageSid ?? params.SmsSid;
  const status = params.MessageStatus ?? params.SmsStatus;
  if (!sid || !status || !/^[a-z_]{1,20}$/.test(status))
    throw appError("BAD_REQUEST", "MessageSid and MessageStatus are required");
  const rank = STATUS_ORDER.indexOf(status);
  const rows = await deps.sql`
    update text_messages set status = ${status}, error_code = ${params.ErrorCode ?? null}, status_at = now()
     where provider_sid = ${sid} and direction = 'outbound'
       and coalesce(array_position(${STATUS_ORDER}::text[], status), 0) <= ${rank < 0 ? STATUS_ORDER.length : rank}
    returning id`;
  return { updated: rows.length > 0 };
}

const twiml = (reply: string | null) =>
  `<?xml version="1.0" encoding="UTF-8"?><Response>${reply ? `<Message>${reply.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;")}</Message>` : ""}</Response>`;

const CONSENT_EVENTS = { stop: "stopped", start: "started", help: "help" } as const;

/** Answers TwiML: a keyword's standard reply, or nothing. */
export async function receiveText(deps: AppDeps, hook: TwilioWebhook): Promise<string> {
  const params = verified(deps, hook);
  const from = params.From;
  const sid = params.MessageSid ?? params.SmsSid;
  const body = (params.Body ?? "").trim();
  if (!from || !sid) throw appError("BAD_REQUEST", "From and MessageSid are required");
  const keyword = keywordOf(body);
  if (keyword) {
    await deps.sql.begin(async (tx) => {
      const owners =
        keyword === "stop"
          ? await tx<{ user_id: string }[]>`
              update text_consents set stopped_at = coalesce(stopped_at, now()), updated_at = now()
               where phone = ${from} returning user_id`
          : keyword === "start"
            ? await tx<{ user_id: string }[]>`
                update text_consents set stopped_at = null, updated_at = now() where phone = ${from} returning user_id`
            : await tx<{ user_id: string }[]>`select user_id from text_consents where phone = ${from}`;
      for (const owner of owners) {
        await consentEvent(tx, {
          userId: owner.user_id,
          phone: from,
          event: CONSENT_EVENTS[keyword],
          source: "text",
          keyword: body.toUpperCase().slice(0, 20),
        });
        await tx`
          insert into text_messages (user_id, direction, purpose, phone, body, provider_sid, status)
          values (${owner.user_id}, 'inbound', 'inbound', ${from}, ${body.slice(0, 1600)}, ${owners.length === 1 ? sid : null}, 'received')
          on conflict do nothing`;
      }
    });
    return twiml(keywordReply(keyword, deps.env.APP_URL));
  }
  if (!body) return twiml(null);
  await deps.sql.begin(async (tx) => {
    // The account that confirmed the number, and the salesperson of its next visit, else its latest.
    const [target] = await tx<{ user_id: string; salesperson_id: number | null }[]>`
      select c.user_id,
             coalesce(
               (select a.salesperson_id from appointments a
                 where a.customer_id = c.user_id and a.status = 'scheduled' and a.starts_at > now()
                 order by a.starts_at limit 1),
               (select a.salesperson_id from appointments a
                 where a.customer_id = c.user_id order by a.starts_at desc limit 1)) as salesperson_id
        from text_consents c
       where c.phone = ${from} and c.confirmed_at is not null`;
    if (!target) return;
    // Twilio retries a webhook it got no answer to: the text's SID makes the second delivery a no-op.
    const [stored] = await tx<{ id: number }[]>`
      insert into text_messages (user_id, direction, purpose, phone, body, provider_sid, status)
      values (${target.user_id}, 'inbound', 'inbound', ${from}, ${body.slice(0, 1600)}, ${sid}, 'received')
      on conflict do nothing returning id`;
    if (!stored || target.salesperson_id === null) return;
    const { messageId } = await receiveTextedMessage(deps, tx, {
      customerId: target.user_id,
      salespersonId: target.salesperson_id,
      body: body.slice(0, 2000),
    });
    await tx`update text_messages set message_id = ${messageId} where id = ${stored.id}`;
  });
  return twiml(null);
}
