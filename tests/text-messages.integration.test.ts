// Text messages through the real twilio SDK against a local stand-in (tests/support/twilio-standin.ts): the
// opt-in with a code, reminders in the buyer's waking hours, STOP honoured at send time, signed webhooks, a
// buyer's text threaded into their conversation and the salesperson's answer texted back; export and erasure.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeVisits } from "../src/server/domains/appointments/closing";
import { eraseUser } from "../src/server/domains/compliance/erasure";
import { buildExport, findSubject } from "../src/server/domains/compliance/exporter";
import { sendDueTextReminders } from "../src/server/domains/texting/reminders";
import { addDays, fromZoned, todayIn } from "../src/shared/time";
import { createHarness, ORIGIN } from "./support/harness";
import { startTwilioStandIn } from "./support/twilio-standin";

const standin = await startTwilioStandIn({ appUrl: ORIGIN });
const h = await createHarness({ RATE_LIMIT_DISABLED: "true", ...standin.env() });
await h.seed(0.02);
afterAll(() => standin.close());

const textingDeps = { sql: h.sql, logger: h.deps.logger, texting: h.deps.texting };

/** Polls a condition (every 100 ms, at most 15 s) instead of sleeping a fixed time. */
async function until(condition: () => Promise<boolean> | boolean, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 100));
  }
}

function post(hook: { path: string; body: string; headers: Record<string, string> }) {
  return h.app.request(hook.path, { method: "POST", body: hook.body, headers: hook.headers });
}

const [salesperson] = await h.sql<{ id: number; email: string; time_zone: string }[]>`
  update salespeople set time_zone = 'America/Los_Angeles' where id = (select max(id) from salespeople)
  returning id, email, time_zone`;
const VISIT_ZONE = salesperson!.time_zone;
const BUYER_ZONE = "America/New_York";

/** A scheduled visit of the buyer with the salesperson, `days` ahead at `time` in the visit's zone. */
async function visit(customerId: string, days: number, time: string) {
  const startsAt = fromZoned(addDays(todayIn(VISIT_ZONE), days), time, VISIT_ZONE);
  const [row] = await h.sql<{ id: number }[]>`
    insert into appointments (salesperson_id, customer_id, appointment_type, starts_at, customer_name,
                              customer_phone, customer_email)
    values (${salesperson!.id}, ${customerId}, 'Test Drive', ${startsAt}, 'Tex Buyer', '5125550142',
            'tex@example.org') returning id`;
  return { id: row!.id, startsAt };
}

async function optIn(cookie: string, phone: string) {
  const asked = await h.request("POST", "/api/texting/code", {
    cookie,
    body: { phone, timeZone: BUYER_ZONE },
  });
  expect(asked.status).toBe(200);
  expect(asked.json.state).toBe("pending");
}

const buyer = await h.signIn("tex.buyer@example.org");
const PHONE = "+15125550142";

