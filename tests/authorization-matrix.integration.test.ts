// Authorisation matrix (docs/product/security.md#what-the-tests-prove), generated from the router: every procedure must have a line in the
// expected-access table (a new procedure without one fails), each is called as {signed out, customer,
// salesperson, manager (a dealership's owner), staff (of that dealership), the owner, a manager and staff of a dealer
// group holding that dealership (working on it), admin} to check its tier, and procedures that act on objects are
// also checked on {own object, someone else's object}: a group's roles act on its dealership as the dealership roles
// they reach (group owner and manager as its leads, group staff as its staff).
import { describe, expect, it } from "vitest";
import type { Access, ProcedureMeta } from "../src/server/trpc/init";
import { appRouter } from "../src/server/trpc/root";
import { makeGroup, signInToGroup } from "./support/groups";
import { createHarness } from "./support/harness";

const h = await createHarness({ RATE_LIMIT_DISABLED: "true" });
await h.seed(0.05);

type Role =
  | "anonymous"
  | "customer"
  | "salesperson"
  | "manager"
  | "staff"
  | "groupOwner"
  | "groupManager"
  | "groupStaff"
  | "admin";
const ROLES: Role[] = [
  "anonymous",
  "customer",
  "salesperson",
  "manager",
  "staff",
  "groupOwner",
  "groupManager",
  "groupStaff",
  "admin",
];
const GROUP_ROLE_OF = {
  groupOwner: "group_owner",
  groupManager: "group_manager",
  groupStaff: "group_staff",
} as const;

/** The roles a case names, with the group roles that reach them: a dealership's leads and its staff. */
function reaching(roles: Role[]): Role[] {
  return [
    ...roles,
    ...(roles.includes("manager") ? (["groupOwner", "groupManager"] as const) : []),
    ...(roles.includes("staff") ? (["groupStaff"] as const) : []),
  ];
}

// Two dealerships, each with a manager and a salesperson; two customers.
const [a, b] = await h.sql<{ id: number; dealership_id: number; email: string; manager_email: string }[]>`
  select distinct on (s.dealership_id) s.id, s.dealership_id, s.email, u.email as manager_email
    from salespeople s join dealerships d on d.id = s.dealership_id join dealership_members dm on dm.dealership_id = d.id and dm.role = 'owner' join users u on u.id = dm.user_id
   order by s.dealership_id, s.id limit 2`;
const sessions = {
  customer: await h.signIn("matrix.customer@example.org"),
  otherCustomer: await h.signIn("matrix.other@example.org"),
  salesperson: await h.signIn(a!.email, "salesperson"),
  manager: await h.signIn(a!.manager_email, "manager"),
  // Staff of the first dealership (dealership_members): its bookings only.
  staff: await (async () => {
    const first = await h.signIn("matrix.staff@example.org", "manager");
    await h.sql`insert into dealership_members (user_id, dealership_id, role)
                values (${first.userId}, ${a!.dealership_id}, 'staff')`;
    return h.signIn("matrix.staff@example.org", "manager");
  })(),
  admin: await h.signIn("matrix.admin@example.org", "admin"),
  ...(await groupSessions()),
};

/**
 * A dealer group holding the first dealership and another one (not the second), and its owner, manager and staff,
 * each working on the first dealership in their session.
 */
async function groupSessions() {
  const [third] = await h.sql<{ id: number }[]>`
    select min(id) as id from dealerships where id not in (${a!.dealership_id}, ${b!.dealership_id})`;
  const group = await makeGroup(h, "Matrix Group", [a!.dealership_id, third!.id]);
  const member = (key: keyof typeof GROUP_ROLE_OF) =>
    signInToGroup(h, `matrix.${key.toLowerCase()}@example.org`, group, GROUP_ROLE_OF[key], a!.dealership_id);
  return {
    groupOwner: await member("groupOwner"),
    groupManager: await member("groupManager"),
    groupStaff: await member("groupStaff"),
  };
}

