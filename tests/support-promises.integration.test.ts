// What support promises, kept by clocks (docs/product/support.md#reply-times): a contact message's tier and due
// time from the sender's plan, the inbox ordered by due time with an overdue flag, dealership applications with
// their decision clock, and the phone line offered only when SUPPORT_PHONE configures it.
import { describe, expect, it } from "vitest";
import { EnvError, loadEnv } from "../src/server/env";
import { APPLICATION_DECISION_HOURS, SUPPORT_PHONE_HOURS, SUPPORT_REPLY_HOURS } from "../src/shared/support";
import { createHarness } from "./support/harness";
import { makeManager } from "./support/members";

const PHONE = "+1 (555) 010-0199";
const h = await createHarness({ RATE_LIMIT_DISABLED: "true" });
const withPhone = await createHarness({ RATE_LIMIT_DISABLED: "true", SUPPORT_PHONE: PHONE });
const admin = await h.signIn("promises.admin@example.org", "admin");

const HOUR = 3_600_000;
let serial = 0;

const [dealership] = await h.sql<{ id: number }[]>`
  insert into dealerships (name, address, city, state, zip_code, time_zone, latitude, longitude)
  values ('Promise Motors', '1 Main St', 'Boise', 'ID', '83702', 'America/Boise', 43.6, -116.2) returning id`;

/** A salesperson profile with this e-mail, signed in (the harness links the account to the profile). */
async function salesperson(email: string, dealershipId: number | null = null) {
  const [row] = await h.sql<{ id: number }[]>`
    insert into salespeople (name, email, dealership_id, city, state, time_zone)
    values (${email.split("@")[0]!}, ${email}, ${dealershipId}, 'Boise', 'ID', 'America/Boise') returning id`;
  return { id: row!.id, ...(await h.signIn(email, "salesperson")) };
}

async function subscribe(
  owner: { salespersonId?: number; dealershipId?: number },
  plan: string,
  status: string,
) {
  serial++;
  await h.sql`
    insert into subscriptions (stripe_subscription_id, salesperson_id, dealership_id, plan, interval, status)
    values (${`sub_promise_${serial}`}, ${owner.salespersonId ?? null}, ${owner.dealershipId ?? null}, ${plan},
            'month', ${status})`;
}

function contact(cookie: string | undefined, message: string) {
  return h.request("POST", "/api/contact", {
    cookie,
    body: { name: "Promise Tester", email: "promise.tester@example.org", subject: "support", message },
  });
}

const hoursBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / HOUR;

describe("a support case's tier and due time", () => {
  it("gives a salesperson on a paid plan the priority reply time, and everyone else the standard one", async () => {
    const paid = await salesperson("paid.seller@example.org");
    await subscribe({ salespersonId: paid.id }, "salesperson", "active");
    const lapsed = await salesperson("lapsed.seller@example.org");
    await subscribe({ salespersonId: lapsed.id }, "salesperson-professional", "canceled");
    const customer = await h.signIn("promise.customer@example.org", "customer");

    const priority = await contact(paid.cookie, "From a paid plan");
    expect(priority.status).toBe(201);
    expect(priority.json.priority).toBe(true);
    expect(hoursBetween(priority.json.receivedAt, priority.json.dueAt)).toBe(SUPPORT_REPLY_HOURS.priority);

    for (const cookie of [lapsed.cookie, customer.cookie, undefined]) {
      const standard = await contact(cookie, "Not on a paid plan");
      expect(standard.status).toBe(201);
      expect(standard.json.priority).toBe(false);
      expect(hoursBetween(standard.json.receivedAt, standard.json.dueAt)).toBe(SUPPORT_REPLY_HOURS.standard);
    }
    expect(SUPPORT_REPLY_HOURS.priority).toBeLessThan(SUPPORT_REPLY_HOURS.standard);
  });

  it("gives the manager and the salespeople of a dealership on a paid plan priority", async () => {
    const manager = await h.signIn("paid.manager@example.org", "manager");
    await makeManager(h.sql, dealership!.id, manager.userId);
    const member = await salesperson("paid.member@example.org", dealership!.id);
    expect((await contact(manager.cookie, "Manager, free dealership")).json.priority).toBe(false);

    await subscribe({ dealershipId: dealership!.id }, "dealer-basic", "trialing");
    const fromManager = await contact(manager.cookie, "Manager, paid dealership");
    const fromMember = await contact(member.cookie, "Member, paid dealership");
    expect(fromManager.json.priority).toBe(true);
    expect(fromMember.json.priority).toBe(true);
    const [row] = await h.sql<{ priority: boolean }[]>`
      select priority from contact_messages where id = ${fromMember.json.id}`;
    expect(row!.priority).toBe(true);
  });
});

