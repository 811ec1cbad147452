// Invitations answered through their e-mailed link (docs/product/invitations.md): refusals of
// expired, revoked, used, unknown and wrong-account links; an existing account accepts only signed in as
// itself (through its second factor); an existing salesperson brings their reviews; a new person gets an
// account and a profile; a resend kills the old link; an administrator hands a dealership over.
import { decodeBase32IgnorePadding } from "@oslojs/encoding";
import { describe, expect, it } from "vitest";
import { currentStep, totpCode } from "../src/server/credentials/mfa";
import { createHarness, sessionCookieFrom } from "./support/harness";
import { managerOf } from "./support/members";

const h = await createHarness({ RATE_LIMIT_DISABLED: "true" });
await h.seed(0.02);

type Dealership = { id: number; name: string; email: string; manager_id: string };
const [A, B, C] = await h.sql<Dealership[]>`
  select d.id, d.name, u.email::text as email, dm.user_id as manager_id
    from dealerships d join dealership_members dm on dm.dealership_id = d.id and dm.role = 'owner' join users u on u.id = dm.user_id order by d.id limit 3`;
const managerA = await h.signIn(A!.email, "manager");
const admin = await h.signIn("invitations.admin@example.org", "admin");

let serial = 0;
/** An independent salesperson with one published review of their own. */
async function independentWithReview() {
  serial++;
  const email = `independent.${serial}@sales.example.org`;
  const [person] = await h.sql<{ id: number }[]>`
    insert into salespeople (name, email, city, state, time_zone, payment_model)
    values (${`Indie ${serial}`}, ${email}, 'Austin', 'TX', 'America/Chicago', 'individual') returning id`;
  const customer = await h.signIn(`reviewer.${serial}@example.org`);
  await h.sql`
    insert into ratings (salesperson_id, user_id, overall_rating, helpfulness_rating, pressure_level_rating,
                         communication_rating, comment)
    values (${person!.id}, ${customer.userId}, 5, 5, 5, 5, 'Straight answers')`;
  return { id: person!.id, email };
}

/** Sends a salesperson invitation as manager A and answers the token its e-mail carries. */
async function inviteToA(email: string) {
  const before = h.smtp.messages.length;
  const res = await h.request("POST", "/api/manager/add-salesperson", {
    cookie: managerA.cookie,
    body: { name: "Invitee", email },
  });
  expect(res.status).toBe(201);
  return { id: res.json.invitation.id as string, token: await tokenMailedTo(email, before) };
}

/** The token of the first invitation e-mail to `email` after message number `after`. */
async function tokenMailedTo(email: string, after: number) {
  const mail = await h.waitForMail(
    (m) =>
      h.smtp.messages.indexOf(m) >= after && m.to.includes(email) && m.text.includes("/invitations/accept"),
  );
  return mail.text.match(/\/invitations\/accept\?token=([a-z2-7]+)/)![1]!;
}

function accept(token: string, options: { cookie?: string; name?: string } = {}) {
  return h.request("POST", "/api/invitations/accept", {
    cookie: options.cookie,
    body: { token, ...(options.name ? { name: options.name } : {}) },
  });
}