function callerFor(role: Role) {
  if (role === "anonymous") return h.caller();
  const s = sessions[role];
  return h.caller({
    user: s.user,
    session: { id: "s", userId: s.userId, expiresAt: new Date(), authenticatedAt: new Date() },
  });
}

async function appointment(customerId: string, salespersonId: number, daysAhead: number) {
  const [row] = await h.sql<{ id: number }[]>`
    insert into appointments (salesperson_id, customer_id, appointment_type, starts_at, customer_name, customer_phone)
    values (${salespersonId}, ${customerId}, 'Test Drive', now() + make_interval(days => ${daysAhead}) + random() * interval '1 hour',
            'Matrix', '5125550100') returning id`;
  return row!.id;
}

type Case = {
  name: string;
  /** Runs the call for a role on the "own" or the "other" object (ids are created fresh for every call). */
  run: (role: Role, whose: "own" | "other") => Promise<unknown>;
  /** Roles allowed on their own object, and on someone else's. */
  own: Role[];
  other: Role[];
};

let day = 10;
/** A passkey row of the role's own account, or of the other customer's. */
async function passkeyOf(role: Role, whose: "own" | "other") {
  const owner =
    whose === "own" && role !== "anonymous" ? sessions[role].userId : sessions.otherCustomer.userId;
  const [row] = await h.sql<{ id: number }[]>`
    insert into passkeys (user_id, credential_id, public_key, device_type, name)
    values (${owner}, ${`matrix-${day++}`}, decode('00', 'hex'), 'singleDevice', 'Matrix key') returning id`;
  return row!.id;
}
const cases: Case[] = [
  {
    name: "security.renamePasskey",
    run: async (role, whose) =>
      callerFor(role).security.renamePasskey({ id: await passkeyOf(role, whose), name: "Renamed" }),
    own: ["customer", "salesperson", "manager", "staff", "admin"],
    other: [],
  },
  {
    name: "security.removePasskey",
    run: async (role, whose) => callerFor(role).security.removePasskey({ id: await passkeyOf(role, whose) }),
    own: ["customer", "salesperson", "manager", "staff", "admin"],
    other: [],
  },
  {
    name: "appointments.forCustomer",
    run: (role, whose) =>
      callerFor(role).appointments.forCustomer({
        userId:
          whose === "own" && role !== "anonymous"
            ? role === "customer"
              ? sessions.customer.userId
              : sessions[role].userId
            : sessions.otherCustomer.userId,
      }),
    own: ["customer", "salesperson", "manager", "staff", "admin"],
    other: [],
  },
  {
    name: "appointments.cancel",
    run: async (role, whose) => {
      const owner = whose === "own" ? sessions.customer.userId : sessions.otherCustomer.userId;
      const salesperson = whose === "own" ? a!.id : b!.id;
      const id = await appointment(owner, salesperson, day++);
      return callerFor(role).appointments.cancel({ id });
    },
    own: ["customer", "salesperson", "manager", "staff", "admin"],
    other: ["admin"],
  },
  {
    name: "appointments.updateStatus",
    run: async (role, whose) => {
      // A visit that has started (days ago): an outcome is recorded only then.
      const id = await appointment(sessions.otherCustomer.userId, whose === "own" ? a!.id : b!.id, -day++);
      return callerFor(role).appointments.updateStatus({ id, status: "completed" });
    },
    own: ["salesperson", "manager", "staff", "admin"],
    other: ["admin"],
  },
  {
    name: "portal.update",
    run: (role, whose) =>
      callerFor(role).portal.update({ id: whose === "own" ? a!.id : b!.id, bio: `bio ${role}` }),
    own: ["salesperson", "manager", "admin"],
    other: ["admin"],
  },
  {
    name: "portal.verify",
    run: (role, whose) => callerFor(role).portal.verify({ salespersonId: whose === "own" ? a!.id : b!.id }),
    own: ["manager"],
    other: [],
  },
  {
    name: "availability.forSalesperson",
    run: (role, whose) =>
      callerFor(role).availability.forSalesperson({ id: whose === "own" ? a!.id : b!.id }),
    own: ["salesperson", "manager", "admin"],
    other: ["admin"],
  },
  {
    name: "availability.setWorkingHours",
    run: (role, whose) =>
      callerFor(role).availability.setWorkingHours({ id: whose === "own" ? a!.id : b!.id, hours: null }),
    own: ["salesperson", "manager", "admin"],
    other: ["admin"],
  },
  {
    name: "auth.userById",
    run: (role, whose) =>
      callerFor(role).auth.userById({
        id: whose === "own" && role !== "anonymous" ? sessions[role].userId : sessions.otherCustomer.userId,
      }),
    own: ["customer", "salesperson", "manager", "staff", "admin"],
    other: ["admin"],
  },
  {
    name: "misconduct.cases",
    run: (role) => callerFor(role).misconduct.cases(),
    own: ["manager", "admin"],
    other: ["manager", "admin"],
  },
  {
    name: "reviews.openFlags",
    run: (role) => callerFor(role).reviews.openFlags(),
    own: ["admin"],
    other: ["admin"],
  },
  {
    name: "reviews.heldReviews",
    run: (role) => callerFor(role).reviews.heldReviews(),
    own: ["admin"],
    other: ["admin"],
  },
  {
    name: "manager.removeSalesperson",
    run: async (role, whose) => {
      // A fresh member of the own (a) or the other (b) dealership each time: a removal changes the team.
      const [row] = await h.sql<{ id: number }[]>`
        insert into salespeople (name, email, dealership_id, city, state, time_zone)
        select 'Matrix Member', ${`matrix.member.${day++}@example.org`}, id, city, state, time_zone
          from dealerships where id = ${whose === "own" ? a!.dealership_id : b!.dealership_id}
        returning id`;
      return callerFor(role).manager.removeSalesperson({ salespersonId: row!.id });
    },
    own: ["manager"],
    other: [],
  },
  {
    name: "certifications.verify",
    run: async (role, whose) => {
      // A fresh certification of the own (a) or the other (b) dealership's salesperson each time.
      const [row] = await h.sql<{ id: number }[]>`
        insert into certifications (salesperson_id, name, issuer, year)
        values (${whose === "own" ? a!.id : b!.id}, 'Matrix Certified', 'Matrix Board', 2020) returning id`;
      return callerFor(role).certifications.verify({ id: row!.id });
    },
    own: ["manager", "admin"],
    other: ["admin"],
  },
  {
    name: "purchases.decide",
    run: async (role, whose) => {
      // A fresh pending claim on the own (a) or the other (b) dealership's salesperson each time.
      const person = whose === "own" ? a! : b!;
      const [row] = await h.sql<{ id: number }[]>`
        insert into purchase_claims (salesperson_id, dealership_id, vehicle)
        values (${person.id}, ${person.dealership_id}, 'Matrix sedan') returning id`;
      return callerFor(role).purchases.decide({ id: row!.id, decision: "decline", reason: "Not ours" });
    },
    own: ["manager", "admin"],
    other: ["admin"],
  },
  {
    name: "certifications.update",
    run: async (role, whose) => {
      const [row] = await h.sql<{ id: number }[]>`
        insert into certifications (salesperson_id, name, issuer, year)
        values (${whose === "own" ? a!.id : b!.id}, 'Matrix Certified', 'Matrix Board', 2020) returning id`;
      return callerFor(role).certifications.update({
        id: row!.id,
        name: "Matrix Certified II",
        issuer: "Matrix Board",
        year: 2021,
      });
    },
    own: ["salesperson"],
    other: [],
  },
  {
    name: "appointments.record",
    run: async (role, whose) => {
      const id = await appointment(
        whose === "own" ? sessions.customer.userId : sessions.otherCustomer.userId,
        whose === "own" ? a!.id : b!.id,
        day++,
      );
      return callerFor(role).appointments.record({ id });
    },
    own: ["customer", "salesperson", "manager", "staff", "admin"],
    other: ["admin"],
  },
  {
    name: "disputes.managerDecide",
    run: async (role, whose) => {
      const id = await appointment(sessions.customer.userId, whose === "own" ? a!.id : b!.id, -day++);
      await h.sql`update appointments set status = 'no-show' where id = ${id}`;
      const [dispute] = await h.sql<{ id: number }[]>`
        insert into visit_disputes (appointment_id, customer_id, dealership_id, statement)
        values (${id}, ${sessions.customer.userId}, ${whose === "own" ? a!.dealership_id : b!.dealership_id},
                'Matrix was there') returning id`;
      return callerFor(role).disputes.managerDecide({ id: dispute!.id, decision: "reject", note: "Matrix" });
    },
    own: ["manager"],
    other: [],
  },
  {
    name: "admin.verify",
    run: (role) => callerFor(role).admin.verify(),
    own: ["admin"],
    other: ["admin"],
  },
];

