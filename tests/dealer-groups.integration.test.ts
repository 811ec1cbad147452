// Dealer groups end to end over REST: an administrator makes a group of three dealerships and invites its owner, who
// accepts by the e-mailed link and invites a group manager and group staff; each reaches exactly what their group
// role allows on each dealership of the group and nothing of another group's; a group keeps its last owner; the
// group report adds up its dealerships' own reports; a dealership taken out of the group is out of reach at once;
// every change is audited.
import { describe, expect, it } from "vitest";
import { refreshAggregates } from "../src/server/domains/reviews/aggregates";
import { createHarness } from "./support/harness";

const h = await createHarness({ RATE_LIMIT_DISABLED: "true" });
await h.seed(0.05);

type Session = Awaited<ReturnType<typeof h.signIn>>;

// Four dealerships with salespeople, none in a group yet: three for Hill Country, one for another group.
const dealerships = await h.sql<{ id: number; salespersonId: number }[]>`
  select distinct on (d.id) d.id, s.id as "salespersonId"
    from dealerships d join salespeople s on s.dealership_id = d.id
   where d.group_id is null
   order by d.id, s.id limit 4`;
const [a1, a2, a3, b1] = dealerships;
const ours = [a1!, a2!, a3!];
const admin = await h.signIn("groups.admin@example.org", "admin");

function call(method: string, path: string, who: Session, body?: unknown) {
  return h.request(method, path, { cookie: who.cookie, ...(body === undefined ? {} : { body }) });
}

async function makeGroup(name: string, members: number[]) {
  const made = await call("POST", "/api/admin/dealer-groups", admin, { name });
  expect(made.status, JSON.stringify(made.json)).toBe(201);
  for (const id of members) {
    const added = await call("PUT", `/api/admin/dealer-groups/${made.json.id}/dealerships/${id}`, admin);
    expect(added.status, JSON.stringify(added.json)).toBe(200);
  }
  return made.json.id as number;
}

/** The invitation e-mailed to `email` since message `before`: its text and the token of its link. */
async function mailedInvitation(email: string, before: number) {
  const mail = await h.waitForMail(
    (m) =>
      h.smtp.messages.indexOf(m) >= before && m.to.includes(email) && m.text.includes("/invitations/accept"),
  );
  return { text: mail.text, token: mail.text.match(/\/invitations\/accept\?token=([a-z2-7]+)/)![1]! };
}

/** Accepts the newest invitation mailed to `email` by its link, signed in as that address. */
async function acceptMailed(email: string, before: number, says: string) {
  const { text, token } = await mailedInvitation(email, before);
  expect(text).toContain(says);
  const invitee = await h.signIn(email);
  const described = await h.request("POST", "/api/invitations/describe", {
    cookie: invitee.cookie,
    body: { token },
  });
  expect(described.status).toBe(200);
  const accepted = await h.request("POST", "/api/invitations/accept", {
    cookie: invitee.cookie,
    body: { token },
  });
  expect(accepted.status, JSON.stringify(accepted.json)).toBe(200);
  expect(accepted.json).toMatchObject({ redirectTo: "/group", dealershipId: null });
  return { described: described.json, session: await h.signIn(email) };
}

const groupId = await makeGroup(
  "Hill Country Auto Group",
  ours.map((d) => d.id),
);
const otherGroupId = await makeGroup("Gulf Coast Motors", [b1!.id]);

let before = h.smtp.messages.length;
const invitedOwner = await call("POST", `/api/admin/dealer-groups/${groupId}/owner-invitations`, admin, {
  email: "group.owner@example.org",
});
expect(invitedOwner.status, JSON.stringify(invitedOwner.json)).toBe(201);
const ownerJoined = await acceptMailed(
  "group.owner@example.org",
  before,
  "to join Hill Country Auto Group on KnowBefore as group owner",
);
const owner = ownerJoined.session;

async function inviteBy(by: Session, email: string, role: "group_manager" | "group_staff", says: string) {
  before = h.smtp.messages.length;
  const invited = await call("POST", "/api/group/members/invitations", by, { email, role });
  expect(invited.status, JSON.stringify(invited.json)).toBe(201);
  return (await acceptMailed(email, before, says)).session;
}
const manager = await inviteBy(owner, "group.manager@example.org", "group_manager", "as group manager");
const staff = await inviteBy(owner, "group.staff@example.org", "group_staff", "as group staff");

