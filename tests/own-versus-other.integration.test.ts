// Own versus other, generated from the router: every id field of every procedure's input (found by walking
// the input schemas) needs a line in the reviewed table below, so a new procedure or a new id field cannot
// slip through unclassified. For each id that names another person's row, a caller of the right tier who does
// not own the row must get the answer a missing row gets (NOT_FOUND: the answer never tells which ids exist),
// or FORBIDDEN where the product deliberately says 403. The file is long because the table is: one reviewed
// line per id field is the point, and splitting it would hide a field's classification from its neighbours.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { appRouter } from "../src/server/trpc/root";
import { makeGroup, signInToGroup } from "./support/groups";
import { createHarness } from "./support/harness";
import { openDay } from "./support/openHours";
import { startStripeStandIn } from "./support/stripe-standin";

// Payments on (through the Stripe stand-in), so subscription calls reach their ownership check.
const standin = await startStripeStandIn();
const h = await createHarness({ RATE_LIMIT_DISABLED: "true", ...standin.env });
await h.seed(0.05);

// Two dealerships, each with a manager and a salesperson; two customers; an administrator.
const [a, b] = await h.sql<{ id: number; dealership_id: number; email: string; manager_email: string }[]>`
  select distinct on (s.dealership_id) s.id, s.dealership_id, s.email, u.email as manager_email
    from salespeople s join dealerships d on d.id = s.dealership_id join dealership_members dm on dm.dealership_id = d.id and dm.role = 'owner' join users u on u.id = dm.user_id
   order by s.dealership_id, s.id limit 2`;
const sessions = {
  customer: await h.signIn("own.customer@example.org"),
  otherCustomer: await h.signIn("own.other@example.org"),
  salesperson: await h.signIn(a!.email, "salesperson"),
  otherSalesperson: await h.signIn(b!.email, "salesperson"),
  manager: await h.signIn(a!.manager_email, "manager"),
  otherManager: await h.signIn(b!.manager_email, "manager"),
  admin: await h.signIn("own.admin@example.org", "admin"),
  // The owner of a dealer group holding the first dealership (not the second).
  groupOwner: await signInToGroup(
    h,
    "own.group@example.org",
    await makeGroup(h, "Own Motor Group", [a!.dealership_id]),
    "group_owner",
  ),
};
type Who = keyof typeof sessions;

function callerFor(who: Who) {
  const s = sessions[who];
  return h.caller({
    user: s.user,
    session: { id: "s", userId: s.userId, expiresAt: new Date(), authenticatedAt: new Date() },
  });
}

function callPath(caller: unknown, path: string) {
  let target = caller as Record<string, unknown>;
  for (const part of path.split(".")) target = target[part] as Record<string, unknown>;
  return target as unknown as (input?: unknown) => Promise<unknown>;
}

/** The id fields of an input schema: `id`, `ids` and every `…Id`/`…Ids`, at any depth of objects and unions. */
function idFields(schema: unknown, found = new Set<string>()): Set<string> {
  const def = (schema as { _zod?: { def?: Record<string, unknown> } } | undefined)?._zod?.def;
  if (!def) return found;
  switch (def.type) {
    case "object":
      for (const [key, field] of Object.entries(def.shape as Record<string, z.ZodType>)) {
        if (/^ids?$|Ids?$/.test(key)) found.add(key);
        idFields(field, found);
      }
      break;
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "readonly":
    case "catch":
    case "nonoptional":
      idFields(def.innerType, found);
      break;
    case "pipe":
      idFields(def.in, found);
      break;
    case "union":
      for (const option of def.options as unknown[]) idFields(option, found);
      break;
    case "intersection":
      idFields(def.left, found);
      idFields(def.right, found);
      break;
  }
  return found;
}

type ProcedureDef = { _def: { inputs: unknown[] } };
const discovered = Object.entries(appRouter._def.procedures as unknown as Record<string, ProcedureDef>)
  .flatMap(([path, procedure]) => {
    const fields = new Set<string>();
    for (const input of procedure._def.inputs) idFields(input, fields);
    return [...fields].map((field) => `${path} ${field}`);
  })
  .sort();

// ---------------------------------------------------------------------------------------------------------
// Rows of the "other" side: customer B's appointment, review, conversation, request, subscription, session
// and notification; salesperson B's block; dealership B's case, invitation, transfer, integration, log, key.

const MISSING_INT = 999_999_999;
const MISSING_UUID = "00000000-0000-4000-8000-000000000000";

