// Bad input derived from every procedure's own input schema, over HTTP as clients send it: each field of
// an otherwise valid input in turn gets NUL bytes, control characters, impossible dates, 2^31, 1e308,
// 100 KB strings and wrong types; the same goes to every REST route through its path, query or body.
// Every answer must be below 500, and no error may carry SQL, driver or library text.
import { afterAll, describe, expect, it } from "vitest";
import { unsubscribeToken } from "../src/server/domains/appointments/reviewInvitations";
import { unsubscribeToken as unsubscribeNoticesToken } from "../src/server/domains/notifications/unsubscribe";
import { appRouter } from "../src/server/trpc/root";
import { DEFAULT_BOOKING_RULES } from "../src/shared/bookingRules";
import { addDays } from "../src/shared/time";
import { makeGroup, signInToGroup } from "./support/groups";
import { createHarness, ORIGIN } from "./support/harness";
import { openDay } from "./support/openHours";
import { startStripeStandIn } from "./support/stripe-standin";
import { startTwilioStandIn } from "./support/twilio-standin";

// Payments on, against the local Stripe stand-in: checkout and plan changes run their whole path on bad input.
const stripe = await startStripeStandIn();
afterAll(() => Promise.all([stripe.close(), twilio.close()]));
// Texts on, against the local Twilio stand-in, likewise.
const twilio = await startTwilioStandIn({ appUrl: ORIGIN });
const h = await createHarness({ RATE_LIMIT_DISABLED: "true", ...stripe.env, ...twilio.env() });
await h.seed(0.02);

const FORBIDDEN_TEXT =
  /select .* from |insert into|update \w+ set|Failed query|out of range|invalid byte sequence|invalid input syntax|Maximum call stack|github\.com|postgres|violates|relation "|params:|date\/time field|Invalid time value|at Object\.|node_modules/i;

const [sp] = await h.sql<{ id: number; email: string; dealership: string; dealershipId: number }[]>`
  select s.id, s.email, d.name as dealership, d.id as "dealershipId" from salespeople s join dealerships d on d.id = s.dealership_id
  order by s.id limit 1`;
const [mgr] = await h.sql<{ email: string }[]>`select email from users where role = 'manager' limit 1`;
// Made first, so the group ids the sweep coerces out of bad input (true is 1) name it, not the group probed with.
const [{ id: spareGroup }] = await h.sql<[{ id: number }]>`
  insert into dealer_groups (name) values ('Fuzz Spare Group') returning id`;
const roles = {
  customer: await h.signIn("fuzz.customer@example.org"),
  salesperson: await h.signIn(sp!.email, "salesperson"),
  manager: await h.signIn(mgr!.email, "manager"),
  admin: await h.signIn("fuzz.admin@example.org", "admin"),
  // The owner of a dealer group holding the first salesperson's dealership.
  group: await signInToGroup(
    h,
    "fuzz.group@example.org",
    await makeGroup(h, "Fuzz Motor Group", [sp!.dealershipId]),
    "group_owner",
  ),
  anonymous: null,
};

// What the administrators' destructive procedures act on: objects of their own, so the sweep never deletes or
// moves the accounts and salesperson the other procedures are probed with.
const spare = {
  user: (await h.signIn("fuzz.spare@example.org")).userId,
  salesperson: (
    await h.sql<{ id: number }[]>`
      insert into salespeople (name, email, city, state, time_zone)
      values ('Fuzz Spare', 'fuzz.spare.sp@example.org', 'Austin', 'TX', 'America/Chicago') returning id`
  )[0]!.id,
  dealership: (
    await h.sql<{ id: number }[]>`
      insert into dealerships (name, address, city, state, zip_code, time_zone, latitude, longitude)
      values ('Fuzz Spare Motors', '1 Main St', 'Austin', 'TX', '78701', 'America/Chicago', 30.27, -97.74)
      returning id`
  )[0]!.id,
};
// The account lifecycle and the support inbox act on their own spare account and case.
const lifecycleSpare = (await h.signIn("fuzz.lifecycle@example.org")).userId;
const [spareCase] = await h.sql<{ id: number }[]>`
  insert into contact_messages (name, email, subject, message)
  values ('Fuzz Sender', 'fuzz.sender@example.org', 'support', 'A question') returning id`;
