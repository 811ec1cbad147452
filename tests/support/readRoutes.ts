// Who calls each read REST route, and with what, so that it answers 200 with real rows: the
// fixtures of the real-answer test (tests/openapi.integration.test.ts). A read route without an entry here
// fails that test, so each new one is given a caller and a fixture.
import { seedDocuments } from "../../src/server/domains/documents/seed";
import { unsubscribeToken } from "../../src/server/domains/notifications/unsubscribe";
import { makeGroup, signInToGroup } from "./groups";
import type { createHarness } from "./harness";

type Harness = Awaited<ReturnType<typeof createHarness>>;
/** `invitee`: an independent salesperson the manager of `person`'s dealership has invited. */
/** `group`: the owner of a dealer group holding `person`'s dealership and another. */
export type Caller = "public" | "customer" | "salesperson" | "invitee" | "manager" | "group" | "admin";

/** How one read route is called: as whom, and the URL with its path and query filled in. */
export type ReadCall = { as: Caller; url: string };

/** Rows of the seeded database the read routes are called about (seed plus the few rows made here). */
export async function readFixtures(h: Harness) {
  const [person] = await h.sql<
    { id: number; email: string; manager: string; dealershipId: number; dealershipSlug: string }[]
  >`
    select s.id, s.email, u.email as manager, d.id as "dealershipId", d.slug as "dealershipSlug" from salespeople s
      join dealerships d on d.id = s.dealership_id join dealership_members dm on dm.dealership_id = d.id and dm.role = 'owner' join users u on u.id = dm.user_id
     where exists (select 1 from ratings r where r.salesperson_id = s.id and r.removed_at is null)
       and exists (select 1 from appointments a where a.salesperson_id = s.id)
     order by s.id limit 1`;
  const [buyer] = await h.sql<{ email: string }[]>`
    select u.email from users u join appointments a on a.customer_id = u.id
     where a.salesperson_id = ${person!.id} order by u.email limit 1`;
  const [independent] = await h.sql<{ email: string }[]>`
    insert into salespeople (name, email, dealership_id, city, state, time_zone, verified_at, payment_model)
    select 'Sam Invitee', 'openapi.invitee@sales.example.org', null, city, state, time_zone, now(), 'individual'
      from dealerships where id = ${person!.dealershipId}
    returning email`;
  const sessions = {
    public: undefined,
    invitee: await h.signIn(independent!.email, "salesperson"),
    customer: await h.signIn(buyer!.email),
    salesperson: await h.signIn(person!.email, "salesperson"),
    manager: await h.signIn(person!.manager, "manager"),
    group: await groupOwner(h, person!.dealershipId),
    admin: await h.signIn("openapi.admin@example.org", "admin"),
  };
  const { customer, salesperson, invitee, manager, group, admin } = sessions;
  const made = await makeRows(h, { person: person!, customer, salesperson, invitee, manager, group, admin });
  return { person: person!, sessions, ...made };
}

type Session = { cookie: string; userId: string };

/** The owner of a new dealer group of `dealershipId` and the next dealership by id. */
async function groupOwner(h: Harness, dealershipId: number) {
  const [next] = await h.sql<{ id: number }[]>`
    select min(id) as id from dealerships where id > ${dealershipId}`;
  const group = await makeGroup(h, "OpenAPI Motor Group", [dealershipId, next!.id]);
  return signInToGroup(h, "openapi.group@example.org", group, "group_owner");
}