describe("refusals", () => {
  it("refuses an unknown, an expired, a revoked and a used link, each with its own message", async () => {
    const unknown = await accept("a".repeat(52));
    expect(unknown.status).toBe(404);
    expect(unknown.json).toMatchObject({
      code: "INVITATION_NOT_FOUND",
      message: expect.stringMatching(/not valid/),
    });

    const expiring = await inviteToA("expiring.invitee@example.org");
    await h.sql`update invitations set expires_at = now() - interval '1 minute' where id = ${expiring.id}`;
    const expired = await accept(expiring.token, { name: "Late Person" });
    expect(expired.status).toBe(409);
    expect(expired.json).toMatchObject({
      code: "INVITATION_EXPIRED",
      message: expect.stringMatching(/expired on/),
    });
    const describedExpired = await h.request("POST", "/api/invitations/describe", {
      body: { token: expiring.token },
    });
    expect(describedExpired.json.code).toBe("INVITATION_EXPIRED");

    const revoking = await inviteToA("revoked.invitee@example.org");
    const revoke = await h.request("POST", `/api/invitations/${revoking.id}/revoke`, {
      cookie: managerA.cookie,
    });
    expect(revoke.status).toBe(200);
    const revoked = await accept(revoking.token, { name: "Revoked Person" });
    expect(revoked.status).toBe(409);
    expect(revoked.json).toMatchObject({
      code: "INVITATION_REVOKED",
      message: expect.stringMatching(/withdrawn/),
    });

    const using = await inviteToA("used.invitee@example.org");
    expect((await accept(using.token, { name: "Used Person" })).status).toBe(200);
    const reused = await accept(using.token, { name: "Used Person" });
    expect(reused.status).toBe(409);
    expect(reused.json).toMatchObject({
      code: "INVITATION_USED",
      message: expect.stringMatching(/already been accepted/),
    });
    // None of the refusals created anything.
    const made = await h.sql`
      select email from users where email in ('expiring.invitee@example.org', 'revoked.invitee@example.org')`;
    expect(made).toHaveLength(0);
  });

  it("refuses a browser signed in as another account, saying whom it was sent to; describing uses nothing", async () => {
    const invitation = await inviteToA("wrong.account.invitee@example.org");
    const other = await h.signIn("someone.else@example.org");
    const described = await h.request("POST", "/api/invitations/describe", {
      cookie: other.cookie,
      body: { token: invitation.token },
    });
    expect(described.status).toBe(200);
    expect(described.json).toMatchObject({
      email: "wrong.account.invitee@example.org",
      role: "salesperson",
      dealership: { id: A!.id, name: A!.name },
      signedInAs: "someone.else@example.org",
      hasAccount: false,
    });
    const refused = await accept(invitation.token, { cookie: other.cookie, name: "Intruder" });
    expect(refused.status).toBe(403);
    expect(refused.json).toMatchObject({ code: "INVITATION_WRONG_ACCOUNT" });
    expect(refused.json.message).toBe(
      "This invitation was sent to wrong.account.invitee@example.org, but you are signed in as someone.else@example.org. Sign out and open it again.",
    );
    const declined = await h.request("POST", "/api/invitations/decline", {
      cookie: other.cookie,
      body: { token: invitation.token },
    });
    expect(declined.status).toBe(403);
    // Still open for its owner.
    const [row] = await h.sql`select accepted_at, declined_at from invitations where id = ${invitation.id}`;
    expect(row).toEqual({ accepted_at: null, declined_at: null });
  });
});