const WEBAUTHN_ANSWER = {
  registration: {
    id: "ZnV6ei1rZXk",
    rawId: "ZnV6ei1rZXk",
    type: "public-key",
    response: { clientDataJSON: "e30", attestationObject: "oA" },
    clientExtensionResults: {},
  },
  authentication: {
    id: "ZnV6ei1rZXk",
    rawId: "ZnV6ei1rZXk",
    type: "public-key",
    response: { clientDataJSON: "e30", authenticatorData: "AA", signature: "AA" },
    clientExtensionResults: {},
  },
};
/** A real unsubscribe link's secret: the customer's e-mails about messages. */
const newsToken = unsubscribeNoticesToken(h.deps.secrets, roles.customer.userId, "messages");
const OVERRIDES: Record<string, Record<string, unknown>> = {
  "admin.createUser": { email: "fuzz.created@example.org", target: { role: "customer" } },
  "admin.changeRole": { id: lifecycleSpare, target: { role: "customer" } },
  "admin.suspendUser": { id: lifecycleSpare },
  "admin.reactivateUser": { id: lifecycleSpare },
  "admin.requestPromotion": { userId: lifecycleSpare },
  "site.contactMessages": { assignee: "none" },
  "appointments.dispute": { statement: "I was there and test drove the hybrid." },
  "appointments.checkIn": { code: "123456" },
  "availability.setBookingRules": { rules: DEFAULT_BOOKING_RULES },
  "salespeople.list": { available: "today" },
  "appointments.stopReviewInvitations": {
    token: unsubscribeToken(h.deps.secrets, roles.customer.userId, "fuzz.customer@example.org"),
  },
  "notifications.setPreference": { kind: "messages", email: true },
  "texting.requestCode": { phone: "(512) 555-0100", timeZone: "America/Chicago" },
  "texting.confirm": { code: "123456" },
  "notifications.unsubscribeLink": { token: newsToken },
  "notifications.unsubscribe": { token: newsToken },
  "site.supportCase": { id: spareCase!.id },
  "site.replyToCase": { id: spareCase!.id },
  "site.updateSupportCase": { id: spareCase!.id, assigneeId: null },
  "admin.updateUser": { id: spare.user, email: "fuzz.spare@example.org" },
  "admin.deleteUser": { id: spare.user },
  "admin.updateSalesperson": { id: spare.salesperson, email: "fuzz.spare.sp@example.org" },
  "admin.deleteSalesperson": { id: spare.salesperson },
  "admin.uploadSalespersonPhoto": { id: spare.salesperson },
  "admin.createSalesperson": { email: "fuzz.new.sp@example.org" },
  "admin.updateDealership": { id: spare.dealership },
  "admin.deleteDealership": { id: spare.dealership },
  // A group of its own: the sweep never deletes, renames or empties the group the group tier is probed with.
  "groups.delete": { id: spareGroup },
  "groups.rename": { id: spareGroup },
  "groups.addDealership": { id: spareGroup },
  "groups.removeDealership": { id: spareGroup },
  "groups.inviteOwner": { id: spareGroup },
  "admin.uploadDealershipLogo": { id: spare.dealership },
  "compliance.updateRequest": { action: "process" },
  "security.events": { eventType: "login_success" },
  // Well-formed WebAuthn answers (to no challenge the server gave), so each field's bad values reach the service.
  "security.addPasskey": { name: "Fuzz key", response: WEBAUTHN_ANSWER.registration },
  "security.renamePasskey": { name: "Fuzz key" },
  "auth.passkeySignIn": { response: WEBAUTHN_ANSWER.authentication },
  "admin.verifyPasskey": { response: WEBAUTHN_ANSWER.authentication },
  "admin.reauthenticate": { passkey: WEBAUTHN_ANSWER.authentication },
  // The base registration names a listed dealership; the "not listed" dealership object is varied like any field.
  "auth.registerSalesperson": { application: undefined },
};

// Zod internals, read only to walk a schema's shape.
type ZodLike = { _zod: { def: Record<string, unknown> & { type: string } } };