let day = 20;
async function appointmentOf(customerId: string, salespersonId: number, status = "scheduled") {
  const [row] = await h.sql<{ id: number }[]>`
    insert into appointments (salesperson_id, customer_id, appointment_type, starts_at, status, customer_name, customer_phone)
    values (${salespersonId}, ${customerId}, 'Test Drive',
            date_trunc('hour', now()) + make_interval(days => ${day++}, hours => 15), ${status}, 'Other', '5125550100')
    returning id`;
  return row!.id;
}

const other = {
  appointment: await appointmentOf(sessions.otherCustomer.userId, b!.id),
  review: await (async () => {
    const appointment = await appointmentOf(sessions.otherCustomer.userId, b!.id, "completed");
    const [row] = await h.sql<{ id: number }[]>`
      insert into ratings (salesperson_id, user_id, appointment_id, overall_rating, helpfulness_rating,
                           pressure_level_rating, communication_rating, comment)
      values (${b!.id}, ${sessions.otherCustomer.userId}, ${appointment}, 4, 4, 4, 4, 'Fine') returning id`;
    return row!.id;
  })(),
  block: (
    await h.sql<{ id: number }[]>`
      insert into availability_blocks (salesperson_id, title, starts_at, ends_at)
      values (${b!.id}, 'Other block', now() + interval '40 days', now() + interval '40 days 1 hour') returning id`
  )[0]!.id,
  conversation: (
    await h.sql<{ id: number }[]>`
      insert into conversations (customer_id, salesperson_id, contact_method)
      values (${sessions.otherCustomer.userId}, ${b!.id}, 'email') returning id`
  )[0]!.id,
  report: (
    await h.sql<{ id: number }[]>`
      insert into misconduct_reports (salesperson_id, dealership_id, category, description, tracking_code_hash)
      values (${b!.id}, ${b!.dealership_id}, 'high-pressure', 'Other dealership case', ${randomUUID()}) returning id`
  )[0]!.id,
  invitation: (
    await h.sql<{ id: string }[]>`
      insert into invitations (role, dealership_id, email, payment_model, expires_at)
      values ('salesperson', ${b!.dealership_id}, 'invited.elsewhere@example.org', 'dealership', now() + interval '7 days')
      returning id`
  )[0]!.id,
  transfer: (
    await h.sql<{ id: number }[]>`
      insert into transfer_requests (salesperson_id, from_dealership_id, to_dealership_id, status)
      values (${b!.id}, ${b!.dealership_id}, null, 'awaiting_manager') returning id`
  )[0]!.id,
  incomingTransfer: await (async () => {
    const [mover] = await h.sql<{ id: number }[]>`
      insert into salespeople (name, email, city, state, time_zone)
      values ('Mover', 'mover.own@example.org', 'Austin', 'TX', 'America/Chicago') returning id`;
    const [row] = await h.sql<{ id: number }[]>`
      insert into transfer_requests (salesperson_id, from_dealership_id, to_dealership_id, status)
      values (${mover!.id}, null, ${b!.dealership_id}, 'awaiting_manager') returning id`;
    return row!.id;
  })(),
  integration: (
    await h.sql<{ id: number }[]>`
      insert into crm_integrations (dealership_id, crm_provider, integration_name, api_endpoint, auth_type,
                                    credentials_encrypted, credentials_masked, signing_secret_encrypted,
                                    supported_events)
      values (${b!.dealership_id}, 'hubspot', 'Other CRM', 'https://crm.example.com', 'api_key', 'x', '{}', 'x',
              '{lead.created}') returning id`
  )[0]!.id,
  apiKey: (
    await h.sql<{ id: number }[]>`
      insert into api_keys (user_id, dealership_id, name, prefix, key_hash, scopes)
      values (${sessions.otherManager.userId}, ${b!.dealership_id}, 'Other key', 'kb_other_123', ${randomUUID()},
              '{salespeople:read}') returning id`
  )[0]!.id,
  subscription: (
    await h.sql<{ id: string }[]>`
      insert into subscriptions (stripe_subscription_id, user_id, dealership_id, plan, interval, status)
      values (${`sub_other_${randomUUID()}`}, ${sessions.otherManager.userId}, ${b!.dealership_id},
              'dealer-professional', 'month', 'active') returning id`
  )[0]!.id,
  customerSubscription: (
    await h.sql<{ id: string }[]>`
      insert into subscriptions (stripe_subscription_id, user_id, salesperson_id, plan, interval, status)
      values (${`sub_other_${randomUUID()}`}, ${sessions.otherSalesperson.userId}, ${b!.id},
              'salesperson', 'month', 'active') returning id`
  )[0]!.id,
  gdprRequest: (
    await h.sql<{ id: number }[]>`
      insert into gdpr_requests (user_id, request_type, due_at)
      values (${sessions.otherCustomer.userId}, 'access', now() + interval '30 days') returning id`
  )[0]!.id,
  notification: (
    await h.sql<{ id: number }[]>`
      insert into notifications (user_id, type, title, body)
      values (${sessions.otherCustomer.userId}, 'message', 'For B only', 'Unread') returning id`
  )[0]!.id,
  session: (
    await h.sql<
      { id: string }[]
    >`select public_id as id from sessions where user_id = ${sessions.otherCustomer.userId} limit 1`
  )[0]!.id,
  passkey: (
    await h.sql<{ id: number }[]>`
      insert into passkeys (user_id, credential_id, public_key, device_type, name)
      values (${sessions.otherCustomer.userId}, 'own-versus-other-key', decode('00', 'hex'), 'singleDevice', 'Theirs')
      returning id`
  )[0]!.id,
};
// Dealership B's audit trail has a row, so a filter that escaped the caller's scope would show it.
await h.sql`
  insert into audit_log (actor_user_id, actor_role, action, entity_type, entity_id, dealership_id)
  values (${sessions.otherManager.userId}, 'manager', 'salesperson.add', 'salesperson', ${String(b!.id)},
          ${b!.dealership_id})`;