// The other group's owner, put there directly: this file's subject is what they cannot reach.
const otherOwner = await h.signIn("other.group.owner@example.org", "manager");
await h.sql`insert into dealer_group_members (user_id, group_id, role)
            values (${otherOwner.userId}, ${otherGroupId}, 'group_owner')`;

describe("administrators run dealer groups", () => {
  it("lists each group with its dealerships and people, and names the group and role in the invitation", async () => {
    expect(ownerJoined.described).toMatchObject({
      dealership: null,
      group: { id: groupId, name: "Hill Country Auto Group" },
      groupRole: "group_owner",
      teamRole: null,
    });
    const listed = await call("GET", "/api/admin/dealer-groups", admin);
    expect(listed.status).toBe(200);
    const lone = listed.json.find((g: { id: number }) => g.id === groupId);
    expect(lone.dealerships.map((d: { id: number }) => d.id).sort()).toEqual(ours.map((d) => d.id).sort());
    expect(
      Object.fromEntries(lone.members.map((m: { email: string; role: string }) => [m.email, m.role])),
    ).toEqual({
      "group.owner@example.org": "group_owner",
      "group.manager@example.org": "group_manager",
      "group.staff@example.org": "group_staff",
    });
    // Only administrators run groups.
    expect((await call("GET", "/api/admin/dealer-groups", owner)).status).toBe(403);
    expect((await call("POST", "/api/admin/dealer-groups", owner, { name: "Mine Now" })).status).toBe(403);
  });

  it("refuses a dealership of another group, a second group of the same name, and bad input, with clear answers", async () => {
    const moved = await call("PUT", `/api/admin/dealer-groups/${groupId}/dealerships/${b1!.id}`, admin);
    expect(moved.status).toBe(409);
    expect(moved.json.code).toBe("DEALERSHIP_IN_OTHER_GROUP");
    const [still] = await h.sql`select group_id from dealerships where id = ${b1!.id}`;
    expect(still!.group_id).toBe(otherGroupId);
    const twin = await call("POST", "/api/admin/dealer-groups", admin, { name: "lone star auto group" });
    expect(twin.status).toBe(409);
    expect(twin.json.code).toBe("GROUP_NAME_TAKEN");
    const clash = await call("PATCH", `/api/admin/dealer-groups/${otherGroupId}`, admin, {
      name: "LONE STAR AUTO GROUP",
    });
    expect(clash.status).toBe(409);
    expect(clash.json.code).toBe("GROUP_NAME_TAKEN");
    const renamed = await call("PATCH", `/api/admin/dealer-groups/${otherGroupId}`, admin, {
      name: "Gulf Coast Motor Group",
    });
    expect(renamed.json).toMatchObject({ id: otherGroupId, name: "Gulf Coast Motor Group" });
    expect((await call("POST", "/api/admin/dealer-groups", admin, { name: "" })).status).toBe(400);
    expect((await call("PUT", `/api/admin/dealer-groups/999999/dealerships/${a1!.id}`, admin)).status).toBe(
      404,
    );
    expect(
      (await call("DELETE", `/api/admin/dealer-groups/${groupId}/dealerships/${b1!.id}`, admin)).status,
    ).toBe(404);
  });

  it("refuses to delete a group while its subscription grants access", async () => {
    await h.sql`insert into subscriptions (stripe_subscription_id, group_id, plan, interval, status)
                values ('sub_group_gulf', ${otherGroupId}, 'dealer-basic', 'month', 'active')`;
    const refused = await call("DELETE", `/api/admin/dealer-groups/${otherGroupId}`, admin);
    expect(refused.status).toBe(409);
    expect(refused.json.code).toBe("SUBSCRIPTION_ACTIVE");
    await h.sql`update subscriptions set status = 'canceled' where stripe_subscription_id = 'sub_group_gulf'`;
    const throwaway = await makeGroup("Throwaway Group", []);
    expect((await call("DELETE", `/api/admin/dealer-groups/${throwaway}`, admin)).status).toBe(200);
    const [gone] = await h.sql`select id from dealer_groups where id = ${throwaway}`;
    expect(gone).toBeUndefined();
  });

  it("resends and revokes any group's invitation from the console, audited on that group's trail", async () => {
    const email = "second.owner@example.org";
    before = h.smtp.messages.length;
    const invited = await call("POST", `/api/admin/dealer-groups/${otherGroupId}/owner-invitations`, admin, {
      email,
    });
    expect(invited.status).toBe(201);
    const first = await mailedInvitation(email, before);
    const resend = `/api/admin/dealer-groups/invitations/${invited.json.id}/resend`;
    const revoke = `/api/admin/dealer-groups/invitations/${invited.json.id}/revoke`;
    // The group's own owner answers it through the group's paths, never the console's.
    expect((await call("POST", resend, otherOwner)).status).toBe(403);
    before = h.smtp.messages.length;
    const resent = await call("POST", resend, admin);
    expect(resent.status, JSON.stringify(resent.json)).toBe(200);
    expect(resent.json).toMatchObject({ email, role: "group_owner" });
    expect((await mailedInvitation(email, before)).token).not.toBe(first.token);
    expect((await call("POST", revoke, admin)).status).toBe(200);
    expect((await call("POST", revoke, admin)).status).toBe(404);
    // A dealership's invitation is not a group's: 404 here.
    const [team] = await h.sql<{ id: string }[]>`
      insert into invitations (email, role, dealership_id, team_role, expires_at)
      values ('team.only@example.org', 'manager', ${b1!.id}, 'staff', now() + interval '1 day') returning id`;
    expect(
      (await call("POST", `/api/admin/dealer-groups/invitations/${team!.id}/revoke`, admin)).status,
    ).toBe(404);
    const audit = await h.sql<{ action: string }[]>`
      select action from audit_log where entity_type = 'group' and entity_id = ${String(otherGroupId)}
         and action like 'group.member_invite_re%' order by id`;
    expect(audit.map((row) => row.action)).toEqual([
      "group.member_invite_resend",
      "group.member_invite_revoke",
    ]);
  });
});