function unwrap(schema: ZodLike): ZodLike {
  const def = schema._zod.def;
  if (["optional", "nullable", "default", "prefault", "catch", "readonly", "nonoptional"].includes(def.type))
    return unwrap(def.innerType as ZodLike);
  if (def.type === "pipe") {
    // z.preprocess is a pipe from a transform into the real schema; other pipes validate their input.
    const input = def.in as ZodLike;
    return unwrap(input._zod.def.type === "transform" ? (def.out as ZodLike) : input);
  }
  return schema;
}

const today = new Date().toISOString().slice(0, 10);
const future = openDay("UTC", 14);

/** A valid-looking value for a field, by its name first and its type second. */
function sample(key: string, schema: ZodLike): unknown {
  const named: Record<string, unknown> = {
    email: "fuzz.customer@example.org",
    customerEmail: "fuzz.customer@example.org",
    date: future,
    visitDate: addDays(today, -3),
    purchaseDate: addDays(today, -3),
    incidentDate: addDays(today, -3),
    time: "10:00",
    startDateTime: `${future}T09:00`,
    endDateTime: `${future}T10:00`,
    scheduledDateTime: `${future}T10:00:00`,
    customerPhone: "555-123-4567",
    phone: "555-123-4567",
    phoneNumber: "555-123-4567",
    token: "a".repeat(32),
    slug: "privacy-policy",
    trackingCode: "ABCDEFGHJK",
    userId: roles.customer.userId,
    description: "A description that is certainly long enough to be accepted.",
    password: "fuzz-password",
    adminCode: "fuzz-code",
    profileImageUrl: "data:image/png;base64,iVBORw0KGgo=",
    logoUrl: "data:image/png;base64,iVBORw0KGgo=",
    website: "https://fuzz.example.com",
    timeZone: "America/Chicago",
    state: "TX",
    latitude: 40.7,
    longitude: -74,
    limit: 10,
    offset: 0,
    dealership: sp!.dealership,
    zipCode: "78701",
    specialties: ["Used Cars"],
    ids: [sp!.id],
    yearsExperience: 5,
    yearsOfExperience: 5,
    month: "2026-05",
    action: "salesperson.add",
    from: addDays(today, -30),
    to: today,
    payment_intent: "pi_fuzz123",
    apiEndpoint: "https://crm.fuzz.example.com/api",
    crmProvider: "webhook",
    credentials: { apiKey: "fuzz-api-key" },
    authType: "api_key",
    webhookUrl: "https://crm.fuzz.example.com/hook",
    setup_intent: "seti_fuzz123",
    code: "123456",
    challenge: "a".repeat(32),
    startDate: addDays(today, -30),
    endDate: today,
    scopes: ["salespeople:read"],
    applicantEmail: "fuzz.applicant@example.org",
    year: 2020,
    hours: null,
    credentialUrl: "https://credentials.fuzz.example.com/FZ-1",
    credentialId: "FZ-1",
    verifiedPurchases: true,
    after: "r4.50_3_10",
    // Browse near a place: a ZIP code (a point beside it would be refused as a second location).
    zip: "78701",
    lat: undefined,
    lng: undefined,
    radius: 25,
  };
  if (key in named) return named[key];
  const inner = unwrap(schema);
  const def = inner._zod.def;
  if (def.format === "uuid") return roles.customer.userId;
  if (/Rating$/.test(key)) return 4;
  if (/(^id$|Id$)/.test(key)) return sp!.id;
  switch (def.type) {
    case "enum":
      return Object.values(def.entries as Record<string, unknown>)[0];
    case "boolean":
      return true;
    case "number":
      return 1;
    case "array":
      return [];
    case "object":
      return {};
    default:
      return "Fuzz text";
  }
}