/** The rows no seed has: each made the way its users make it (REST), or as Stripe's webhook would leave it. */
async function makeRows(
  h: Harness,
  who: { person: { id: number; email: string; dealershipId: number } } & Record<
    Exclude<Caller, "public">,
    Session
  >,
) {
  const made = async <T = { id: number }>(
    what: string,
    answer: Promise<{ status: number; text: string; json: unknown }>,
  ) => {
    const res = await answer;
    if (res.status >= 300) throw new Error(`making ${what}: ${res.status} ${res.text}`);
    return res.json as T;
  };
  const post = <T = { id: number }>(what: string, cookie: string, path: string, body: unknown) =>
    made<T>(what, h.request("POST", `/api${path}`, { cookie, body }));
  const start = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
  await post("an availability block", who.salesperson.cookie, "/availability-blocks", {
    salespersonId: who.person.id,
    title: "Training",
    startDateTime: `${start}T09:00`,
    endDateTime: `${start}T10:00`,
  });
  await post("an API key", who.manager.cookie, "/api-keys", {
    name: "Reports",
    scopes: ["salespeople:read"],
  });
  const integration = await post("a CRM integration", who.manager.cookie, "/crm/integrations", {
    crmProvider: "hubspot",
    integrationName: "HubSpot",
    apiEndpoint: "https://crm.example.com/hooks",
    credentials: { apiKey: "hs-live-7f3a9c2e11d84b6f" },
  });
  await h.sql`
    insert into crm_sync_logs (integration_id, delivery_id, status, event_type, entity_type, entity_id, attempt,
                               processing_time_ms, response_code, payload)
    values (${integration.id}, gen_random_uuid(), 'success', 'appointment.created', 'appointment', '1', 1, 12, 200,
            '{}'::jsonb)`;
  const request = await post("a data request", who.customer.cookie, "/compliance/gdpr-requests", {
    requestType: "access",
    requestDetails: { description: "Please send me a copy of my data" },
  });
  await made(
    "a completed data request",
    h.request("PATCH", `/api/compliance/gdpr-requests/${request.id}`, {
      cookie: who.admin.cookie,
      body: { action: "complete", note: "Done" },
    }),
  );
  await seedDocuments(h.sql);
  const [other] = await h.sql<{ id: number }[]>`
    select id from dealerships where id <> ${who.person.dealershipId} order by id limit 1`;
  await post("a transfer request", who.salesperson.cookie, "/transfer-requests", {
    toDealershipId: other!.id,
    note: "Closer to home",
  });
  const [invitee] = await h.sql<
    { email: string }[]
  >`select email from users where id = ${who.invitee.userId}`;
  await post("an invitation", who.manager.cookie, "/manager/add-salesperson", {
    name: "Jordan Blake",
    email: invitee!.email,
    phoneNumber: "(512) 555-0142",
    yearsOfExperience: 4,
    paymentModel: "dealership",
  });
  await post("a manager invitation", who.admin.cookie, "/admin/manager-invitations", {
    dealershipId: other!.id,
    email: "openapi.next.manager@example.org",
  });
  await post("a group invitation", who.group.cookie, "/group/members/invitations", {
    email: "openapi.group.staff@example.org",
    role: "group_staff",
  });
  await post("a certification", who.salesperson.cookie, "/salesperson/certifications", {
    name: "Certified Sales Professional",
    issuer: "National Automobile Dealers Association",
    year: 2022,
  });
  await post("a purchase claim", who.customer.cookie, "/purchase-claims", {
    salespersonId: who.person.id,
    vehicle: "2024 Honda Civic",
  });
  const [subscription] = await h.sql<{ id: string }[]>`
    insert into subscriptions (stripe_subscription_id, dealership_id, plan, interval, status)
    values ('sub_openapi_reads', ${who.person.dealershipId}, 'dealer-basic', 'month', 'active') returning id`;
  await made(
    "a sign-in link",
    h.request("POST", "/api/salesperson/auth/login", { body: { email: who.person.email } }),
  );
  const link = h.smtp.lastLinkFor(who.person.email);
  await post("a dealership application", "", "/dealership-applications", {
    dealershipName: "Lakeside Auto Group",
    address: "200 Lake Shore Dr",
    zipCode: "60601",
    phoneNumber: "312-555-0100",
    website: "lakesideauto.example.com",
    applicantName: "Dana Reyes",
    applicantEmail: "dana@lakesideauto.example.com",
  });
  const confirmation = h.smtp.lastLinkFor("dana@lakesideauto.example.com");
  await post("a confirmed application", "", "/dealership-applications/confirmation", {
    token: new URL(confirmation!).searchParams.get("token"),
  });
  const supportCase = await post("a contact message", who.customer.cookie, "/contact", {
    name: "Casey Reader",
    email: "casey.reader@example.org",
    subject: "support",
    message: "How do I change my e-mail address?",
  });
  await post("a promotion request", who.admin.cookie, "/admin/promotions", {
    userId: who.customer.userId,
    reason: "Joins the support team",
  });
  // A review the gaming rules held (of another salesperson, so the person's own list stays as seeded).
  await h.sql`
    update ratings set moderation_status = 'held', held_reason = 'The review contains contact details (a phone number).'
     where id = (select id from ratings where salesperson_id <> ${who.person.id} order by id desc limit 1)`;
  // Two visits of the customer marked no-show and disputed: one waits for the manager, one for administrators.
  const missed = await h.sql<{ id: number }[]>`
    insert into appointments (salesperson_id, customer_id, appointment_type, starts_at, status, customer_name,
                              customer_phone)
    values (${who.person.id}, ${who.customer.userId}, 'Test Drive', now() - interval '26 hours', 'no-show',
            'Casey Reader', '(512) 555-0142'),
           (${who.person.id}, ${who.customer.userId}, 'Consultation', now() - interval '50 hours', 'no-show',
            'Casey Reader', '(512) 555-0142')
    returning id`;
  for (const visit of missed)
    await post("a dispute of a no-show", who.customer.cookie, `/visits/${visit.id}/dispute`, {
      statement: "I was there and drove the hybrid.",
    });
  await h.sql`update visit_disputes set status = 'escalated', escalated_at = now()
               where appointment_id = ${missed[1]!.id}`;
  // A passkey of the customer (its key is never read back, so any bytes do).
  await h.sql`
    insert into passkeys (user_id, credential_id, public_key, device_type, backed_up, name, transports)
    values (${who.customer.userId}, 'openapi-passkey', decode('00', 'hex'), 'multiDevice', true, 'Phone',
            '{internal,hybrid}')`;
  // A Google account linked to the customer's.
  await h.sql`
    insert into linked_identities (user_id, provider, subject, email, last_used_at)
    values (${who.customer.userId}, 'google', 'openapi-subject', 'openapi.google@example.org', now())`;
  // The salesperson's calendar feed, whose secret address is read back only when it is made.
  const feed = await post<{ url: string }>(
    "a calendar feed",
    who.salesperson.cookie,
    "/salesperson/calendar-feed",
    {},
  );
  return {
    calendarFeedPath: new URL(feed.url).pathname.replace(/^\/api/, ""),
    disputedVisitId: missed[0]!.id,
    supportCaseId: supportCase.id,
    integrationId: integration.id,
    dataRequestId: request.id,
    subscriptionId: subscription!.id,
    linkToken: new URL(link!).searchParams.get("token")!,
    // The secret of the customer's unsubscribe link for e-mails about messages, as their mail would carry it.
    unsubscribeToken: unsubscribeToken(h.deps.secrets, who.customer.userId, "messages"),
  };
}