describe("an existing account", () => {
  it("accepts only signed in as itself: the link alone changes nothing", async () => {
    const email = "signed.out.customer@example.org";
    const customer = await h.signIn(email);
    const invitation = await inviteToA(email);
    const described = await h.request("POST", "/api/invitations/describe", {
      body: { token: invitation.token },
    });
    expect(described.json).toMatchObject({ hasAccount: true, signInRequired: true, signedInAs: null });
    const refused = await accept(invitation.token, { name: "Link Holder" });
    expect(refused.status, refused.text).toBe(401);
    expect(refused.json).toEqual({
      code: "INVITATION_SIGN_IN_REQUIRED",
      message: `Sign in as ${email} to accept this invitation.`,
    });
    expect(sessionCookieFrom(refused.headers)).toBeNull();
    const [untouched] = await h.sql<{ role: string; profiles: number; accepted: Date | null }[]>`
      select u.role, (select count(*)::int from salespeople s where s.user_id = u.id) as profiles,
             (select accepted_at from invitations where id = ${invitation.id}) as accepted
        from users u where u.id = ${customer.userId}`;
    expect(untouched).toEqual({ role: "customer", profiles: 0, accepted: null });

    const signedIn = await h.request("POST", "/api/invitations/describe", {
      cookie: customer.cookie,
      body: { token: invitation.token },
    });
    expect(signedIn.json).toMatchObject({ hasAccount: true, signInRequired: false });
    const done = await accept(invitation.token, { cookie: customer.cookie, name: "Link Holder" });
    expect(done.status, done.text).toBe(200);
    expect(done.json.session).toBeNull();
  });

  it("with two-factor authentication accepts only once a sign-in has passed its second factor", async () => {
    const email = "mfa.manager.invitee@example.org";
    const account = await h.signIn(email);
    const setup = await h.request("POST", "/api/security/setup-mfa", { cookie: account.cookie });
    const key = decodeBase32IgnorePadding(setup.json.secret.replace(/\s/g, ""));
    const enabled = await h.request("POST", "/api/security/enable-mfa", {
      cookie: account.cookie,
      body: { code: totpCode(key, currentStep() - 1) },
    });
    expect(enabled.status, enabled.text).toBe(200);
    await h.sql`delete from sessions where user_id = ${account.userId}`;

    const before = h.smtp.messages.length;
    const sent = await h.request("POST", "/api/admin/manager-invitations", {
      cookie: admin.cookie,
      body: { dealershipId: C!.id, email },
    });
    expect(sent.status, sent.text).toBe(201);
    const token = await tokenMailedTo(email, before);

    // The first factor alone (the invitation link, or a sign-in link) leaves no session to accept with.
    const refused = await accept(token);
    expect(refused.status, refused.text).toBe(401);
    expect(refused.json.code).toBe("INVITATION_SIGN_IN_REQUIRED");
    expect(refused.json).not.toHaveProperty("session");
    expect((await h.request("POST", "/api/auth/request-login", { body: { email } })).status).toBe(200);
    const link = new URL(h.smtp.lastLinkFor(email)!).searchParams.get("token")!;
    const firstFactor = await h.request("POST", "/api/auth/redeem", { body: { token: link } });
    expect(firstFactor.json).toMatchObject({ mfaRequired: true });
    expect(sessionCookieFrom(firstFactor.headers)).toBeNull();
    expect((await accept(token)).status).toBe(401);
    const [unchanged] = await h.sql<{ role: string }[]>`select role from users where id = ${account.userId}`;
    expect(unchanged?.role).toBe("customer");
    expect(await managerOf(h.sql, C!.id)).not.toBe(account.userId);

    const second = await h.request("POST", "/api/auth/verify-mfa", {
      body: { challenge: firstFactor.json.challenge, code: totpCode(key, currentStep()) },
    });
    expect(second.status, second.text).toBe(200);
    const cookie = sessionCookieFrom(second.headers)!;
    const done = await accept(token, { cookie });
    expect(done.status, done.text).toBe(200);
    expect(done.json).toMatchObject({ role: "manager", dealershipId: C!.id, session: null });
  });
});