const NUL_STRINGS = ["\u0000abc", "abc\u0000", "\u0000"];
const BAD_STRINGS = [
  ...NUL_STRINGS,
  "a\u0007b",
  "a\u001b[31mb",
  "line\r\nforged",
  "x".repeat(100_000),
  "2026-13-45",
  "2026-02-30",
  "9999-12-31",
  "0000-01-01",
  "2026-12-01T25:00",
  "2026-13-45T09:00",
  "0000-01-01T09:00",
  "",
  "2147483648",
];
const BAD_NUMBERS = [0, -1, 2 ** 31, 3_000_000_000, 1e308, -1e308, 1.5];
const BAD_OTHER = [null, [], {}, true, { $gt: "" }];
const BAD_VALUES: unknown[] = [...BAD_STRINGS, ...BAD_NUMBERS, ...BAD_OTHER];
/** One string of each kind a field that takes no text refuses alike: empty, NUL, a number's digits, 100 KB. */
const REFUSED_STRINGS = ["", "\u0000", "2147483648", "x".repeat(100_000)];

/**
 * The bad values worth sending to a field of this schema in a JSON body. A text field gets every string (the
 * dates and control characters are what it may take in) and two numbers, since a number fails its type check
 * the same way whatever its size; a number or enum field that does not coerce gets every number and a
 * string of each kind, since every other string fails its type check the same way. Anything else gets all.
 */
function badValuesFor(schema: ZodLike): unknown[] {
  const def = unwrap(schema)._zod.def;
  if (def.type === "string") return [...BAD_STRINGS, 0, 1e308, ...BAD_OTHER];
  if ((def.type === "number" || def.type === "enum") && !def.coerce)
    return [...REFUSED_STRINGS, ...BAD_NUMBERS, ...BAD_OTHER];
  return BAD_VALUES;
}

type Procedure = { _def: { type: "query" | "mutation" | "subscription"; inputs: ZodLike[] } };
// Queries and mutations: a subscription's answer is a stream that stays open, so its bad input is checked over
// its own server-sent events (tests/live.integration.test.ts).
const procedures = Object.entries(appRouter._def.procedures as unknown as Record<string, Procedure>).filter(
  (entry): entry is [string, Procedure & { _def: { type: "query" | "mutation" } }] =>
    entry[1]._def.type !== "subscription",
);

function fieldsOf(procedure: Procedure): Record<string, ZodLike> | null {
  const input = procedure._def.inputs[0];
  if (!input) return null;
  const object = unwrap(input);
  return object._zod.def.type === "object" ? (object._zod.def.shape as Record<string, ZodLike>) : null;
}

function validInput(fields: Record<string, ZodLike>, path: string): Record<string, unknown> {
  const input = Object.fromEntries(Object.entries(fields).map(([key, schema]) => [key, sample(key, schema)]));
  return { ...input, ...OVERRIDES[path] };
}

async function callTrpc(path: string, type: Procedure["_def"]["type"], input: unknown, cookie?: string) {
  if (type === "query") {
    const encoded = encodeURIComponent(JSON.stringify({ json: input }));
    return h.request("GET", `/trpc/${path}?input=${encoded}`, { cookie });
  }
  return h.request("POST", `/trpc/${path}`, { cookie, body: { json: input } });
}

/** Refused by the procedure's tier (who may call it), before its input is even read. */
function refusedByTier(res: { status: number; text: string }): boolean {
  return res.status === 401 || (res.status === 403 && res.text.includes("This action is for"));
}

/**
 * The first role the procedure lets through its tier with a valid input, preferring one it answers
 * successfully, so bad values reach validation and the service.
 */
async function roleFor(path: string, procedure: Procedure, input: unknown) {
  let passesTier: { name: string; cookie: string | undefined } | null = null;
  for (const [name, auth] of Object.entries(roles)) {
    const res = await callTrpc(path, procedure._def.type, input, auth?.cookie);
    if (res.status < 400) return { name, cookie: auth?.cookie };
    if (!passesTier && !refusedByTier(res)) passesTier = { name, cookie: auth?.cookie };
  }
  return passesTier ?? { name: "anonymous", cookie: undefined };
}

function check(failures: string[], label: string, value: unknown, res: { status: number; text: string }) {
  const shown = `${label} = ${JSON.stringify(value)?.slice(0, 40)}`;
  if (res.status >= 500) failures.push(`${shown} -> ${res.status} ${res.text.slice(0, 160)}`);
  else if (res.status >= 400 && FORBIDDEN_TEXT.test(res.text))
    failures.push(`${shown} -> ${res.status} leaks: ${res.text.slice(0, 160)}`);
  else if (typeof value === "string" && NUL_STRINGS.includes(value) && res.status < 400)
    failures.push(`${shown} -> ${res.status}: a NUL byte was accepted`);
}

