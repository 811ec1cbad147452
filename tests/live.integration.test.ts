// Live updates across two app instances (real server processes on one PostgreSQL): an event published through
// one reaches a stream on the other within a second; a stream that drops and resumes with its last event id
// gets every event it missed exactly once; and no stream ever carries another account's events, kind by kind.
import { afterAll, describe, expect, it } from "vitest";
import { createSession } from "../src/server/credentials/session";
import { LIVE_STREAMS_PER_USER, type LiveEventKind } from "../src/shared/schemas/live";
import { type LiveStreamClient, openLiveStream } from "./support/live-stream";
import { makeManager } from "./support/members";
import { seededDatabase } from "./support/seededDatabase";
import { startServerProcess } from "./support/server-process";

const db = await seededDatabase("live", 0.02);
const { sql } = db;

const [a, b] = await Promise.all([
  startServerProcess({ RATE_LIMIT_DISABLED: "true" }, { database: db.name }),
  startServerProcess({ RATE_LIMIT_DISABLED: "true" }, { database: db.name }),
]);
const streams: LiveStreamClient[] = [];
afterAll(async () => {
  for (const stream of streams) stream.close();
  await Promise.all([a.dispose(), b.dispose()]);
  await db.drop();
}, 60_000);

type Instance = typeof a;

async function follow(on: Instance, token: string, lastEventId: string | null = null) {
  const stream = await openLiveStream(`http://127.0.0.1:${on.port}`, token, lastEventId);
  streams.push(stream);
  return stream;
}

async function customer(label: string) {
  const [user] = await sql<{ id: string }[]>`
    insert into users (email, role, first_name) values (${`live.${label}@example.org`}, 'customer', ${label})
    returning id`;
  return { id: user!.id, token: (await createSession(sql, user!.id, {})).token };
}

async function account(email: string, role: string) {
  const [user] = await sql<{ id: string }[]>`
    insert into users (email, role) values (${email}, ${role}) returning id`;
  return user!.id;
}

/** Two salespeople with accounts, at two dealerships, each with a manager of its own. */
const people = await Promise.all(
  (
    await sql<{ id: number; dealershipId: number }[]>`
      select distinct on (s.dealership_id) s.id, s.dealership_id as "dealershipId"
        from salespeople s where s.dealership_id is not null order by s.dealership_id, s.id limit 2`
  ).map(async (s, i) => {
    const userId = await account(`live.seller${i}@example.org`, "salesperson");
    const managerId = await account(`live.manager${i}@example.org`, "salesperson");
    await sql`update salespeople set user_id = ${userId} where id = ${s.id}`;
    await makeManager(sql, s.dealershipId, managerId);
    return { ...s, userId, managerId };
  }),
);
const [mine, theirs] = people as [(typeof people)[0], (typeof people)[0]];
const tokenOf = async (userId: string) => (await createSession(sql, userId, {})).token;

async function contact(on: Instance, token: string, salespersonId: number, message: string) {
  const res = await fetch(`http://127.0.0.1:${on.port}/api/contact-salesperson`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ salespersonId, message, contactMethod: "email" }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as { conversationId: number; messageId: number };
}