const [otherLog] = await h.sql<{ id: number }[]>`
  insert into crm_sync_logs (integration_id, delivery_id, status, event_type, entity_type, entity_id, attempt,
                             processing_time_ms, payload)
  values (${other.integration}, ${randomUUID()}, 'failure', 'lead.created', 'lead', '1', 1, 5, '{}') returning id`;

// ---------------------------------------------------------------------------------------------------------
// The reviewed table: one line per (procedure, id field).

/**
 * NOT_FOUND: answered exactly as a missing row is. FORBIDDEN: refused with 403 (deliberately: the id is not the
 * caller's own, or the row is public anyway). SAME: the id is looked for among the caller's own rows only (a
 * filter, a bulk update), so the answer is the one a missing row gets (an empty list, nothing updated).
 */
type Expected = "NOT_FOUND" | "FORBIDDEN" | "SAME";
/** Call as `as` with another person's row (`other`) and with a missing one; `input` builds the input. */
type Check = {
  as: Who;
  other: string | number;
  missing: string | number;
  input: (id: string | number) => unknown;
  expect: Expected;
};
/** Not someone else's row: a public listing, an administrator's own business, or a field the server ignores. */
type NotOwned = { notOwned: string };
/** Lets another user's row be read or changed today: kept out of the passing checks until it is fixed. */
type Hole = { hole: string };
type Entry = Check | NotOwned | Hole;