type Fixtures = Awaited<ReturnType<typeof readFixtures>>;

/** Each GET REST route (its path as its procedure declares it) and how it is called. */
export function readCalls(f: Fixtures): Record<string, ReadCall> {
  const sp = f.person.id;
  const date = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
  const month = new Date().toISOString().slice(0, 7);
  const customer = f.sessions.customer.userId;
  return {
    "/auth/user": { as: "customer", url: "/auth/user" },
    "/auth/user/:id": { as: "customer", url: `/auth/user/${customer}` },
    "/salesperson/auth/user": { as: "salesperson", url: "/salesperson/auth/user" },
    "/salesperson/auth/verify": { as: "public", url: `/salesperson/auth/verify?token=${f.linkToken}` },
    "/admin/verify": { as: "admin", url: "/admin/verify" },
    "/admin/reauthentication": { as: "admin", url: "/admin/reauthentication" },
    "/admin/overview": { as: "admin", url: "/admin/overview" },
    "/admin/promotions": { as: "admin", url: "/admin/promotions" },
    "/admin/monitor": { as: "admin", url: "/admin/monitor" },
    "/admin/support": { as: "admin", url: "/admin/support" },
    "/admin/support/:id": { as: "admin", url: `/admin/support/${f.supportCaseId}` },
    "/public/users": { as: "admin", url: "/public/users" },
    "/admin/salespeople": { as: "admin", url: "/admin/salespeople" },
    "/salespeople": { as: "public", url: "/salespeople" },
    "/salespeople/:id": { as: "public", url: `/salespeople/${sp}` },
    "/dealerships": { as: "public", url: "/dealerships" },
    "/admin/audit-log": { as: "admin", url: "/admin/audit-log" },
    "/salespeople/:id/ratings": { as: "public", url: `/salespeople/${sp}/ratings` },
    "/salespeople/:id/check-in-code": { as: "salesperson", url: `/salespeople/${sp}/check-in-code` },
    "/salespeople/:salespersonId/reviews": { as: "public", url: `/salespeople/${sp}/reviews` },
    "/salesperson/invitations": { as: "invitee", url: "/salesperson/invitations" },
    "/appointments/salesperson/:id": { as: "salesperson", url: `/appointments/salesperson/${sp}` },
    "/appointments/salesperson/:id/:date": { as: "public", url: `/appointments/salesperson/${sp}/${date}` },
    "/appointments/customer": { as: "customer", url: `/appointments/customer?userId=${customer}` },
    "/appointments/customer/:userId": { as: "customer", url: `/appointments/customer/${customer}` },
    "/visits/:id/record": { as: "customer", url: `/visits/${f.disputedVisitId}/record` },
    "/visit-disputes/manager": { as: "manager", url: "/visit-disputes/manager" },
    "/visit-disputes": { as: "admin", url: "/visit-disputes" },
    "/availability-blocks/salesperson/:id": {
      as: "salesperson",
      url: `/availability-blocks/salesperson/${sp}`,
    },
    "/working-hours/salesperson/:id": { as: "salesperson", url: `/working-hours/salesperson/${sp}` },
    "/appointments/next-open": { as: "public", url: `/appointments/next-open?ids=${sp}` },
    "/booking-rules/salesperson/:id": { as: "salesperson", url: `/booking-rules/salesperson/${sp}` },
    "/manager/overview": { as: "manager", url: "/manager/overview" },
    "/manager/team": { as: "manager", url: "/manager/team" },
    "/manager/invitations": { as: "manager", url: "/manager/invitations" },
    "/manager/members": { as: "manager", url: "/manager/members" },
    "/manager/bookings": { as: "manager", url: "/manager/bookings" },
    "/group": { as: "group", url: "/group" },
    "/group/report": { as: "group", url: `/group/report?month=${new Date().toISOString().slice(0, 7)}` },
    "/admin/manager-invitations": { as: "admin", url: "/admin/manager-invitations" },
    "/group/members": { as: "group", url: "/group/members" },
    "/admin/dealer-groups": { as: "admin", url: "/admin/dealer-groups" },
    "/manager/performance": { as: "manager", url: "/manager/performance" },
    "/manager/report": { as: "manager", url: `/manager/report?month=${month}` },
    "/payments/config": { as: "public", url: "/payments/config" },
    "/subscriptions/mine": { as: "manager", url: "/subscriptions/mine" },
    "/subscriptions/checkout-status": {
      as: "manager",
      url: `/subscriptions/checkout-status?subscription=${f.subscriptionId}`,
    },
    "/subscriptions/:id": { as: "manager", url: `/subscriptions/${f.subscriptionId}` },
    "/subscription-info/:dealershipId": { as: "manager", url: `/subscription-info/${f.person.dealershipId}` },
    "/crm/providers": { as: "manager", url: "/crm/providers" },
    "/crm/integrations": { as: "manager", url: "/crm/integrations" },
    "/crm/integrations/:id/logs": { as: "manager", url: `/crm/integrations/${f.integrationId}/logs` },
    "/analytics/executive-summary": { as: "admin", url: "/analytics/executive-summary" },
    "/analytics/revenue": { as: "admin", url: "/analytics/revenue" },
    "/analytics/dealerships": { as: "admin", url: "/analytics/dealerships" },
    "/analytics/market": { as: "admin", url: "/analytics/market" },
    "/analytics/predictions": { as: "admin", url: "/analytics/predictions" },
    "/transfer-requests": { as: "admin", url: "/transfer-requests" },
    "/transfer-requests/mine": { as: "salesperson", url: "/transfer-requests/mine" },
    "/transfer-requests/incoming": { as: "manager", url: "/transfer-requests/incoming" },
    "/admin/dealership-applications": { as: "admin", url: "/admin/dealership-applications" },
    "/site/stats": { as: "public", url: "/site/stats" },
    "/site/support-contact": { as: "public", url: "/site/support-contact" },
    "/site/dealerships-nearby": {
      as: "public",
      url: "/site/dealerships-nearby?latitude=30.27&longitude=-97.74",
    },
    "/site/dealerships/:slug": { as: "public", url: `/site/dealerships/${f.person.dealershipSlug}` },
    "/documents/:slug": { as: "public", url: "/documents/terms-of-service" },
    "/compliance/overview": { as: "admin", url: "/compliance/overview" },
    "/compliance/gdpr-requests": { as: "customer", url: "/compliance/gdpr-requests" },
    "/compliance/gdpr-requests/:id/export": {
      as: "customer",
      url: `/compliance/gdpr-requests/${f.dataRequestId}/export`,
    },
    "/compliance/retention-policies": { as: "admin", url: "/compliance/retention-policies" },
    "/security/overview": { as: "customer", url: "/security/overview" },
    "/security/mfa-status": { as: "customer", url: "/security/mfa-status" },
    "/security/sessions": { as: "customer", url: "/security/sessions" },
    "/security/passkeys": { as: "customer", url: "/security/passkeys" },
    "/security/linked-accounts": { as: "customer", url: "/security/linked-accounts" },
    "/auth/providers": { as: "public", url: "/auth/providers" },
    "/security/events": { as: "admin", url: "/security/events" },
    "/security/settings": { as: "admin", url: "/security/settings" },
    "/api-keys/scopes": { as: "manager", url: "/api-keys/scopes" },
    "/api-keys": { as: "manager", url: "/api-keys" },
    "/manager/dealership": { as: "manager", url: "/manager/dealership" },
    "/salesperson/certifications": { as: "salesperson", url: "/salesperson/certifications" },
    "/certifications/pending": { as: "manager", url: "/certifications/pending" },
    "/salespeople/:salespersonId/certifications": {
      as: "manager",
      url: `/salespeople/${sp}/certifications`,
    },
    "/admin/held-reviews": { as: "admin", url: "/admin/held-reviews" },
    "/analytics/feedback": { as: "manager", url: "/analytics/feedback?period=12m" },
    "/analytics/feedback/comments": { as: "manager", url: "/analytics/feedback/comments?period=12m" },
    "/analytics/feedback/export": { as: "manager", url: "/analytics/feedback/export?period=12m" },
    "/purchase-claims/mine": { as: "customer", url: "/purchase-claims/mine" },
    "/purchase-claims": { as: "manager", url: "/purchase-claims?status=pending" },
    "/salesperson/calendar-feed": { as: "salesperson", url: "/salesperson/calendar-feed" },
    "/calendar-feeds/:token": { as: "public", url: f.calendarFeedPath },
    "/visits/:id/calendar": { as: "customer", url: `/visits/${f.disputedVisitId}/calendar` },
    "/notification-preferences": { as: "customer", url: "/notification-preferences" },
    "/texting": { as: "customer", url: "/texting" },
    "/unsubscribe/:token": { as: "public", url: `/unsubscribe/${f.unsubscribeToken}` },
  };
}