/** Which roles each tier of trpc/init.ts lets in; object rules come on top, in `cases` above. */
const TIERS: Record<Access, Role[]> = {
  anyone: ROLES,
  signedIn: ROLES.filter((role) => role !== "anonymous"),
  customer: ["customer"],
  salesperson: ["salesperson"],
  manager: reaching(["manager"]),
  staff: reaching(["salesperson", "manager", "staff", "admin"]),
  managerOrAdmin: reaching(["manager", "admin"]),
  group: ["groupOwner", "groupManager", "groupStaff"],
  admin: ["admin"],
  adminAccount: ["admin"],
};

/** The expected-access table: one line per procedure of the router. */
const EXPECTED: Record<string, Access> = {
  "auth.me": "anyone",
  "auth.currentUser": "signedIn",
  "auth.staffUser": "staff",
  "auth.userById": "signedIn",
  "auth.requestLogin": "anyone",
  "auth.describeLink": "anyone",
  "auth.redeemLink": "anyone",
  "auth.logout": "anyone",
  "auth.updateProfile": "signedIn",
  "auth.requestSalespersonLogin": "anyone",
  "auth.registerSalesperson": "anyone",
  "salespeople.list": "anyone",
  "salespeople.byId": "anyone",
  "salespeople.ratings": "anyone",
  "salespeople.filterOptions": "anyone",
  "admin.login": "anyone",
  "admin.verify": "adminAccount",
  "admin.logout": "adminAccount",
  "admin.overview": "admin",
  "admin.users": "admin",
  "admin.updateUser": "admin",
  "admin.deleteUser": "admin",
  "admin.createUser": "admin",
  "admin.changeRole": "admin",
  "admin.suspendUser": "admin",
  "admin.reactivateUser": "admin",
  "admin.promotions": "admin",
  "admin.requestPromotion": "admin",
  "admin.decidePromotion": "admin",
  "admin.monitor": "admin",
  "admin.salespeople": "admin",
  "admin.createSalesperson": "admin",
  "admin.updateSalesperson": "admin",
  "admin.deleteSalesperson": "admin",
  "admin.uploadSalespersonPhoto": "admin",
  "admin.dealerships": "anyone",
  "admin.createDealership": "admin",
  "admin.updateDealership": "admin",
  "admin.deleteDealership": "admin",
  "admin.uploadDealershipLogo": "admin",
  "appointments.book": "customer",
  "appointments.reschedule": "signedIn",
  "appointments.forSalesperson": "anyone",
  "appointments.daySlots": "anyone",
  "appointments.availableToday": "anyone",
  "appointments.availableTodayMany": "anyone",
  "appointments.nextOpen": "anyone",
  "appointments.mine": "customer",
  "appointments.forCustomer": "signedIn",
  "appointments.byId": "signedIn",
  "appointments.updateStatus": "staff",
  "appointments.cancel": "signedIn",
  "appointments.joinWaitlist": "customer",
  "appointments.record": "signedIn",
  "appointments.dispute": "customer",
  "appointments.escalateDispute": "customer",
  "appointments.checkInCode": "staff",
  "appointments.checkIn": "customer",
  "appointments.confirmVisit": "customer",
  "appointments.stopReviewInvitations": "anyone",
  "disputes.forManager": "manager",
  "disputes.managerDecide": "manager",
  "disputes.list": "admin",
  "disputes.adminDecide": "admin",
  "availability.create": "staff",
  "availability.update": "staff",
  "availability.remove": "staff",
  "availability.forSalesperson": "staff",
  "availability.workingHours": "staff",
  "availability.setWorkingHours": "staff",
  "availability.bookingRules": "staff",
  "availability.setBookingRules": "staff",
  "notifications.list": "signedIn",
  "notifications.markRead": "signedIn",
  "notifications.markAllRead": "signedIn",
  "notifications.preferences": "signedIn",
  "notifications.setPreference": "signedIn",
  "notifications.unsubscribeLink": "anyone",
  "notifications.unsubscribe": "anyone",
  "texting.status": "customer",
  "texting.requestCode": "customer",
  "texting.confirm": "customer",
  "texting.withdraw": "customer",
  "documents.get": "anyone",
  "documents.list": "admin",
  "documents.update": "admin",
  "site.stats": "anyone",
  "site.supportContact": "anyone",
  "site.testimonials": "anyone",
  "site.contact": "anyone",
  "site.contactMessages": "admin",
  "site.supportCase": "admin",
  "site.replyToCase": "admin",
  "site.updateSupportCase": "admin",
  "site.cities": "anyone",
  "site.dealershipsNear": "anyone",
  "site.dealershipPage": "anyone",
  "portal.me": "salesperson",
  "portal.overview": "staff",
  "portal.insights": "staff",
  "portal.update": "staff",
  "portal.updateStatus": "staff",
  "portal.uploadPhoto": "salesperson",
  "portal.recordView": "anyone",
  "portal.verify": "manager",
  "portal.invitations": "salesperson",
  "portal.acceptInvitation": "salesperson",
  "portal.declineInvitation": "salesperson",
  "reviews.submit": "customer",
  "reviews.eligibleAppointments": "customer",
  "reviews.edit": "customer",
  "reviews.list": "anyone",
  "reviews.mine": "customer",
  "reviews.reply": "staff",
  "reviews.flag": "staff",
  "reviews.openFlags": "admin",
  "reviews.resolveFlag": "admin",
  "reviews.heldReviews": "admin",
  "reviews.decideHeld": "admin",
  "messages.contact": "signedIn",
  "messages.conversations": "signedIn",
  "messages.conversation": "signedIn",
  "messages.reply": "signedIn",
  "favorites.ids": "customer",
  "favorites.set": "customer",
  "misconduct.create": "anyone",
  "misconduct.status": "anyone",
  "misconduct.cases": "managerOrAdmin",
  "misconduct.updateCase": "managerOrAdmin",
  "misconduct.allCases": "admin",
  "auditTrail.list": "managerOrAdmin",
  "auditTrail.export": "managerOrAdmin",
  "manager.overview": "manager",
  "manager.team": "manager",
  "manager.pendingVerifications": "manager",
  "manager.addSalesperson": "manager",
  "manager.removeSalesperson": "manager",
  "manager.invitations": "manager",
  "manager.revokeInvitation": "manager",
  "manager.members": "manager",
  "manager.inviteMember": "manager",
  "manager.changeMemberRole": "manager",
  "manager.removeMember": "manager",
  "manager.bookings": "staff",
  "groups.mine": "group",
  "groups.actAs": "group",
  "groups.report": "group",
  "groups.members": "group",
  "groups.inviteMember": "group",
  "groups.resendInvitation": "group",
  "groups.revokeInvitation": "group",
  "groups.changeMemberRole": "group",
  "groups.removeMember": "group",
  "groups.all": "admin",
  "groups.create": "admin",
  "groups.rename": "admin",
  "groups.delete": "admin",
  "groups.addDealership": "admin",
  "groups.removeDealership": "admin",
  "groups.inviteOwner": "admin",
  "groups.resendAnyInvitation": "admin",
  "groups.revokeAnyInvitation": "admin",
  "invitations.describe": "anyone",
  "invitations.accept": "anyone",
  "invitations.decline": "anyone",
  "invitations.inviteManager": "admin",
  "invitations.managerInvitations": "admin",
  "invitations.resend": "managerOrAdmin",
  "invitations.revoke": "managerOrAdmin",
  "manager.rejectSalesperson": "manager",
  "manager.performance": "manager",
  "manager.monthlyReport": "manager",
  "manager.reportFile": "manager",
  "manager.dealership": "manager",
  "manager.updateDealership": "manager",
  "manager.uploadDealershipLogo": "manager",
  "certifications.mine": "salesperson",
  "certifications.add": "salesperson",
  "certifications.update": "salesperson",
  "certifications.remove": "salesperson",
  "certifications.pending": "managerOrAdmin",
  "certifications.forSalesperson": "managerOrAdmin",
  "certifications.verify": "managerOrAdmin",
  "certifications.reject": "managerOrAdmin",
  "transfers.request": "salesperson",
  "transfers.withdraw": "salesperson",
  "transfers.mine": "salesperson",
  "transfers.incoming": "manager",
  "transfers.managerDecide": "manager",
  "transfers.list": "admin",
  "transfers.adminDecide": "admin",
  "subscriptions.config": "anyone",
  "subscriptions.overview": "signedIn",
  "subscriptions.create": "signedIn",
  "subscriptions.checkoutStatus": "signedIn",
  "subscriptions.byId": "signedIn",
  "subscriptions.dealershipInfo": "signedIn",
  "subscriptions.cancel": "signedIn",
  "subscriptions.resume": "signedIn",
  "subscriptions.changePlan": "signedIn",
  "crm.providers": "managerOrAdmin",
  "crm.integrations": "managerOrAdmin",
  "crm.create": "managerOrAdmin",
  "crm.update": "managerOrAdmin",
  "crm.delete": "managerOrAdmin",
  "crm.test": "managerOrAdmin",
  "crm.rotateSecret": "managerOrAdmin",
  "crm.logs": "managerOrAdmin",
  "crm.resend": "managerOrAdmin",
  "apiKeys.scopes": "managerOrAdmin",
  "apiKeys.list": "managerOrAdmin",
  "apiKeys.create": "managerOrAdmin",
  "apiKeys.revoke": "managerOrAdmin",
  "calendar.feedStatus": "salesperson",
  "calendar.createFeed": "salesperson",
  "calendar.revokeFeed": "salesperson",
  "calendar.feed": "anyone",
  "calendar.visitFile": "signedIn",
  "analytics.executiveSummary": "managerOrAdmin",
  "analytics.revenue": "managerOrAdmin",
  "analytics.dealerships": "managerOrAdmin",
  "analytics.market": "managerOrAdmin",
  "analytics.predictions": "managerOrAdmin",
  "analytics.feedbackInsights": "staff",
  "analytics.feedbackComments": "staff",
  "analytics.feedbackExport": "staff",
  "auth.verifyMfa": "anyone",
  "admin.verifyMfa": "anyone",
  "admin.passkeyOptions": "anyone",
  "admin.verifyPasskey": "anyone",
  "admin.reauthenticationMethods": "adminAccount",
  "admin.reauthenticationOptions": "adminAccount",
  "admin.reauthenticate": "adminAccount",
  "security.overview": "signedIn",
  "security.mfaStatus": "signedIn",
  "security.setupMfa": "signedIn",
  "security.enableMfa": "signedIn",
  "security.disableMfa": "signedIn",
  "security.regenerateBackupCodes": "signedIn",
  "security.sessions": "signedIn",
  "security.terminateSession": "signedIn",
  "security.events": "signedIn",
  "security.passkeys": "signedIn",
  "security.passkeyRegistrationOptions": "signedIn",
  "security.addPasskey": "signedIn",
  "security.renamePasskey": "signedIn",
  "security.removePasskey": "signedIn",
  "auth.passkeySignInOptions": "anyone",
  "auth.passkeySignIn": "anyone",
  "identity.providers": "anyone",
  "identity.linked": "signedIn",
  "identity.unlink": "signedIn",
  "security.settings": "admin",
  "security.updateSettings": "admin",
  "compliance.overview": "admin",
  "compliance.requests": "signedIn",
  "compliance.createRequest": "signedIn",
  "compliance.updateRequest": "admin",
  "compliance.exportFile": "signedIn",
  "compliance.retentionPolicies": "signedIn",
  "compliance.updateRetentionPolicy": "admin",
  "compliance.cleanup": "admin",
  "compliance.report": "admin",
  "onboarding.file": "anyone",
  "onboarding.describeConfirmation": "anyone",
  "onboarding.confirm": "anyone",
  "onboarding.applications": "admin",
  "onboarding.decide": "admin",
  "purchases.claim": "customer",
  "purchases.mine": "customer",
  "purchases.toDecide": "managerOrAdmin",
  "purchases.decide": "managerOrAdmin",
  "live.events": "signedIn",
};

