// A small local stand-in of Twilio's Messages API, so tests run the real `twilio` SDK offline (TWILIO_API_URL
// points the app's RequestClient at it). It covers what the app calls:
//
//   POST /2010-04-01/Accounts/{AccountSid}/Messages.json   create a message (To, Body, From or MessagingServiceSid)
//
// Requests must carry the account's basic auth. Nothing is delivered: tests read `sent`, and make the webhooks
// Twilio would send (a delivery status, a buyer's text) with `statusWebhook` and `inboundText`, signed by the
// SDK's own getExpectedTwilioSignature over the app's public URL. `refuseNext` answers the next create with a
// Twilio error (e.g. 400 and 21211 for an invalid number).
import { randomBytes } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import twilio from "twilio";

export type SentText = {
  sid: string;
  to: string;
  from: string | null;
  body: string;
  statusCallback: string | null;
};

export async function startTwilioStandIn(options: { appUrl: string }) {
  const accountSid = `AC${randomBytes(16).toString("hex")}`;
  const authToken = randomBytes(16).toString("hex");
  const fromNumber = "+15125550199";
  const sent: SentText[] = [];
  let refusal: { status: number; code: number; message: string } | null = null;

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const answer = (status: number, body: unknown) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(body));
      };
      const expectedAuth = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString("base64")}`;
      if (req.headers.authorization !== expectedAuth)
        return answer(401, { code: 20003, message: "Authenticate", status: 401 });
      const match = req.url?.match(/^\/2010-04-01\/Accounts\/(AC[0-9a-f]{32})\/Messages\.json$/);
      if (req.method !== "POST" || !match || match[1] !== accountSid)
        return answer(404, { code: 20404, message: "The requested resource was not found", status: 404 });
      const form = new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
      const to = form.get("To");
      const body = form.get("Body");
      if (!to || !body || !(form.get("From") || form.get("MessagingServiceSid")))
        return answer(400, { code: 21604, message: "A 'To' phone number is required.", status: 400 });
      if (refusal) {
        const r = refusal;
        refusal = null;
        return answer(r.status, { code: r.code, message: r.message, status: r.status });
      }
      const sid = `SM${randomBytes(16).toString("hex")}`;
      const text: SentText = {
        sid,
        to,
        from: form.get("From"),
        body,
        statusCallback: form.get("StatusCallback"),
      };
      sent.push(text);
      answer(201, {
        sid,
        account_sid: accountSid,
        to,
        from: text.from,
        body,
        status: "queued",
        num_segments: "1",
        direction: "outbound-api",
        date_created: new Date().toUTCString(),
        uri: `/2010-04-01/Accounts/${accountSid}/Messages/${sid}.json`,
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  /** A webhook Twilio would post to the app: its path, form body and signature headers. */
  function signed(path: string, params: Record<string, string>) {
    const url = new URL(path, options.appUrl).href;
    return {
      path,
      body: new URLSearchParams(params).toString(),
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "x-twilio-signature": twilio.getExpectedTwilioSignature(authToken, url, params),
      },
    };
  }

  return {
    url: `http://127.0.0.1:${port}`,
    accountSid,
    authToken,
    fromNumber,
    sent,
    /** The app's environment for texting through this stand-in. */
    env: (): Record<string, string> => ({
      TWILIO_ACCOUNT_SID: accountSid,
      TWILIO_AUTH_TOKEN: authToken,
      TWILIO_FROM_NUMBER: fromNumber,
      TWILIO_API_URL: `http://127.0.0.1:${port}`,
    }),
    /** The texts sent to a number. */
    to: (phone: string) => sent.filter((t) => t.to === phone),
    /** The six-digit code of the last text to a number. */
    lastCode(phone: string): string {
      const last = sent.filter((t) => t.to === phone).at(-1);
      const code = last?.body.match(/\b(\d{6})\b/)?.[1];
      if (!code) throw new Error(`no code was texted to ${phone}`);
      return code;
    },
    refuseNext(status: number, code: number, message: string) {
      refusal = { status, code, message };
    },
    statusWebhook: (sid: string, status: string, extra: Record<string, string> = {}) =>
      signed("/api/webhooks/twilio/status", {
        AccountSid: accountSid,
        MessageSid: sid,
        SmsSid: sid,
        MessageStatus: status,
        SmsStatus: status,
        ...extra,
      }),
    inboundText: (from: string, body: string) =>
      signed("/api/webhooks/twilio/inbound", {
        AccountSid: accountSid,
        MessageSid: `SM${randomBytes(16).toString("hex")}`,
        From: from,
        To: fromNumber,
        Body: body,
        NumMedia: "0",
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