describe("schema-derived bad input to every procedure, over HTTP", () => {
  it("answers below 500 with no internal text, for every field of every procedure", async () => {
    const failures: string[] = [];
    let tried = 0;
    const baseRefused: string[] = [];
    for (const [path, procedure] of procedures) {
      const fields = fieldsOf(procedure);
      if (!fields) continue;
      const base = validInput(fields, path);
      const role = await roleFor(path, procedure, base);
      const baseAnswer = await callTrpc(path, procedure._def.type, base, role.cookie);
      // A refusal with a reason of the domain's (a passkey answer with no challenge issued) passed validation.
      if (baseAnswer.status === 400 && !baseAnswer.json?.error?.json?.data?.cause)
        baseRefused.push(`${path}: ${baseAnswer.json?.error?.json?.message}`);
      for (const [key, schema] of Object.entries(fields)) {
        for (const value of badValuesFor(schema)) {
          const res = await callTrpc(path, procedure._def.type, { ...base, [key]: value }, role.cookie);
          tried++;
          check(failures, `${role.name} ${path}.${key}`, value, res);
        }
      }
    }
    console.info(`schema-derived sweep: ${tried} inputs to ${procedures.length} procedures`);
    expect(tried).toBeGreaterThan(3000);
    // The valid input each field is varied from must itself pass validation, or the sweep tests nothing.
    expect(baseRefused).toEqual([]);
    expect(failures).toEqual([]);
  }, 300_000);

  it("answers id 3000000000 with 400 on every procedure that takes an id", async () => {
    const failures: string[] = [];
    for (const [path, procedure] of procedures) {
      const fields = fieldsOf(procedure);
      if (!fields) continue;
      for (const key of Object.keys(fields).filter((k) => /(^id$|Id$)/.test(k) && k !== "userId")) {
        const input = { ...validInput(fields, path), [key]: 3_000_000_000 };
        // Every role the tier lets through answers 400; the others are refused before input is read.
        const answers = await Promise.all(
          Object.values(roles).map((auth) => callTrpc(path, procedure._def.type, input, auth?.cookie)),
        );
        const passed = answers.filter((res) => !refusedByTier(res));
        if (passed.length === 0 || passed.some((res) => res.status !== 400))
          failures.push(`${path}.${key} -> ${answers.map((res) => res.status).join(",")}`);
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);
});

/** REST routes with the procedure whose input they carry, and where each field travels. */
const REST: { method: string; path: string; procedure: string; params?: string[]; query?: boolean }[] = [
  { method: "POST", path: "/api/auth/request-login", procedure: "auth.requestLogin" },
  { method: "POST", path: "/api/auth/redeem", procedure: "auth.redeemLink" },
  { method: "GET", path: "/api/auth/user/:id", procedure: "auth.userById", params: ["id"] },
  { method: "PATCH", path: "/api/auth/user/:id", procedure: "auth.updateProfile", params: ["id"] },
  { method: "GET", path: "/api/salesperson/auth/verify", procedure: "auth.describeLink", query: true },
  { method: "POST", path: "/api/salesperson/auth/login", procedure: "auth.requestSalespersonLogin" },
  { method: "POST", path: "/api/salesperson/auth/register", procedure: "auth.registerSalesperson" },
  { method: "POST", path: "/api/admin/login", procedure: "admin.login" },
  { method: "POST", path: "/api/security/passkeys", procedure: "security.addPasskey" },
  {
    method: "PATCH",
    path: "/api/security/passkeys/:id",
    procedure: "security.renamePasskey",
    params: ["id"],
  },
  {
    method: "DELETE",
    path: "/api/security/passkeys/:id",
    procedure: "security.removePasskey",
    params: ["id"],
  },
  { method: "POST", path: "/api/auth/passkey", procedure: "auth.passkeySignIn" },
  { method: "POST", path: "/api/admin/verify-passkey", procedure: "admin.verifyPasskey" },
  { method: "POST", path: "/api/admin/reauthenticate", procedure: "admin.reauthenticate" },
  {
    method: "DELETE",
    path: "/api/security/linked-accounts/:provider",
    procedure: "identity.unlink",
    params: ["provider"],
  },
  { method: "GET", path: "/api/salespeople", procedure: "salespeople.list", query: true },
  { method: "GET", path: "/api/salespeople/:id", procedure: "salespeople.byId", params: ["id"] },
  { method: "GET", path: "/api/salespeople/:id/ratings", procedure: "salespeople.ratings", params: ["id"] },
  {
    method: "GET",
    path: "/api/salespeople/:id/reviews",
    procedure: "reviews.list",
    params: ["id"],
    query: true,
  },
  { method: "PATCH", path: "/api/salespeople/:id", procedure: "portal.update", params: ["id"] },
  { method: "PATCH", path: "/api/salespeople/:id/status", procedure: "portal.updateStatus", params: ["id"] },
  { method: "POST", path: "/api/appointments", procedure: "appointments.book" },
  {
    method: "GET",
    path: "/api/appointments/salesperson/:id",
    procedure: "appointments.forSalesperson",
    params: ["id"],
  },
  {
    method: "GET",
    path: "/api/appointments/salesperson/:id/:date",
    procedure: "appointments.daySlots",
    params: ["id", "date"],
  },
  {
    method: "GET",
    path: "/api/appointments/customer/:userId",
    procedure: "appointments.forCustomer",
    params: ["userId"],
  },
  { method: "POST", path: "/api/appointments/waitlist", procedure: "appointments.joinWaitlist" },
  { method: "PATCH", path: "/api/appointments/:id", procedure: "appointments.updateStatus", params: ["id"] },
  { method: "PATCH", path: "/api/appointments/:id/cancel", procedure: "appointments.cancel", params: ["id"] },
  {
    method: "POST",
    path: "/api/appointments/:id/reschedule",
    procedure: "appointments.reschedule",
    params: ["id"],
  },
  { method: "POST", path: "/api/availability-blocks", procedure: "availability.create" },
  { method: "PATCH", path: "/api/availability-blocks/:id", procedure: "availability.update", params: ["id"] },
  {
    method: "DELETE",
    path: "/api/availability-blocks/:id",
    procedure: "availability.remove",
    params: ["id"],
  },
  {
    method: "GET",
    path: "/api/availability-blocks/salesperson/:id",
    procedure: "availability.forSalesperson",
    params: ["id"],
  },
  { method: "GET", path: "/api/documents/:slug", procedure: "documents.get", params: ["slug"] },
  { method: "PUT", path: "/api/documents/:slug", procedure: "documents.update", params: ["slug"] },
  { method: "POST", path: "/api/contact", procedure: "site.contact" },
  { method: "GET", path: "/api/site/dealerships-nearby", procedure: "site.dealershipsNear", query: true },
  { method: "POST", path: "/api/ratings-submit", procedure: "reviews.submit" },
  { method: "GET", path: "/api/admin/held-reviews", procedure: "reviews.heldReviews", query: true },
  { method: "GET", path: "/api/analytics/feedback", procedure: "analytics.feedbackInsights", query: true },
  {
    method: "GET",
    path: "/api/analytics/feedback/comments",
    procedure: "analytics.feedbackComments",
    query: true,
  },
  {
    method: "GET",
    path: "/api/analytics/feedback/export",
    procedure: "analytics.feedbackExport",
    query: true,
  },
  {
    method: "POST",
    path: "/api/admin/held-reviews/:ratingId/decision",
    procedure: "reviews.decideHeld",
    params: ["ratingId"],
  },
  { method: "POST", path: "/api/contact-salesperson", procedure: "messages.contact" },
  { method: "POST", path: "/api/misconduct-reports", procedure: "misconduct.create" },
  { method: "POST", path: "/api/manager/add-salesperson", procedure: "manager.addSalesperson" },
  { method: "POST", path: "/api/manager/remove-salesperson", procedure: "manager.removeSalesperson" },
  { method: "GET", path: "/api/manager/report", procedure: "manager.reportFile", query: true },
  { method: "PUT", path: "/api/manager/dealership", procedure: "manager.updateDealership" },
  { method: "POST", path: "/api/manager/dealership/logo", procedure: "manager.uploadDealershipLogo" },
  { method: "POST", path: "/api/salesperson/certifications", procedure: "certifications.add" },
  {
    method: "PUT",
    path: "/api/salesperson/certifications/:id",
    procedure: "certifications.update",
    params: ["id"],
  },
  {
    method: "DELETE",
    path: "/api/salesperson/certifications/:id",
    procedure: "certifications.remove",
    params: ["id"],
  },
  {
    method: "GET",
    path: "/api/salespeople/:salespersonId/certifications",
    procedure: "certifications.forSalesperson",
    params: ["salespersonId"],
  },
  {
    method: "POST",
    path: "/api/certifications/:id/verify",
    procedure: "certifications.verify",
    params: ["id"],
  },
  {
    method: "POST",
    path: "/api/certifications/:id/reject",
    procedure: "certifications.reject",
    params: ["id"],
  },
  { method: "GET", path: "/api/visits/:id/record", procedure: "appointments.record", params: ["id"] },
  {
    method: "POST",
    path: "/api/visits/:id/dispute",
    procedure: "appointments.dispute",
    params: ["id"],
  },
  {
    method: "POST",
    path: "/api/visits/:id/dispute/escalation",
    procedure: "appointments.escalateDispute",
    params: ["id"],
  },
  {
    method: "POST",
    path: "/api/visits/:id/check-in",
    procedure: "appointments.checkIn",
    params: ["id"],
  },
  { method: "POST", path: "/api/visits/:id/confirm", procedure: "appointments.confirmVisit", params: ["id"] },
  {
    method: "GET",
    path: "/api/salespeople/:id/check-in-code",
    procedure: "appointments.checkInCode",
    params: ["id"],
  },
  { method: "POST", path: "/api/review-invitations/stop", procedure: "appointments.stopReviewInvitations" },
  { method: "PATCH", path: "/api/notification-preferences", procedure: "notifications.setPreference" },
  { method: "POST", path: "/api/texting/code", procedure: "texting.requestCode" },
  { method: "POST", path: "/api/texting/confirm", procedure: "texting.confirm" },
  {
    method: "GET",
    path: "/api/unsubscribe/:token",
    procedure: "notifications.unsubscribeLink",
    params: ["token"],
  },
  {
    method: "POST",
    path: "/api/unsubscribe/:token",
    procedure: "notifications.unsubscribe",
    params: ["token"],
  },
  { method: "GET", path: "/api/visit-disputes/manager", procedure: "disputes.forManager", query: true },
  {
    method: "POST",
    path: "/api/visit-disputes/:id/manager-decision",
    procedure: "disputes.managerDecide",
    params: ["id"],
  },
  { method: "GET", path: "/api/visit-disputes", procedure: "disputes.list", query: true },
  {
    method: "POST",
    path: "/api/visit-disputes/:id/decision",
    procedure: "disputes.adminDecide",
    params: ["id"],
  },
  { method: "POST", path: "/api/purchase-claims", procedure: "purchases.claim" },
  { method: "GET", path: "/api/purchase-claims", procedure: "purchases.toDecide", query: true },
  {
    method: "POST",
    path: "/api/purchase-claims/:id/decision",
    procedure: "purchases.decide",
    params: ["id"],
  },
  { method: "GET", path: "/api/transfer-requests", procedure: "transfers.list", query: true },
  { method: "POST", path: "/api/transfer-requests", procedure: "transfers.request" },
  {
    method: "POST",
    path: "/api/transfer-requests/:id/withdraw",
    procedure: "transfers.withdraw",
    params: ["id"],
  },
  {
    method: "POST",
    path: "/api/transfer-requests/:id/manager-decision",
    procedure: "transfers.managerDecide",
    params: ["id"],
  },
  {
    method: "POST",
    path: "/api/transfer-requests/:id/decision",
    procedure: "transfers.adminDecide",
    params: ["id"],
  },
  { method: "POST", path: "/api/profile-image-upload", procedure: "portal.uploadPhoto" },
  { method: "GET", path: "/api/public/users", procedure: "admin.users", query: true },
  { method: "PATCH", path: "/api/admin/user/:id", procedure: "admin.updateUser", params: ["id"] },
  { method: "DELETE", path: "/api/admin/user/:id", procedure: "admin.deleteUser", params: ["id"] },
  { method: "POST", path: "/api/salespeople", procedure: "admin.createSalesperson" },
  { method: "PUT", path: "/api/salespeople/:id", procedure: "admin.updateSalesperson", params: ["id"] },
  {
    method: "DELETE",
    path: "/api/admin/salesperson/:id",
    procedure: "admin.deleteSalesperson",
    params: ["id"],
  },
  { method: "GET", path: "/api/dealerships", procedure: "admin.dealerships", query: true },
  { method: "POST", path: "/api/dealerships", procedure: "admin.createDealership" },
  { method: "PUT", path: "/api/dealerships/:id", procedure: "admin.updateDealership", params: ["id"] },
  {
    method: "DELETE",
    path: "/api/admin/dealership/:id",
    procedure: "admin.deleteDealership",
    params: ["id"],
  },
  {
    method: "PUT",
    path: "/api/admin/dealer-groups/:id/dealerships/:dealershipId",
    procedure: "groups.addDealership",
    params: ["id", "dealershipId"],
  },
  {
    method: "PATCH",
    path: "/api/group/members/:userId",
    procedure: "groups.changeMemberRole",
    params: ["userId"],
  },
];

describe("schema-derived bad input to every REST route", () => {
  it("answers below 500 with { message, code } and no internal text, through path, query and body", async () => {
    const byPath = new Map(procedures);
    const failures: string[] = [];
    let tried = 0;
    for (const route of REST) {
      const procedure = byPath.get(route.procedure);
      const fields = procedure && fieldsOf(procedure);
      expect(fields, route.procedure).toBeTruthy();
      const base = validInput(fields!, route.procedure);
      const role = await roleFor(route.procedure, procedure!, base);
      const send = (input: Record<string, unknown>) => {
        let path = route.path;
        const rest = { ...input };
        for (const param of route.params ?? []) {
          path = path.replace(
            `:${param}`,
            encodeURIComponent(String(rest[param === "userId" ? "userId" : param])),
          );
          delete rest[param];
        }
        if (route.query || route.method === "GET") {
          const query = new URLSearchParams();
          for (const [k, v] of Object.entries(rest))
            if (typeof v === "string" || typeof v === "number") query.set(k, String(v));
          return h.request(route.method, `${path}?${query}`, { cookie: role.cookie });
        }
        return h.request(route.method, path, { cookie: role.cookie, body: rest });
      };
      for (const [key, schema] of Object.entries(fields!)) {
        const values =
          route.query || route.method === "GET" || route.params?.includes(key)
            ? [...BAD_STRINGS, ...BAD_NUMBERS] // a URL carries text only
            : badValuesFor(schema);
        for (const value of values) {
          const res = await send({ ...base, [key]: value });
          tried++;
          check(failures, `${role.name} ${route.method} ${route.path} ${key}`, value, res);
          if (
            res.status >= 400 &&
            (typeof res.json?.message !== "string" || typeof res.json?.code !== "string")
          )
            failures.push(`${route.method} ${route.path} ${key}: error without { message, code }`);
        }
      }
    }
    console.info(`REST sweep: ${tried} requests to ${REST.length} routes`);
    expect(failures).toEqual([]);
  }, 300_000);

  it("refuses upload names that are not UUIDs with 404", async () => {
    for (const name of [
      "------------------------------------.webp",
      "%00.webp",
      "00000000-0000-0000-0000-00000000000%00.webp",
      "../../etc/passwd",
      "ZZZZZZZZ-ZZZZ-ZZZZ-ZZZZ-ZZZZZZZZZZZZ.webp",
    ]) {
      const res = await h.request("GET", `/uploads/${name}`);
      expect(res.status, name).toBe(404);
    }
  });
});