describe("a group's people reach what their group role allows", () => {
  it("shows each of them the group and its three dealerships", async () => {
    for (const [who, role] of [
      [owner, "group_owner"],
      [manager, "group_manager"],
      [staff, "group_staff"],
    ] as const) {
      const mine = await call("GET", "/api/group", who);
      expect(mine.status).toBe(200);
      expect(mine.json).toMatchObject({ id: groupId, name: "Hill Country Auto Group", role });
      expect(mine.json.dealerships.map((d: { id: number }) => d.id).sort()).toEqual(
        ours.map((d) => d.id).sort(),
      );
    }
    const month = new Date().toISOString().slice(0, 7);
    expect((await call("GET", `/api/group/report?month=${month}`, owner)).status).toBe(200);
    expect((await call("GET", `/api/group/report?month=${month}`, manager)).status).toBe(200);
    expect((await call("GET", `/api/group/report?month=${month}`, staff)).status).toBe(403);
  });

  it("works on each dealership in turn: leads its dashboard, staff its bookings only", async () => {
    for (const d of ours) {
      for (const who of [owner, manager, staff]) {
        const acted = await call("PUT", "/api/group/acting-dealership", who, { dealershipId: d.id });
        expect(acted.status, JSON.stringify(acted.json)).toBe(200);
        expect((await call("GET", "/api/manager/bookings", who)).status).toBe(200);
      }
      for (const lead of [owner, manager]) {
        const overview = await call("GET", "/api/manager/overview", lead);
        expect(overview.status).toBe(200);
        expect(overview.json.dealership.id).toBe(d.id);
      }
      expect((await call("GET", "/api/manager/overview", staff)).status).toBe(403);
    }
    for (const who of [owner, manager, staff])
      expect((await call("PUT", "/api/group/acting-dealership", who, { dealershipId: b1!.id })).status).toBe(
        404,
      );
  });

  it("gives nothing of this group to another group's owner", async () => {
    const theirs = await call("GET", "/api/group", otherOwner);
    expect(theirs.json.dealerships.map((d: { id: number }) => d.id)).toEqual([b1!.id]);
    expect(
      (await call("PUT", "/api/group/acting-dealership", otherOwner, { dealershipId: a1!.id })).status,
    ).toBe(404);
    const people = await call("GET", "/api/group/members", otherOwner);
    expect(people.json.members.map((m: { email: string }) => m.email)).toEqual([
      "other.group.owner@example.org",
    ]);
    expect(
      (await call("PATCH", `/api/group/members/${staff.userId}`, otherOwner, { role: "group_owner" })).status,
    ).toBe(404);
    expect((await call("DELETE", `/api/group/members/${staff.userId}`, otherOwner)).status).toBe(404);
  });
});