const PUBLIC_SALESPERSON: NotOwned = {
  notOwned: "a listed salesperson: anyone may book, ask, save or report",
};
const ADMIN: NotOwned = { notOwned: "administrators act on every row" };
const WEBAUTHN_CREDENTIAL: NotOwned = {
  notOwned:
    "an authenticator's credential id: proved by its signature or attestation, never looked up for the caller",
};
const future = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const TABLE: Record<string, Entry> = {
  "live.events lastEventId": {
    notOwned:
      "a position in the caller's own stream: events are read for the signed-in account only (tests/live.integration.test.ts)",
  },
  "auth.userById id": {
    as: "customer",
    other: sessions.otherCustomer.userId,
    missing: MISSING_UUID,
    input: (id) => ({ id }),
    expect: "FORBIDDEN",
  },
  "auth.updateProfile id": {
    as: "customer",
    other: sessions.otherCustomer.userId,
    missing: MISSING_UUID,
    input: (id) => ({ id, firstName: "Mallory" }),
    expect: "FORBIDDEN",
  },
  "salespeople.byId id": PUBLIC_SALESPERSON,
  "salespeople.ratings id": PUBLIC_SALESPERSON,
  "admin.updateUser id": ADMIN,
  "admin.deleteUser id": ADMIN,
  "admin.changeRole id": ADMIN,
  "admin.changeRole dealershipId": ADMIN,
  "admin.createUser dealershipId": ADMIN,
  "admin.suspendUser id": ADMIN,
  "admin.reactivateUser id": ADMIN,
  "admin.requestPromotion userId": ADMIN,
  "admin.decidePromotion id": ADMIN,
  "site.supportCase id": ADMIN,
  "site.replyToCase id": ADMIN,
  "site.updateSupportCase id": ADMIN,
  "site.updateSupportCase assigneeId": ADMIN,
  "admin.createSalesperson dealershipId": ADMIN,
  "admin.updateSalesperson id": ADMIN,
  "admin.updateSalesperson dealershipId": ADMIN,
  "admin.deleteSalesperson id": ADMIN,
  "admin.uploadSalespersonPhoto id": ADMIN,
  "admin.updateDealership id": ADMIN,
  "admin.deleteDealership id": ADMIN,
  "admin.uploadDealershipLogo id": ADMIN,
  "appointments.book salespersonId": PUBLIC_SALESPERSON,
  "appointments.reschedule id": {
    as: "customer",
    other: other.appointment,
    missing: MISSING_INT,
    input: (id) => ({ id, date: openDay("UTC", 35), time: "10:00" }),
    expect: "NOT_FOUND",
  },
  "appointments.forSalesperson id": PUBLIC_SALESPERSON,
  "appointments.daySlots id": PUBLIC_SALESPERSON,
  "appointments.availableToday id": PUBLIC_SALESPERSON,
  "appointments.availableTodayMany ids": PUBLIC_SALESPERSON,
  "appointments.nextOpen ids": PUBLIC_SALESPERSON,
  "appointments.forCustomer userId": {
    as: "customer",
    other: sessions.otherCustomer.userId,
    missing: MISSING_UUID,
    input: (id) => ({ userId: id }),
    expect: "FORBIDDEN",
  },
  "appointments.byId id": {
    as: "customer",
    other: other.appointment,
    missing: MISSING_INT,
    input: (id) => ({ id }),
    expect: "NOT_FOUND",
  },
  "calendar.visitFile id": {
    as: "customer",
    other: other.appointment,
    missing: MISSING_INT,
    input: (id) => ({ id }),
    expect: "NOT_FOUND",
  },
  "appointments.updateStatus id": {
    as: "salesperson",
    other: other.appointment,
    missing: MISSING_INT,
    input: (id) => ({ id, status: "completed" }),
    expect: "NOT_FOUND",
  },
  "appointments.cancel id": {
    as: "customer",
    other: other.appointment,
    missing: MISSING_INT,
    input: (id) => ({ id }),
    expect: "NOT_FOUND",
  },
  "appointments.joinWaitlist salespersonId": PUBLIC_SALESPERSON,
  "availability.create salespersonId": {
    as: "salesperson",
    other: b!.id,
    missing: MISSING_INT,
    input: (id) => ({
      salespersonId: id,
      title: "Mine now",
      startDateTime: `${future(45)}T10:00:00`,
      endDateTime: `${future(45)}T11:00:00`,
    }),
    expect: "NOT_FOUND",
  },
  "availability.update id": {
    as: "salesperson",
    other: other.block,
    missing: MISSING_INT,
    input: (id) => ({ id, title: "Taken over" }),
    expect: "NOT_FOUND",
  },
  "availability.update salespersonId": {
    as: "salesperson",
    other: b!.id,
    missing: MISSING_INT,
    input: (id) => ({ id: other.block, salespersonId: id, title: "Taken over" }),
    expect: "NOT_FOUND",
  },
  "availability.remove id": {
    as: "salesperson",
    other: other.block,
    missing: MISSING_INT,
    input: (id) => ({ id }),
    expect: "NOT_FOUND",
  },
  "availability.forSalesperson id": {
    as: "salesperson",
    other: b!.id,
    missing: MISSING_INT,
    input: (id) => ({ id }),
    expect: "NOT_FOUND",
  },
  "availability.workingHours id": {
    as: "salesperson",
    other: b!.id,
    missing: MISSING_INT,
    input: (id) => ({ id }),
    expect: "NOT_FOUND",
  },
  "availability.setWorkingHours id": {
    as: "salesperson",
    other: b!.id,
    missing: MISSING_INT,
    input: (id) => ({ id, hours: null }),
    expect: "NOT_FOUND",
  },
  "availability.bookingRules id": {
    as: "salesperson",
    other: b!.id,
    missing: MISSING_INT,
    input: (id) => ({ id }),
    expect: "NOT_FOUND",
  },
  "availability.setBookingRules id": {
    as: "salesperson",
    other: b!.id,
    missing: MISSING_INT,
    input: (id) => ({ id, rules: null }),
    expect: "NOT_FOUND",
  },
  "notifications.markRead ids": {
    as: "customer",
    other: other.notification,
    missing: MISSING_INT,
    input: (id) => ({ ids: [id] }),
    expect: "SAME",
  },
  "portal.overview salespersonId": {
    as: "salesperson",
    other: b!.id,
    missing: MISSING_INT,
    input: (id) => ({ salespersonId: id }),
    expect: "FORBIDDEN",
  },
  "portal.insights salespersonId": {
    as: "salesperson",
    other: b!.id,
    missing: MISSING_INT,
    input: (id) => ({ salespersonId: id }),
    expect: "FORBIDDEN",
  },
  "portal.update id": {
    as: "salesperson",
    other: b!.id,
    missing: MISSING_INT,
    input: (id) => ({ id, bio: "Taken over" }),
    expect: "NOT_FOUND",
  },
  "portal.updateStatus id": {
    as: "salesperson",
    other: b!.id,
    missing: MISSING_INT,
    input: (id) => ({ id, status: "busy" }),
    expect: "NOT_FOUND",
  },
  "portal.recordView id": PUBLIC_SALESPERSON,
  "portal.acceptInvitation id": {
    as: "salesperson",
    other: other.invitation,
    missing: MISSING_UUID,
    input: (id) => ({ id }),
    expect: "NOT_FOUND",
  },
  "portal.declineInvitation id": {
    as: "salesperson",
    other: other.invitation,
    missing: MISSING_UUID,
    input: (id) => ({ id }),
    expect: "NOT_FOUND",
  },
  "portal.verify salespersonId": {
    as: "manager",
    other: b!.id,
    missing: MISSING_INT,
    input: (id) => ({ salespersonId: id, verified: true }),
    expect: "NOT_FOUND",
  },
  "reviews.submit userId": { notOwned: "ignored: a review is always the caller's own" },
  "reviews.submit salespersonId": PUBLIC_SALESPERSON,
  "reviews.submit appointmentId": {
    as: "customer",
    other: other.appointment,
    missing: MISSING_INT,
    input: (id) => ({
      salespersonId: b!.id,
      appointmentId: id,
      overallRating: 5,
      helpfulnessRating: 5,
      pressureLevelRating: 5,
      communicationRating: 5,
      knowledgeRating: 5,
      comment: "Not my visit",
    }),
    expect: "NOT_FOUND",
  },
  "reviews.eligibleAppointments salespersonId": PUBLIC_SALESPERSON,
  "reviews.edit id": {
    as: "customer",
    other: other.review,
    missing: MISSING_INT,
    input: (id) => ({ id, overallRating: 1 }),
    expect: "NOT_FOUND",
  },
  "reviews.list salespersonId": PUBLIC_SALESPERSON,
  "reviews.reply ratingId": {
    as: "salesperson",
    other: other.review,
    missing: MISSING_INT,
    input: (id) => ({ ratingId: id, body: "Not my review to answer" }),
    expect: "FORBIDDEN",
  },
  "reviews.flag ratingId": {
    as: "salesperson",
    other: other.review,
    missing: MISSING_INT,
    input: (id) => ({ ratingId: id, reason: "Not about me at all" }),
    expect: "FORBIDDEN",
  },
  "reviews.resolveFlag flagId": ADMIN,
  "reviews.decideHeld ratingId": ADMIN,
  "messages.contact salespersonId": PUBLIC_SALESPERSON,
  "messages.conversation conversationId": {
    as: "customer",
    other: other.conversation,
    missing: MISSING_INT,
    input: (id) => ({ conversationId: id }),
    expect: "NOT_FOUND",
  },
  "messages.reply conversationId": {
    as: "customer",
    other: other.conversation,
    missing: MISSING_INT,
    input: (id) => ({ conversationId: id, body: "Reading along" }),
    expect: "NOT_FOUND",
  },
  "favorites.set salespersonId": PUBLIC_SALESPERSON,
  "misconduct.create salespersonId": PUBLIC_SALESPERSON,
  "misconduct.updateCase reportId": {
    as: "manager",
    other: other.report,
    missing: MISSING_INT,
    input: (id) => ({ reportId: id, status: "dismissed", note: "Not mine" }),
    expect: "NOT_FOUND",
  },
  "manager.addSalesperson managerId": { notOwned: "ignored: the caller's own dealership is used" },
  "groups.actAs dealershipId": {
    as: "groupOwner",
    other: b!.dealership_id,
    missing: MISSING_INT,
    input: (id) => ({ dealershipId: id }),
    expect: "NOT_FOUND",
  },
  "manager.revokeInvitation id": {
    as: "manager",
    other: other.invitation,
    missing: MISSING_UUID,
    input: (id) => ({ id }),
    expect: "NOT_FOUND",
  },
  "invitations.resend id": {
    as: "manager",
    other: other.invitation,
    missing: MISSING_UUID,
    input: (id) => ({ id }),
    expect: "NOT_FOUND",
  },
  "invitations.revoke id": {
    as: "manager",
    other: other.invitation,
    missing: MISSING_UUID,
    input: (id) => ({ id }),
    expect: "NOT_FOUND",
  },
  "invitations.inviteManager dealershipId": ADMIN,
  "groups.addDealership id": ADMIN,
  "groups.addDealership dealershipId": ADMIN,
  "groups.removeDealership id": ADMIN,
  "groups.removeDealership dealershipId": ADMIN,
  "groups.delete id": ADMIN,
  "groups.rename id": ADMIN,
  "groups.inviteOwner id": ADMIN,
  "groups.resendAnyInvitation id": ADMIN,
  "groups.revokeAnyInvitation id": ADMIN,
  "groups.changeMemberRole userId": {
    notOwned: "another group's member answers 404: tests/dealer-groups.integration.test.ts",
  },
  "groups.resendInvitation id": {
    notOwned: "another group's invitation answers 404: tests/dealer-groups.integration.test.ts",
  },
  "groups.revokeInvitation id": {
    notOwned: "another group's invitation answers 404: tests/dealer-groups.integration.test.ts",
  },
  "groups.removeMember userId": {
    notOwned: "another group's member answers 404: tests/dealer-groups.integration.test.ts",
  },
  "manager.removeSalesperson salespersonId": {
    as: "manager",
    other: b!.id,
    missing: MISSING_INT,
    input: (id) => ({ salespersonId: id }),
    expect: "NOT_FOUND",
  },
  "manager.removeSalesperson managerId": { notOwned: "ignored: the caller's own dealership is used" },
  // The other dealership's owner, named to this dealership's owner: not on their team, as a missing account is not.
  "manager.changeMemberRole userId": {
    as: "manager",
    other: sessions.otherManager.userId,
    missing: MISSING_UUID,
    input: (userId) => ({ userId, role: "staff" }),
    expect: "NOT_FOUND",
  },
  "manager.removeMember userId": {
    as: "manager",
    other: sessions.otherManager.userId,
    missing: MISSING_UUID,
    input: (userId) => ({ userId }),
    expect: "NOT_FOUND",
  },
  "certifications.add credentialId": { notOwned: "the issuer's credential number, text kept as typed" },
  "certifications.update credentialId": { notOwned: "the issuer's credential number, text kept as typed" },
  "certifications.update id": { notOwned: "another's answers 404: tests/certifications.integration.test.ts" },
  "certifications.remove id": { notOwned: "another's answers 404: tests/certifications.integration.test.ts" },
  "certifications.verify id": {
    notOwned: "another team's answers 404: tests/certifications.integration.test.ts",
  },
  "certifications.reject id": {
    notOwned: "another team's answers 404: tests/certifications.integration.test.ts",
  },
  "certifications.forSalesperson salespersonId": {
    notOwned: "another team's answers 404 (dealershipStaffSql), as certifications.verify",
  },
  "manager.rejectSalesperson salespersonId": {
    as: "manager",
    other: b!.id,
    missing: MISSING_INT,
    input: (id) => ({ salespersonId: id, reason: "Not on my team" }),
    expect: "NOT_FOUND",
  },
  "appointments.record id": {
    notOwned: "another buyer's visit answers 404: tests/visits.integration.test.ts (the status trail)",
  },
  "appointments.checkIn id": {
    notOwned: "another buyer's visit answers 404: tests/visit-rules.integration.test.ts (check-in code)",
  },
  "appointments.confirmVisit id": {
    notOwned: "another buyer's visit answers 404: tests/visit-rules.integration.test.ts (closed by itself)",
  },
  "appointments.checkInCode id": {
    notOwned: "another dealership's salesperson answers 403: tests/visit-rules.integration.test.ts",
  },
  "appointments.dispute id": {
    notOwned: "another buyer's visit answers 404: tests/visits.integration.test.ts (disputes)",
  },
  "appointments.escalateDispute id": {
    notOwned: "another buyer's visit answers 404: tests/visits.integration.test.ts (disputes)",
  },
  "disputes.managerDecide id": {
    notOwned: "another dealership's dispute answers 404: tests/visits.integration.test.ts (disputes)",
  },
  "disputes.adminDecide id": ADMIN,
  "purchases.claim salespersonId": PUBLIC_SALESPERSON,
  "purchases.decide id": {
    notOwned: "another dealership's claim answers 404: tests/purchases.integration.test.ts",
  },
  "transfers.request toDealershipId": { notOwned: "any dealership may be asked to take a salesperson" },
  "transfers.withdraw id": {
    as: "salesperson",
    other: other.transfer,
    missing: MISSING_INT,
    input: (id) => ({ id }),
    expect: "NOT_FOUND",
  },
  "transfers.managerDecide id": {
    as: "manager",
    other: other.incomingTransfer,
    missing: MISSING_INT,
    input: (id) => ({ id, decision: "accept" }),
    expect: "NOT_FOUND",
  },
  "transfers.adminDecide id": ADMIN,
  "onboarding.decide id": ADMIN,
  "analytics.feedbackInsights dealershipId": {
    as: "manager",
    other: b!.dealership_id,
    missing: MISSING_INT,
    input: (id) => ({ dealershipId: id }),
    expect: "FORBIDDEN",
  },
  "analytics.feedbackInsights salespersonId": {
    as: "manager",
    other: b!.id,
    missing: MISSING_INT,
    input: (id) => ({ salespersonId: id }),
    expect: "FORBIDDEN",
  },
  "analytics.feedbackComments dealershipId": {
    as: "manager",
    other: b!.dealership_id,
    missing: MISSING_INT,
    input: (id) => ({ dealershipId: id }),
    expect: "FORBIDDEN",
  },
  "analytics.feedbackComments salespersonId": {
    as: "manager",
    other: b!.id,
    missing: MISSING_INT,
    input: (id) => ({ salespersonId: id }),
    expect: "FORBIDDEN",
  },
  "analytics.feedbackExport dealershipId": {
    as: "manager",
    other: b!.dealership_id,
    missing: MISSING_INT,
    input: (id) => ({ dealershipId: id }),
    expect: "FORBIDDEN",
  },
  "analytics.feedbackExport salespersonId": {
    as: "manager",
    other: b!.id,
    missing: MISSING_INT,
    input: (id) => ({ salespersonId: id }),
    expect: "FORBIDDEN",
  },
  "auditTrail.list dealershipId": {
    as: "manager",
    other: b!.dealership_id,
    missing: MISSING_INT,
    input: (id) => ({ dealershipId: id }),
    expect: "SAME",
  },
  "auditTrail.export dealershipId": {
    as: "manager",
    other: b!.dealership_id,
    missing: MISSING_INT,
    input: (id) => ({ dealershipId: id }),
    expect: "SAME",
  },
  "subscriptions.create userId": { notOwned: "ignored: a checkout is always the caller's own" },
  "subscriptions.byId id": {
    as: "manager",
    other: other.subscription,
    missing: MISSING_UUID,
    input: (id) => ({ id }),
    expect: "NOT_FOUND",
  },
  "subscriptions.dealershipInfo dealershipId": {
    as: "manager",
    other: b!.dealership_id,
    missing: MISSING_INT,
    input: (id) => ({ dealershipId: id }),
    expect: "FORBIDDEN",
  },
  "subscriptions.cancel id": {
    as: "salesperson",
    other: other.customerSubscription,
    missing: MISSING_UUID,
    input: (id) => ({ id }),
    expect: "NOT_FOUND",
  },
  "subscriptions.resume id": {
    as: "salesperson",
    other: other.customerSubscription,
    missing: MISSING_UUID,
    input: (id) => ({ id }),
    expect: "NOT_FOUND",
  },
  "subscriptions.changePlan id": {
    as: "manager",
    other: other.subscription,
    missing: MISSING_UUID,
    input: (id) => ({ id, planType: "dealer-professional", seats: 5 }),
    expect: "NOT_FOUND",
  },
  "crm.integrations dealershipId": {
    as: "manager",
    other: b!.dealership_id,
    missing: MISSING_INT,
    input: (id) => ({ dealershipId: id }),
    expect: "FORBIDDEN",
  },
  "crm.create dealershipId": {
    as: "manager",
    other: b!.dealership_id,
    missing: MISSING_INT,
    input: (id) => ({
      dealershipId: id,
      crmProvider: "hubspot",
      integrationName: "Not mine",
      apiEndpoint: "https://crm.example.com",
      credentials: { apiKey: "k-123" },
    }),
    expect: "FORBIDDEN",
  },
  "crm.update id": {
    as: "manager",
    other: other.integration,
    missing: MISSING_INT,
    input: (id) => ({ id, integrationName: "Taken over" }),
    expect: "NOT_FOUND",
  },
  "crm.delete id": {
    as: "manager",
    other: other.integration,
    missing: MISSING_INT,
    input: (id) => ({ id }),
    expect: "NOT_FOUND",
  },
  "crm.test id": {
    as: "manager",
    other: other.integration,
    missing: MISSING_INT,
    input: (id) => ({ id }),
    expect: "NOT_FOUND",
  },
  "crm.rotateSecret id": {
    as: "manager",
    other: other.integration,
    missing: MISSING_INT,
    input: (id) => ({ id }),
    expect: "NOT_FOUND",
  },
  "crm.logs id": {
    as: "manager",
    other: other.integration,
    missing: MISSING_INT,
    input: (id) => ({ id }),
    expect: "NOT_FOUND",
  },
  "crm.resend logId": {
    as: "manager",
    other: otherLog!.id,
    missing: MISSING_INT,
    input: (id) => ({ logId: id }),
    expect: "NOT_FOUND",
  },
  "security.terminateSession sessionId": {
    as: "customer",
    other: other.session,
    missing: MISSING_UUID,
    input: (id) => ({ sessionId: id }),
    expect: "NOT_FOUND",
  },
  "security.addPasskey id": WEBAUTHN_CREDENTIAL,
  "security.addPasskey rawId": WEBAUTHN_CREDENTIAL,
  "auth.passkeySignIn id": WEBAUTHN_CREDENTIAL,
  "auth.passkeySignIn rawId": WEBAUTHN_CREDENTIAL,
  "admin.verifyPasskey id": WEBAUTHN_CREDENTIAL,
  "admin.verifyPasskey rawId": WEBAUTHN_CREDENTIAL,
  "admin.reauthenticate id": WEBAUTHN_CREDENTIAL,
  "admin.reauthenticate rawId": WEBAUTHN_CREDENTIAL,
  "security.renamePasskey id": {
    as: "customer",
    other: other.passkey,
    missing: MISSING_INT,
    input: (id) => ({ id, name: "Mine now" }),
    expect: "NOT_FOUND",
  },
  "security.removePasskey id": {
    as: "customer",
    other: other.passkey,
    missing: MISSING_INT,
    input: (id) => ({ id }),
    expect: "NOT_FOUND",
  },
  "compliance.createRequest userId": {
    as: "customer",
    other: sessions.otherCustomer.userId,
    missing: MISSING_UUID,
    input: (id) => ({ userId: id, requestType: "access" }),
    expect: "FORBIDDEN",
  },
  "compliance.updateRequest id": ADMIN,
  "compliance.exportFile id": {
    as: "customer",
    other: other.gdprRequest,
    missing: MISSING_INT,
    input: (id) => ({ id }),
    expect: "NOT_FOUND",
  },
  "admin.salespeople dealershipId": ADMIN,
  "misconduct.allCases dealershipId": ADMIN,
  "security.sessions userId": {
    as: "customer",
    other: sessions.otherCustomer.userId,
    missing: MISSING_UUID,
    input: (id) => ({ userId: id }),
    expect: "FORBIDDEN",
  },
  "analytics.executiveSummary dealershipId": {
    as: "manager",
    other: b!.dealership_id,
    missing: MISSING_INT,
    input: (id) => ({ dealershipId: id }),
    expect: "FORBIDDEN",
  },
  "analytics.dealerships dealershipId": {
    as: "manager",
    other: b!.dealership_id,
    missing: MISSING_INT,
    input: (id) => ({ dealershipId: id }),
    expect: "FORBIDDEN",
  },
  "analytics.market dealershipId": {
    as: "manager",
    other: b!.dealership_id,
    missing: MISSING_INT,
    input: (id) => ({ dealershipId: id }),
    expect: "FORBIDDEN",
  },
  "analytics.predictions dealershipId": {
    as: "manager",
    other: b!.dealership_id,
    missing: MISSING_INT,
    input: (id) => ({ dealershipId: id }),
    expect: "FORBIDDEN",
  },
  "apiKeys.revoke id": {
    as: "manager",
    other: other.apiKey,
    missing: MISSING_INT,
    input: (id) => ({ id }),
    expect: "NOT_FOUND",
  },
};