const procedures = Object.keys(appRouter._def.procedures);

function callPath(caller: unknown, path: string) {
  let target = caller as Record<string, unknown>;
  for (const part of path.split(".")) target = target[part] as Record<string, unknown>;
  return target as unknown as (input?: unknown) => Promise<unknown>;
}

/** Refused by the tier (before input is read), as opposed to a refusal about one object or bad input. */
function refusedByTier(error: unknown): boolean {
  const { code, message } = error as { code?: string; message?: string };
  return code === "UNAUTHORIZED" || (code === "FORBIDDEN" && /^This action is for/.test(message ?? ""));
}

describe("authorisation matrix", () => {
  it("has an expected-access line, naming its declared tier, for every procedure of the router, and none for a procedure that is gone", () => {
    expect(procedures.filter((p) => !(p in EXPECTED))).toEqual([]);
    expect(Object.keys(EXPECTED).filter((p) => !procedures.includes(p))).toEqual([]);
    const declared = appRouter._def.procedures as unknown as Record<
      string,
      { _def: { meta?: ProcedureMeta } }
    >;
    expect(procedures.filter((p) => declared[p]?._def.meta?.access !== EXPECTED[p])).toEqual([]);
  });

  it(`lets exactly each tier's roles past the tier, for ${procedures.length} procedures x ${ROLES.length} roles`, async () => {
    const mismatches: string[] = [];
    for (const path of procedures) {
      const tier = EXPECTED[path] ?? "anyone";
      for (const role of ROLES) {
        let refused = false;
        try {
          // No input: the tier decides before the input is read, so nothing is changed by the probe.
          await callPath(callerFor(role), path)();
        } catch (error) {
          refused = refusedByTier(error);
        }
        const expected = TIERS[tier].includes(role);
        if (refused === expected)
          mismatches.push(`${path} (${tier}) ${role}: ${refused ? "refused" : "let in"}`);
      }
    }
    expect(mismatches).toEqual([]);
  });

  it("matches the expected allow/deny table on own and other objects", async () => {
    const mismatches: string[] = [];
    for (const c of cases) {
      for (const role of ROLES) {
        for (const whose of ["own", "other"] as const) {
          const expected = reaching(whose === "own" ? c.own : c.other).includes(role);
          let allowed = true;
          let code = "";
          try {
            await c.run(role, whose);
          } catch (error) {
            code = (error as { code?: string }).code ?? "?";
            // Someone else's object answers 404, as a missing one does (the answer never tells which ids exist).
            if (["UNAUTHORIZED", "FORBIDDEN", "NOT_FOUND"].includes(code)) allowed = false;
            else if (code !== "CONFLICT") throw error;
          }
          if (allowed !== expected)
            mismatches.push(`${c.name} ${role} ${whose}: ${allowed ? "allowed" : `denied (${code})`}`);
        }
      }
    }
    expect(mismatches).toEqual([]);
  });
});