describe("the group's people and their roles", () => {
  it("lets a group manager invite group staff only, and change no role", async () => {
    const asManager = await call("POST", "/api/group/members/invitations", manager, {
      email: "would.be.manager@example.org",
      role: "group_manager",
    });
    expect(asManager.status).toBe(403);
    expect(asManager.json.code).toBe("GROUP_ROLE_NOT_YOURS_TO_GIVE");
    const promote = await call("PATCH", `/api/group/members/${staff.userId}`, manager, {
      role: "group_manager",
    });
    expect(promote.status).toBe(403);
    expect((await call("DELETE", `/api/group/members/${owner.userId}`, manager)).status).toBe(403);
    const invited = await call("POST", "/api/group/members/invitations", manager, {
      email: "second.staff@example.org",
      role: "group_staff",
    });
    expect(invited.status).toBe(201);
    const people = await call("GET", "/api/group/members", owner);
    expect(people.json.invitations.map((i: { email: string }) => i.email)).toEqual([
      "second.staff@example.org",
    ]);
    expect((await call("GET", "/api/group/members", staff)).status).toBe(200);
  });

  it("revokes the group's open invitations: its leads only, never another group's", async () => {
    const invited = await call("POST", "/api/group/members/invitations", owner, {
      email: "revoked.manager@example.org",
      role: "group_manager",
    });
    const path = `/api/group/members/invitations/${invited.json.id}/revoke`;
    expect((await call("POST", path, otherOwner)).status).toBe(404);
    expect((await call("POST", path, staff)).status).toBe(403);
    expect((await call("POST", path, manager)).json.code).toBe("GROUP_ROLE_NOT_YOURS_TO_GIVE");
    const revoked = await call("POST", path, owner);
    expect(revoked.status).toBe(200);
    expect((await call("POST", path, owner)).status).toBe(404);
    const people = await call("GET", "/api/group/members", owner);
    expect(people.json.invitations.map((i: { email: string }) => i.email)).not.toContain(
      "revoked.manager@example.org",
    );
  });

  it("resends the group's open invitations with a new link, the old one dead: its leads only, never another group's", async () => {
    const email = "resent.staff@example.org";
    before = h.smtp.messages.length;
    const invited = await call("POST", "/api/group/members/invitations", manager, {
      email,
      role: "group_staff",
    });
    expect(invited.status).toBe(201);
    const first = await mailedInvitation(email, before);
    const path = `/api/group/members/invitations/${invited.json.id}/resend`;
    expect((await call("POST", path, otherOwner)).status).toBe(404);
    expect((await call("POST", path, staff)).status).toBe(403);
    before = h.smtp.messages.length;
    const resent = await call("POST", path, manager);
    expect(resent.status, JSON.stringify(resent.json)).toBe(200);
    expect(resent.json).toMatchObject({ id: invited.json.id, email, role: "group_staff" });
    const second = await mailedInvitation(email, before);
    expect(second.token).not.toBe(first.token);
    const invitee = await h.signIn(email);
    const described = (token: string) =>
      h.request("POST", "/api/invitations/describe", { cookie: invitee.cookie, body: { token } });
    expect((await described(first.token)).status).toBe(404);
    expect((await described(second.token)).status).toBe(200);
    const audit = await h.sql`
      select 1 from audit_log where action = 'group.member_invite_resend' and entity_id = ${String(groupId)}
         and actor_user_id = ${manager.userId}`;
    expect(audit).toHaveLength(1);
    // A group manager resends no invitation to a role only the owners give.
    const toManager = await call("POST", "/api/group/members/invitations", owner, {
      email: "resent.manager@example.org",
      role: "group_manager",
    });
    const refused = await call("POST", `/api/group/members/invitations/${toManager.json.id}/resend`, manager);
    expect(refused.json.code).toBe("GROUP_ROLE_NOT_YOURS_TO_GIVE");
  });

  it("refuses an invitation's acceptance by a member of another group, or by a salesperson", async () => {
    for (const [email, code] of [
      ["other.group.owner@example.org", "ALREADY_IN_GROUP"],
      [
        (await h.sql<{ email: string }[]>`select email from salespeople where id = ${a1!.salespersonId}`)[0]!
          .email,
        "HAS_SALESPERSON_PROFILE",
      ],
    ] as const) {
      before = h.smtp.messages.length;
      expect(
        (await call("POST", "/api/group/members/invitations", owner, { email, role: "group_staff" })).status,
      ).toBe(201);
      const { token } = await mailedInvitation(email, before);
      const invitee = await h.signIn(email);
      const refused = await h.request("POST", "/api/invitations/accept", {
        cookie: invitee.cookie,
        body: { token },
      });
      expect(refused.status, email).toBe(409);
      expect(refused.json.code).toBe(code);
    }
    const [theirs] =
      await h.sql`select group_id from dealer_group_members where user_id = ${otherOwner.userId}`;
    expect(theirs!.group_id).toBe(otherGroupId);
  });

  it("lets an invitee decline a group invitation, audited for the group", async () => {
    before = h.smtp.messages.length;
    const email = "declining.staff@example.org";
    expect(
      (await call("POST", "/api/group/members/invitations", owner, { email, role: "group_staff" })).status,
    ).toBe(201);
    const { token } = await mailedInvitation(email, before);
    const declined = await h.request("POST", "/api/invitations/decline", { body: { token } });
    expect(declined.status, JSON.stringify(declined.json)).toBe(200);
    expect(declined.json).toMatchObject({ status: "declined", dealershipId: null });
    const [audited] = await h.sql`
      select entity_id from audit_log where action = 'group.member_invite_decline' order by created_at desc limit 1`;
    expect(audited!.entity_id).toBe(String(groupId));
  });

  it("keeps the last group owner: they cannot leave or step down", async () => {
    const leave = await call("DELETE", `/api/group/members/${owner.userId}`, owner);
    expect(leave.status).toBe(409);
    expect(leave.json.code).toBe("LAST_GROUP_OWNER");
    const stepDown = await call("PATCH", `/api/group/members/${owner.userId}`, owner, {
      role: "group_manager",
    });
    expect(stepDown.status).toBe(409);
    expect(stepDown.json.code).toBe("LAST_GROUP_OWNER");
    const [still] = await h.sql`select role from dealer_group_members where user_id = ${owner.userId}`;
    expect(still!.role).toBe("group_owner");
  });

  it("changes a role and removes a member, audited, and the removed member reaches nothing of the group", async () => {
    const promoted = await call("PATCH", `/api/group/members/${manager.userId}`, owner, {
      role: "group_owner",
    });
    expect(promoted.status, JSON.stringify(promoted.json)).toBe(200);
    expect(promoted.json.role).toBe("group_owner");
    const back = await call("PATCH", `/api/group/members/${manager.userId}`, owner, {
      role: "group_manager",
    });
    expect(back.json.role).toBe("group_manager");
    // A group manager leaves themselves; group staff are theirs to remove.
    const removed = await call("DELETE", `/api/group/members/${staff.userId}`, manager);
    expect(removed.status).toBe(200);
    expect((await call("GET", "/api/group", staff)).status).toBe(403);
    expect((await call("GET", "/api/manager/bookings", staff)).status).toBe(403);
    const audit = await h.sql<{ action: string }[]>`
      select action from audit_log where entity_type = 'group' and entity_id = ${String(groupId)}`;
    expect(new Set(audit.map((a) => a.action))).toEqual(
      new Set([
        "group.create",
        "group.dealership_add",
        "group.member_invite",
        "group.member_invite_revoke",
        "group.member_invite_resend",
        "group.member_invite_decline",
        "group.member_add",
        "group.member_role",
        "group.member_remove",
      ]),
    );
  });
});