describe("accepting", () => {
  it("moves an existing salesperson's profile with its reviews, and signs them in", async () => {
    const person = await independentWithReview();
    const invitation = await inviteToA(person.email);
    const res = await accept(invitation.token);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ role: "salesperson", dealershipId: A!.id });
    expect(res.json.session.user).toMatchObject({ email: person.email, salespersonId: person.id });
    expect(sessionCookieFrom(res.headers)).not.toBeNull();
    const [profile] = await h.sql<{ dealership_id: number; verified: boolean; reviews: number }[]>`
      select dealership_id, verified_at is not null as verified,
             (select count(*)::int from ratings r where r.salesperson_id = s.id) as reviews
        from salespeople s where id = ${person.id}`;
    expect(profile).toEqual({ dealership_id: A!.id, verified: true, reviews: 1 });
    const audits = await h.sql`
      select actor_role from audit_log where action = 'salesperson.join' and entity_id = ${String(person.id)}`;
    expect(audits).toEqual([{ actor_role: "salesperson" }]);
  });

  it("makes a new person an account and a listed profile on the team", async () => {
    const email = "brand.new.invitee@example.org";
    const invitation = await inviteToA(email);
    const described = await h.request("POST", "/api/invitations/describe", {
      body: { token: invitation.token },
    });
    // The page offers the name the manager typed ("Invitee"), to keep or correct.
    expect(described.json).toMatchObject({
      hasAccount: false,
      needsName: true,
      name: "Invitee",
      signedInAs: null,
    });
    // An invitation sent without a name (before invitations kept one) needs it typed.
    await h.sql`update invitations set name = null where id = ${invitation.id}`;
    const nameless = await accept(invitation.token);
    expect(nameless.status).toBe(400);
    expect(nameless.json.code).toBe("NAME_REQUIRED");
    const res = await accept(invitation.token, { name: "Casey Newcomer" });
    expect(res.status).toBe(200);
    expect(res.json.redirectTo).toBe("/salesperson-dashboard?tab=profile");
    const [account] = await h.sql<
      { role: string; first_name: string; dealership_id: number; name: string }[]
    >`
      select u.role, u.first_name, s.dealership_id, s.name
        from users u join salespeople s on s.user_id = u.id where u.email = ${email}`;
    expect(account).toEqual({
      role: "salesperson",
      first_name: "Casey",
      dealership_id: A!.id,
      name: "Casey Newcomer",
    });
  });

  it("turns a signed-in customer into a salesperson of the dealership, keeping the account", async () => {
    const customer = await h.signIn("customer.invitee@example.org");
    const invitation = await inviteToA("customer.invitee@example.org");
    const res = await accept(invitation.token, { cookie: customer.cookie });
    expect(res.status).toBe(200);
    expect(res.json.session).toBeNull();
    const [row] = await h.sql<{ role: string; dealership_id: number }[]>`
      select u.role, s.dealership_id from users u join salespeople s on s.user_id = u.id where u.id = ${customer.userId}`;
    expect(row).toEqual({ role: "salesperson", dealership_id: A!.id });
  });
});

describe("an accepted invitation is the dealership's confirmation", () => {
  it("confirms the salesperson at acceptance: nothing waits for the manager, whose verify changes nothing", async () => {
    const email = "confirmed.by.invitation@example.org";
    const invitation = await inviteToA(email);
    expect((await accept(invitation.token, { name: "Quinn Invited" })).status).toBe(200);
    const [joined] = await h.sql<{ id: number; verified_at: Date | null; accepted_at: Date }[]>`
      select s.id, s.verified_at, i.accepted_at from salespeople s join invitations i on i.email = s.email
       where s.email = ${email}`;
    // Confirmed by the invitation itself, at the moment it was accepted.
    expect(joined!.verified_at).toBeInstanceOf(Date);
    expect(Math.abs(joined!.verified_at!.getTime() - joined!.accepted_at.getTime())).toBeLessThan(1000);

    const manager = h.caller({
      user: managerA.user,
      session: { id: "s", userId: managerA.userId, expiresAt: new Date(), authenticatedAt: new Date() },
    });
    const waiting = await manager.manager.pendingVerifications();
    expect(waiting.map((m) => m.id)).not.toContain(joined!.id);

    // A manager's verify of a confirmed salesperson (a stale screen) keeps the confirmation as it was.
    const audits = async () =>
      (
        await h.sql<{ n: number }[]>`
          select count(*)::int as n from audit_log where action = 'salesperson.verify' and entity_id = ${String(joined!.id)}`
      )[0]!.n;
    const auditsBefore = await audits();
    const answer = await manager.portal.verify({ salespersonId: joined!.id });
    expect(answer.verifiedAt).toEqual(joined!.verified_at);
    const [after] = await h.sql<
      { verified_at: Date }[]
    >`select verified_at from salespeople where id = ${joined!.id}`;
    expect(after!.verified_at).toEqual(joined!.verified_at);
    expect(await audits()).toBe(auditsBefore);
  });
});