describe("live updates across two instances", () => {
  it("a message sent through A reaches the salesperson's stream on B within a second", async () => {
    const buyer = await customer("fast");
    const onB = await follow(b, await tokenOf(mine.userId));
    const started = performance.now();
    const sent = await contact(a, buyer.token, mine.id, "Is the blue one still there?");
    const got = await onB.waitFor(
      (e) => e.event.kind === "message" && e.event.payload.messageId === sent.messageId,
      1000,
    );
    console.log(`live: message from A on B after ${Math.round(got.at - started)} ms`);
    expect(got.at - started).toBeLessThan(1000);
    // The bell rings on the same stream.
    await onB.waitFor((e) => e.event.kind === "notification" && e.event.payload.type === "new_message", 1000);
  });

  it("a stream that drops for ten seconds and resumes gets each missed event exactly once", async () => {
    const buyer = await customer("resume");
    const token = await tokenOf(mine.userId);
    const first = await follow(a, token);
    const before = await contact(a, buyer.token, mine.id, "Before the drop");
    await first.waitFor((e) => e.event.kind === "message" && e.event.payload.messageId === before.messageId);
    // Everything up to here was received; the page goes away with the last id it saw.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const lastSeen = first.lastId()!;
    first.close();
    const missed: number[] = [];
    const until = Date.now() + 10_000;
    for (let i = 0; Date.now() < until; i++) {
      missed.push((await contact(i % 2 ? a : b, buyer.token, mine.id, `While away ${i}`)).messageId);
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    const resumed = await follow(b, token, lastSeen);
    await resumed.waitFor((e) => e.event.kind === "message" && e.event.payload.messageId === missed.at(-1));
    const after = await contact(a, buyer.token, mine.id, "After the return");
    await resumed.waitFor((e) => e.event.kind === "message" && e.event.payload.messageId === after.messageId);
    const messages = resumed.received.flatMap((e) =>
      e.event.kind === "message" ? [e.event.payload.messageId] : [],
    );
    expect(messages).toEqual([...missed, after.messageId]);
    expect(messages).not.toContain(before.messageId);
    const ids = resumed.received.map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
  }, 30_000);

  it("refuses a cursor it never made (400), a signed-out caller (401) and one stream too many (429)", async () => {
    const token = await tokenOf(theirs.userId);
    const forged = await follow(a, token, "1; drop table users");
    expect(forged.error()).toMatchObject({ code: "BAD_REQUEST", httpStatus: 400 });
    const signedOut = await follow(a, "not-a-session");
    expect(signedOut.error()).toMatchObject({ code: "UNAUTHORIZED", httpStatus: 401 });
    const open = await Promise.all(Array.from({ length: LIVE_STREAMS_PER_USER }, () => follow(b, token)));
    expect(open.map((s) => s.error())).toEqual(open.map(() => null));
    const extra = await follow(b, token);
    expect(extra.error()).toMatchObject({ httpStatus: 429, cause: "LIVE_STREAM_LIMIT" });
    // The cap is per instance and frees up as pages go.
    expect((await follow(a, token)).error()).toBeNull();
    open[0]!.close();
    for (let retry = 0; ; retry++) {
      const again = await follow(b, token);
      if (again.error() === null) break;
      expect(retry).toBeLessThan(20);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    for (const stream of open) stream.close();
  });

  it("signing out through A ends the session's stream held by B at once", async () => {
    const buyer = await customer("signout");
    const onB = await follow(b, buyer.token);
    expect(onB.error()).toBeNull();
    const out = await fetch(`http://127.0.0.1:${a.port}/api/salesperson/auth/logout`, {
      method: "POST",
      headers: { authorization: `Bearer ${buyer.token}` },
    });
    expect(out.status).toBe(200);
    let timer: NodeJS.Timeout | undefined;
    const ended = await Promise.race([
      onB.ended.then(() => true),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), 5000);
      }),
    ]);
    clearTimeout(timer);
    expect(ended).toBe(true);
  });

  describe("never another account's events", () => {
    /** Each kind made for `theirs` (the other salesperson, their manager, their buyer) and for `mine`. */
    const producers: Record<LiveEventKind, (p: typeof mine, buyerId: string) => Promise<unknown>> = {
      message: async (p, buyerId) =>
        sql`with c as (insert into conversations (customer_id, salesperson_id, contact_method)
                       values (${buyerId}, ${p.id}, 'email') returning id)
            insert into messages (conversation_id, sender_role, sender_user_id, body)
            select id, 'customer', ${buyerId}, 'Hello' from c`,
      notification: (p) =>
        sql`insert into notifications (user_id, type, title, body) values (${p.userId}, 'new_review', 'T', 'B')`,
      appointment: async (p, buyerId) => {
        const [appointment] = await sql<{ id: number }[]>`
          insert into appointments (salesperson_id, customer_id, appointment_type, starts_at, customer_name,
                                    customer_phone)
          values (${p.id}, ${buyerId}, 'Test Drive', now() + interval '9 days' + random() * interval '90 days',
                  'Buyer', '(512) 555-0101') returning id`;
        await sql`insert into appointment_events (appointment_id, to_status, actor_role)
                  values (${appointment!.id}, 'scheduled', 'customer')`;
        await sql`update appointments set status = 'cancelled' where id = ${appointment!.id}`;
        await sql`insert into appointment_events (appointment_id, from_status, to_status, actor_role)
                  values (${appointment!.id}, 'scheduled', 'cancelled', 'customer')`;
      },
      crmSync: async (p) => {
        const [integration] = await sql<{ id: number }[]>`
          insert into crm_integrations (dealership_id, crm_provider, integration_name, api_endpoint, auth_type,
                                        credentials_encrypted, credentials_masked, signing_secret_encrypted,
                                        supported_events)
          values (${p.dealershipId}, 'hubspot', 'Live test', 'https://crm.example.com', 'api_key', 'x', '{}', 'x',
                  '{lead.created}') returning id`;
        await sql`insert into crm_sync_logs (integration_id, delivery_id, status, event_type, entity_type,
                                             entity_id, attempt, processing_time_ms, payload)
                  values (${integration!.id}, gen_random_uuid(), 'success', 'lead.created', 'message', '1', 1, 5,
                          '{}'::jsonb)`;
      },
    };
    /** Who hears of each kind: the salesperson, and for visits and CRM logs their manager; for visits the buyer. */
    const hearers: Record<LiveEventKind, ("salesperson" | "manager" | "buyer")[]> = {
      message: ["salesperson", "buyer"],
      notification: ["salesperson"],
      appointment: ["salesperson", "manager", "buyer"],
      crmSync: ["manager"],
    };

    for (const kind of Object.keys(producers) as LiveEventKind[]) {
      it(`${kind}: only its own recipients hear of it`, async () => {
        const myBuyer = await customer(`${kind}.mine`);
        const theirBuyer = await customer(`${kind}.theirs`);
        const who = { salesperson: mine.userId, manager: mine.managerId, buyer: myBuyer.id };
        const listening = await Promise.all(
          hearers[kind].map(async (role) =>
            follow(role === "buyer" ? a : b, role === "buyer" ? myBuyer.token : await tokenOf(who[role])),
          ),
        );
        await producers[kind](theirs, theirBuyer.id);
        await producers[kind](mine, myBuyer.id);
        for (const stream of listening)
          await stream.waitFor(
            (e) =>
              e.event.kind === kind && (e.event.kind !== "appointment" || e.event.payload.to === "cancelled"),
          );
        // Their events were committed first: had any reached these streams, they would be here by now.
        for (const stream of listening) {
          const ofKind = stream.received.filter((e) => e.event.kind === kind);
          expect(ofKind.length, JSON.stringify(ofKind)).toBe(kind === "appointment" ? 2 : 1);
        }
      });
    }
  });
});