describe("the group report", () => {
  // Last month, so every visit and review made here lies in the past and inside the month in any time zone.
  const monthStart = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() - 1, 1));
  const month = monthStart.toISOString().slice(0, 7);
  const at = new Date(monthStart.getTime() + 14 * 86_400_000 + 12 * 3_600_000);

  it("adds up its dealerships' own monthly reports, dealership by dealership", async () => {
    const buyer = await h.signIn("group.report.buyer@example.org");
    for (const [n, d] of ours.entries()) {
      for (const status of ["completed", "completed", "cancelled", "no-show"].slice(0, n + 2))
        await h.sql`
          insert into appointments (salesperson_id, customer_id, appointment_type, starts_at, status, customer_name,
                                    customer_phone)
          values (${d.salespersonId}, null, 'Test Drive', ${at}, ${status}, 'Group Buyer', '5125550100')`;
      await h.sql`
        insert into ratings (salesperson_id, user_id, overall_rating, helpfulness_rating, pressure_level_rating,
                             communication_rating, comment, created_at, moderation_status)
        values (${d.salespersonId}, ${buyer.userId}, 4, 4, 4, 4, 'Straight answers.', ${at}, 'published')`;
      await refreshAggregates(h.sql, d.salespersonId);
    }
    const group = await call("GET", `/api/group/report?month=${month}`, owner);
    expect(group.status).toBe(200);
    const keys = [
      "appointments",
      "completed",
      "cancellations",
      "noShows",
      "reviews",
      "misconductCases",
      "customerMessages",
      "repliedMessages",
    ] as const;
    const sum = Object.fromEntries(keys.map((k) => [k, 0])) as Record<(typeof keys)[number], number>;
    for (const d of ours) {
      await call("PUT", "/api/group/acting-dealership", owner, { dealershipId: d.id });
      const own = await call("GET", `/api/manager/report?month=${month}&format=json`, owner);
      expect(own.status).toBe(200);
      const inGroup = group.json.dealerships.find(
        (x: { dealership: { id: number } }) => x.dealership.id === d.id,
      );
      for (const k of keys) {
        expect(inGroup.figures[k], `${k} of ${d.id}`).toBe(own.json.totals[k]);
        sum[k] += own.json.totals[k];
      }
    }
    for (const k of keys) expect(group.json.totals[k], k).toBe(sum[k]);
    expect(sum.appointments).toBeGreaterThanOrEqual(9);
    expect(sum.reviews).toBeGreaterThanOrEqual(3);
  });
});