describe("resending", () => {
  it("mails a new link, kills the old one and restarts the expiry", async () => {
    const email = "resent.invitee@example.org";
    const first = await inviteToA(email);
    await h.sql`update invitations set expires_at = now() + interval '1 day' where id = ${first.id}`;
    const before = h.smtp.messages.length;
    const resent = await h.request("POST", `/api/invitations/${first.id}/resend`, {
      cookie: managerA.cookie,
    });
    expect(resent.status).toBe(200);
    expect(new Date(resent.json.expiresAt).getTime()).toBeGreaterThan(Date.now() + 6.9 * 86_400_000);
    const old = await accept(first.token, { name: "Resent Person" });
    expect(old.status).toBe(404);
    const fresh = await tokenMailedTo(email, before);
    expect(fresh).not.toBe(first.token);
    expect((await accept(fresh, { name: "Resent Person" })).status).toBe(200);
    const audits =
      await h.sql`select 1 from audit_log where action = 'salesperson.invite_resend' and entity_id = ${email}`;
    expect(audits).toHaveLength(1);
  });

  it("lets a manager resend and revoke only their own team's invitations", async () => {
    const invitation = await inviteToA("scoped.invitee@example.org");
    const managerB = await h.signIn(B!.email, "manager");
    for (const verb of ["resend", "revoke"]) {
      const res = await h.request("POST", `/api/invitations/${invitation.id}/${verb}`, {
        cookie: managerB.cookie,
      });
      expect(res.status, verb).toBe(404);
    }
  });
});

describe("an administrator hands a dealership over", () => {
  it("invites a manager; on acceptance they manage it and the previous manager becomes a customer, audited", async () => {
    const email = "next.manager@example.org";
    const before = h.smtp.messages.length;
    const sent = await h.request("POST", "/api/admin/manager-invitations", {
      cookie: admin.cookie,
      body: { dealershipId: B!.id, email, name: "Morgan Next" },
    });
    expect(sent.status).toBe(201);
    expect(sent.json).toMatchObject({ role: "manager", email, dealership: { id: B!.id } });
    const listed = await h.request("GET", "/api/admin/manager-invitations", { cookie: admin.cookie });
    expect(listed.json.map((i: { id: string }) => i.id)).toContain(sent.json.id);
    const token = await tokenMailedTo(email, before);

    const res = await accept(token);
    expect(res.status).toBe(200);
    expect(res.json.session.user).toMatchObject({ email, role: "manager", managedDealershipId: B!.id });
    const [next] = await h.sql<{ id: string; first_name: string; last_name: string }[]>`
      select id, first_name, last_name from users where email = ${email}`;
    expect(await managerOf(h.sql, B!.id)).toBe(next!.id);
    // The new account has the name the administrator invited them under.
    expect(next).toMatchObject({ first_name: "Morgan", last_name: "Next" });
    const [previous] = await h.sql<{ role: string }[]>`select role from users where id = ${B!.manager_id}`;
    expect(previous!.role).toBe("customer");
    const changes = await h.sql`
      select action from audit_log
       where (action = 'dealership.manager_change' and entity_id = ${String(B!.id)})
          or (action = 'user.role_change' and entity_id = ${B!.manager_id})
       order by id`;
    expect(changes.map((c) => c.action)).toEqual(["dealership.manager_change", "user.role_change"]);
    // The previous manager's session no longer reaches the manager area.
    const formerSession = await h.signIn(B!.email);
    const refused = await h.request("GET", "/api/manager/overview", { cookie: formerSession.cookie });
    expect(refused.status).toBe(403);
  });

  it("is for administrators only", async () => {
    const res = await h.request("POST", "/api/admin/manager-invitations", {
      cookie: managerA.cookie,
      body: { dealershipId: A!.id, email: "sneaky@example.org" },
    });
    expect(res.status).toBe(403);
  });
});