async function answer(who: Who, path: string, input: unknown): Promise<string> {
  try {
    const result = await callPath(callerFor(who), path)(input);
    return `ok: ${JSON.stringify(result)}`;
  } catch (error) {
    const { code, message } = error as { code?: string; message?: string };
    return `${code ?? "?"}: ${message}`;
  }
}

const checks = Object.entries(TABLE).filter((e): e is [string, Check] => "as" in e[1]);

describe("own versus other, for every procedure that takes an id", () => {
  it("has a reviewed line for every id field of every procedure's input, and none for a field that is gone", () => {
    expect(discovered.filter((key) => !(key in TABLE))).toEqual([]);
    expect(Object.keys(TABLE).filter((key) => !discovered.includes(key))).toEqual([]);
  });

  it(`answers someone else's row as a missing one (or 403 where stated), for ${checks.length} id fields`, async () => {
    const mismatches: string[] = [];
    for (const [key, check] of checks) {
      const path = key.split(" ")[0]!;
      const missing = await answer(check.as, path, check.input(check.missing));
      const theirs = await answer(check.as, path, check.input(check.other));
      const ok =
        check.expect === "NOT_FOUND"
          ? theirs.startsWith("NOT_FOUND:") && theirs === missing
          : check.expect === "FORBIDDEN"
            ? theirs.startsWith("FORBIDDEN:")
            : theirs.startsWith("ok:") && theirs === missing;
      if (!ok)
        mismatches.push(
          `${key} as ${check.as}: other row -> ${theirs.slice(0, 300)} | missing row -> ${missing.slice(0, 300)}`,
        );
    }
    expect(mismatches).toEqual([]);
  }, 120_000);
});