describe("a dealership leaving the group", () => {
  it("is out of reach of the group's people at once, the sessions working on it included", async () => {
    await call("PUT", "/api/group/acting-dealership", owner, { dealershipId: a3!.id });
    await call("PUT", "/api/group/acting-dealership", manager, { dealershipId: a3!.id });
    const removed = await call("DELETE", `/api/admin/dealer-groups/${groupId}/dealerships/${a3!.id}`, admin);
    expect(removed.status, JSON.stringify(removed.json)).toBe(200);
    const acting = await h.sql<{ n: number }[]>`
      select count(*)::int as n from sessions where acting_dealership_id = ${a3!.id}
         and user_id in (${owner.userId}, ${manager.userId})`;
    expect(acting[0]!.n).toBe(0);
    for (const who of [owner, manager]) {
      const mine = await call("GET", "/api/group", who);
      expect(mine.json.dealerships.map((d: { id: number }) => d.id)).not.toContain(a3!.id);
      const overview = await call("GET", "/api/manager/overview", who);
      expect(overview.json.dealership.id).not.toBe(a3!.id);
      expect((await call("PUT", "/api/group/acting-dealership", who, { dealershipId: a3!.id })).status).toBe(
        404,
      );
    }
    const [audited] = await h.sql`
      select after from audit_log
       where action = 'group.dealership_remove' and entity_id = ${String(groupId)} and dealership_id = ${a3!.id}`;
    expect(audited!.after).toMatchObject({ groupId: null, dealerships: 2 });
  });
});