describe("opting in", () => {
  it("a code texted to the number confirms it; a wrong code does not, and the code is stored hashed", async () => {
    await optIn(buyer.cookie, "(512) 555-0142");
    const code = standin.lastCode(PHONE);
    const [stored] = await h.sql<{ code_hash: string; body: string }[]>`
      select c.code_hash, t.body from text_consents c join text_messages t on t.user_id = c.user_id
       where c.user_id = ${buyer.userId} and t.purpose = 'code'`;
    expect(stored!.code_hash).not.toContain(code);
    expect(stored!.body).not.toContain(code);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    const refused = await h.request("POST", "/api/texting/confirm", {
      cookie: buyer.cookie,
      body: { code: wrong },
    });
    expect(refused.status).toBe(400);
    expect(refused.json.code).toBe("WRONG_TEXT_CODE");
    const confirmed = await h.request("POST", "/api/texting/confirm", {
      cookie: buyer.cookie,
      body: { code },
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.json).toMatchObject({ available: true, phone: PHONE, state: "confirmed" });
    // The same code cannot be used twice.
    const again = await h.request("POST", "/api/texting/confirm", { cookie: buyer.cookie, body: { code } });
    expect(again.json.code).toBe("TEXT_CODE_EXPIRED");
  });

  it("a code is tried five times at most", async () => {
    const other = await h.signIn("tex.guesser@example.org");
    await optIn(other.cookie, "+15125550177");
    const code = standin.lastCode("+15125550177");
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    for (let i = 0; i < 5; i++)
      await h.request("POST", "/api/texting/confirm", { cookie: other.cookie, body: { code: wrong } });
    const late = await h.request("POST", "/api/texting/confirm", { cookie: other.cookie, body: { code } });
    expect(late.json.code).toBe("TEXT_CODE_EXPIRED");
  });
});

describe("reminders", () => {
  it("the day before, in the buyer's time zone, once however many instances run", async () => {
    // 17:00 at the dealership (Los Angeles) is 20:00 for the buyer (New York): outside quiet hours.
    const v = await visit(buyer.userId, 3, "17:00");
    const due = new Date(v.startsAt.getTime() - 24 * 3_600_000);
    const before = standin.to(PHONE).length;
    expect(await sendDueTextReminders(textingDeps, new Date(due.getTime() - 60_000))).toBe(0);
    const at = new Date(due.getTime() + 60_000);
    const runs = await Promise.all([1, 2, 3].map(() => sendDueTextReminders(textingDeps, at)));
    expect(runs.reduce((a, b) => a + b, 0)).toBe(1);
    const texts = standin.to(PHONE).slice(before);
    expect(texts).toHaveLength(1);
    expect(texts[0]!.body).toContain("KnowBefore reminder: your Test Drive");
    expect(texts[0]!.body).toContain("5:00 PM");
    expect(texts[0]!.statusCallback).toBe(`${ORIGIN}/api/webhooks/twilio/status`);
    await h.sql`delete from appointments where id = ${v.id}`;
  });

  it("none in the buyer's quiet hours: a reminder due then goes at 08:00 their time", async () => {
    // 19:00 in Los Angeles is 22:00 in New York: the day-before reminder falls in the buyer's night.
    const v = await visit(buyer.userId, 3, "19:00");
    const planned = new Date(v.startsAt.getTime() - 24 * 3_600_000);
    const before = standin.to(PHONE).length;
    expect(await sendDueTextReminders(textingDeps, new Date(planned.getTime() + 60_000))).toBe(0);
    const morning = fromZoned(addDays(todayIn(BUYER_ZONE, v.startsAt), 0), "08:00", BUYER_ZONE);
    expect(await sendDueTextReminders(textingDeps, new Date(morning.getTime() - 60_000))).toBe(0);
    expect(standin.to(PHONE).length).toBe(before);
    expect(await sendDueTextReminders(textingDeps, new Date(morning.getTime() + 60_000))).toBe(1);
    await h.sql`delete from appointments where id = ${v.id}`;
  });
});

describe("keywords", () => {
  it("STOP is recorded, answered and honoured before the next send; START resumes texts", async () => {
    const v = await visit(buyer.userId, 4, "11:00");
    const stop = await post(standin.inboundText(PHONE, " stop "));
    expect(stop.status).toBe(200);
    expect(await stop.text()).toContain("You are unsubscribed");
    const [event] = await h.sql<{ event: string; source: string; keyword: string; created_at: Date }[]>`
      select event, source, keyword, created_at from text_consent_events
       where user_id = ${buyer.userId} order by id desc limit 1`;
    expect(event).toMatchObject({ event: "stopped", source: "text", keyword: "STOP" });
    expect(event!.created_at).toBeInstanceOf(Date);
    const before = standin.sent.length;
    const due = new Date(v.startsAt.getTime() - 2 * 3_600_000 + 60_000);
    expect(await sendDueTextReminders(textingDeps, due)).toBe(0);
    expect(standin.sent.length).toBe(before);
    const status = await h.request("GET", "/api/texting", { cookie: buyer.cookie });
    expect(status.json.state).toBe("stopped");

    const help = await post(standin.inboundText(PHONE, "HELP"));
    expect(await help.text()).toContain("Reply STOP to cancel");
    const start = await post(standin.inboundText(PHONE, "Unstop"));
    expect(await start.text()).toContain("resubscribed");
    expect(await sendDueTextReminders(textingDeps, due)).toBe(1);
    const events = await h.sql<{ event: string }[]>`
      select event from text_consent_events where user_id = ${buyer.userId} order by id`;
    expect(events.map((e) => e.event)).toEqual(["requested", "confirmed", "stopped", "help", "started"]);
    await h.sql`delete from appointments where id = ${v.id}`;
  });
});

describe("delivery status webhooks", () => {
  it("a forged or unsigned status is refused with 403; a signed one is stored, never moved backwards", async () => {
    const [text] = await h.sql<{ provider_sid: string }[]>`
      select provider_sid from text_messages where user_id = ${buyer.userId} and provider_sid is not null
       and direction = 'outbound' order by id desc limit 1`;
    const sid = text!.provider_sid;
    const forged = standin.statusWebhook(sid, "delivered");
    const tampered = await post({ ...forged, body: forged.body.replace("delivered", "failed") });
    expect(tampered.status).toBe(403);
    const unsigned = await post({
      ...forged,
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(unsigned.status).toBe(403);
    const garbage = await post({ ...forged, body: "%%%&&&=" });
    expect(garbage.status).toBe(403);
    expect((await post(forged)).status).toBe(200);
    expect((await post(standin.statusWebhook(sid, "sent"))).status).toBe(200);
    const [row] = await h.sql<
      { status: string }[]
    >`select status from text_messages where provider_sid = ${sid}`;
    expect(row!.status).toBe("delivered");
  });
});

/**
 * A zone where it is midday now (Etc/GMT-N is N hours ahead of UTC): texts sent at once, outside quiet hours, at
 * whatever time the test runs.
 */
function middayZone(now = new Date()): string {
  const ahead = 12 - now.getUTCHours();
  return ahead === 0 ? "Etc/GMT" : `Etc/GMT${ahead > 0 ? "-" : "+"}${Math.abs(ahead)}`;
}

describe("two-way texting", () => {
  beforeAll(async () => {
    await h.sql`update text_consents set time_zone = ${middayZone()} where user_id = ${buyer.userId}`;
  });

  it("a buyer's text joins the conversation with their visit's salesperson, and the answer is texted back", async () => {
    const v = await visit(buyer.userId, 5, "10:00");
    const inbound = await post(standin.inboundText(PHONE, "Can I bring my trade-in?"));
    expect(inbound.status).toBe(200);
    const [message] = await h.sql<{ conversation_id: number; sender_role: string; salesperson_id: number }[]>`
      select m.conversation_id, m.sender_role, c.salesperson_id from messages m
        join conversations c on c.id = m.conversation_id
       where c.customer_id = ${buyer.userId} and m.body = 'Can I bring my trade-in?'`;
    expect(message).toMatchObject({ sender_role: "customer", salesperson_id: salesperson!.id });
    const [notice] = await h.sql`
      select count(*)::int as n from notifications where salesperson_id = ${salesperson!.id}
       and type = 'new_message' and body = 'Can I bring my trade-in?'`;
    expect(notice).toEqual({ n: 1 });

    const seller = await h.signIn(salesperson!.email, "salesperson");
    const before = standin.to(PHONE).length;
    await h
      .caller({
        user: seller.user,
        session: { id: "s", userId: seller.userId, expiresAt: new Date(), authenticatedAt: new Date() },
      })
      .messages.reply({
        conversationId: message!.conversation_id,
        body: "Yes, bring it along.",
      });
    await until(() => standin.to(PHONE).length > before);
    const texted = standin.to(PHONE).slice(before);
    expect(texted).toHaveLength(1);
    expect(texted[0]!.body).toContain("Yes, bring it along.");
    await h.sql`delete from appointments where id = ${v.id}`;
  });

  it("a completed visit's request to review goes by text too, once across two closing runs", async () => {
    const seller = salesperson!;
    // A visit past its end, which the closing job completes and invites its buyer to review.
    const [done] = await h.sql<{ id: number }[]>`
      insert into appointments (salesperson_id, customer_id, appointment_type, starts_at, customer_name,
                                customer_phone)
      values (${seller.id}, ${buyer.userId}, 'Test Drive', now() - interval '5 hours', 'Tex Buyer', '5125550142')
      returning id`;
    const before = standin.to(PHONE).length;
    const closing = { ...h.noticeDeps, secrets: h.deps.secrets, events: { jobs: h.deps.jobs, env: h.env } };
    await Promise.all([closeVisits(closing), closeVisits(closing)]);
    await until(() => standin.to(PHONE).length > before);
    await closeVisits(closing);
    const [claims] = await h.sql<{ n: number }[]>`
      select count(*)::int as n from text_messages where appointment_id = ${done!.id} and purpose = 'review_request'`;
    expect(claims!.n).toBe(1);
    const texted = standin.to(PHONE).slice(before);
    expect(texted).toHaveLength(1);
    expect(texted[0]!.body).toContain(`/salesperson/${seller.id}#write-review`);
    await h.sql`delete from appointments where id = ${done!.id}`;
  });

  it("a text from a number no account confirmed gets no answer and is not stored", async () => {
    const answer = await post(standin.inboundText("+15125550999", "hello?"));
    expect(answer.status).toBe(200);
    expect(await answer.text()).not.toContain("<Message>");
    const [row] = await h.sql`select 1 from text_messages where phone = '+15125550999'`;
    expect(row).toBeUndefined();
  });
});

describe("personal data", () => {
  it("the export lists the buyer's consents and texts; erasure removes them", async () => {
    const exported = await buildExport(h.sql, (await findSubject(h.sql, buyer.userId))!);
    expect(exported.tables.text_consents!.rows).toHaveLength(1);
    expect(exported.tables.text_consents!.columns).not.toContain("code_hash");
    expect(exported.tables.text_consent_events!.rows.length).toBeGreaterThanOrEqual(5);
    expect(exported.tables.text_messages!.rows.length).toBeGreaterThanOrEqual(4);
    await h.sql.begin((tx) => eraseUser(tx, buyer.userId));
    const [left] = await h.sql<{ n: number }[]>`
      select (select count(*) from text_consents where user_id = ${buyer.userId})
           + (select count(*) from text_consent_events where user_id = ${buyer.userId})
           + (select count(*) from text_messages where user_id = ${buyer.userId} or phone = ${PHONE})::int as n`;
    expect(Number(left!.n)).toBe(0);
  });
});