describe("the administrators' support queue", () => {
  it("lists open cases earliest due first, flags the overdue ones, and puts answered ones after", async () => {
    const tag = "queue-order-case";
    const insert = async (hoursAgo: number, priority: boolean, status = "new") => {
      const [row] = await h.sql<{ id: number }[]>`
        insert into contact_messages (name, email, subject, message, priority, status, created_at)
        values ('Queue', 'queue@example.org', 'support', ${`${tag} ${hoursAgo}`}, ${priority}, ${status},
                now() - make_interval(hours => ${hoursAgo}))
        returning id`;
      return row!.id;
    };
    const answered = await insert(40, false, "answered");
    const dueIn7 = await insert(1, true);
    const overdueStandard = await insert(30, false, "in_progress");
    const dueIn4 = await insert(20, false);
    const overduePriority = await insert(SUPPORT_REPLY_HOURS.priority + 1, true);

    const res = await h.request("GET", `/api/admin/support?search=${tag}`, { cookie: admin.cookie });
    expect(res.status).toBe(200);
    const items = res.json as {
      id: number;
      overdue: boolean;
      dueAt: string;
      createdAt: string;
      ageHours: number;
    }[];
    expect(items.map((c) => c.id)).toEqual([overdueStandard, overduePriority, dueIn4, dueIn7, answered]);
    expect(Object.fromEntries(items.map((c) => [c.id, c.overdue]))).toEqual({
      [overdueStandard]: true,
      [overduePriority]: true,
      [dueIn4]: false,
      [dueIn7]: false,
      [answered]: false,
    });
    const byId = new Map(items.map((c) => [c.id, c]));
    expect(byId.get(dueIn4)!.ageHours).toBe(20);
    expect(hoursBetween(byId.get(dueIn4)!.createdAt, byId.get(dueIn4)!.dueAt)).toBe(
      SUPPORT_REPLY_HOURS.standard,
    );
    expect(hoursBetween(byId.get(dueIn7)!.createdAt, byId.get(dueIn7)!.dueAt)).toBe(
      SUPPORT_REPLY_HOURS.priority,
    );

    const opened = await h.request("GET", `/api/admin/support/${overduePriority}`, { cookie: admin.cookie });
    expect(opened.json).toMatchObject({
      priority: true,
      overdue: true,
      ageHours: SUPPORT_REPLY_HOURS.priority + 1,
    });
  });
});

describe("the support phone line", () => {
  it("is offered only when SUPPORT_PHONE is set, with its hours", async () => {
    const without = await h.request("GET", "/api/site/support-contact");
    expect(without.status).toBe(200);
    expect(without.json).toEqual({ phone: null });
    const configured = await withPhone.request("GET", "/api/site/support-contact");
    expect(configured.json).toEqual({ phone: { number: PHONE, hours: SUPPORT_PHONE_HOURS } });
  });

  it("is validated with the other settings", () => {
    expect(() => loadEnv({ SUPPORT_PHONE: "call us" })).toThrow(EnvError);
    expect(() => loadEnv({ SUPPORT_PHONE: "12" })).toThrow(EnvError);
    expect(loadEnv({ SUPPORT_PHONE: " 555-010-0199 " }).SUPPORT_PHONE).toBe("555-010-0199");
    expect(loadEnv({ SUPPORT_PHONE: "" }).SUPPORT_PHONE).toBeUndefined();
  });
});

describe("the dealership applications queue", () => {
  it("gives each application its received time, decision due time and overdue flag, earliest due first", async () => {
    const insert = async (name: string, confirmedHoursAgo: number, status = "pending") => {
      const [row] = await h.sql<{ id: number }[]>`
        insert into dealership_applications (dealership_name, address, zip_code, city, state, phone_number,
                                             applicant_name, applicant_email, status, confirmed_at, created_at,
                                             decided_at)
        values (${name}, '1 Clock St', '83702', 'Boise', 'ID', '208-555-0100', 'Clock Tester',
                ${`${name.replaceAll(" ", ".")}@example.org`}, ${status},
                now() - make_interval(hours => ${confirmedHoursAgo}),
                now() - make_interval(hours => ${confirmedHoursAgo + 1}),
                ${status === "pending" ? null : new Date()})
        returning id`;
      return row!.id;
    };
    const recent = await insert("Clock Recent", 2);
    const late = await insert("Clock Late", APPLICATION_DECISION_HOURS + 3);
    const decided = await insert("Clock Decided", APPLICATION_DECISION_HOURS + 10, "declined");

    const res = await h.request("GET", "/api/admin/dealership-applications?search=Clock", {
      cookie: admin.cookie,
    });
    expect(res.status).toBe(200);
    const items = res.json as {
      id: number;
      receivedAt: string;
      confirmedAt: string;
      dueAt: string;
      overdue: boolean;
    }[];
    expect(items.map((a) => a.id)).toEqual([late, recent, decided]);
    for (const item of items) {
      expect(item.receivedAt).toBe(item.confirmedAt);
      expect(hoursBetween(item.receivedAt, item.dueAt)).toBe(APPLICATION_DECISION_HOURS);
    }
    expect(items.map((a) => a.overdue)).toEqual([true, false, false]);
    // The console's tab states the decision time from the answer, the one the clock runs on.
    const page = await h.request("GET", "/trpc/onboarding.applications", { cookie: admin.cookie });
    expect(page.json.result.data.json.decisionHours).toBe(APPLICATION_DECISION_HOURS);
  });
});
