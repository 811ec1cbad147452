// Nobody decides about themselves (access.ts refuseOwnDecision): a manager or administrator whose own account
// holds a salesperson profile cannot confirm that profile on the team or decide its transfer; someone else can.
// Purchase claims and certifications have their own cases in purchases and certifications tests.
import { describe, expect, it } from "vitest";
import { createHarness } from "./support/harness";

const h = await createHarness({ RATE_LIMIT_DISABLED: "true" });
await h.seed(0.02);

const [A, B] = await h.sql<{ id: number; email: string }[]>`
  select d.id, u.email from dealerships d join dealership_members dm on dm.dealership_id = d.id and dm.role = 'owner' join users u on u.id = dm.user_id order by d.id limit 2`;
const managerA = await h.signIn(A!.email, "manager");
const managerB = await h.signIn(B!.email, "manager");
const admin = await h.signIn("own.admin@example.org", "admin");
const otherAdmin = await h.signIn("own.admin.two@example.org", "admin");

/** A profile the account `userId` holds (as one made before role changes were refused could be). */
async function profileOf(userId: string, dealershipId: number | null, label: string) {
  const [row] = await h.sql<{ id: number }[]>`
    insert into salespeople (name, email, city, state, time_zone, dealership_id, payment_model, user_id)
    values (${`Own ${label}`}, ${`own.${label}@sales.example.org`}, 'Austin', 'TX', 'America/Chicago',
            ${dealershipId}, ${dealershipId ? "dealership" : "individual"}, ${userId})
    returning id`;
  return row!.id;
}

describe("decisions about one's own salesperson profile", () => {
  it("a manager cannot confirm their own profile on their team", async () => {
    const own = await profileOf(managerA.userId, A!.id, "team");
    const body = { salespersonId: own, verified: true };
    const refused = await h.request("POST", "/api/manager/verify-salesperson", {
      cookie: managerA.cookie,
      body,
    });
    expect(refused.status).toBe(403);
    expect(refused.json.code).toBe("OWN_DECISION");
    const [still] = await h.sql<
      { verified_at: Date | null }[]
    >`select verified_at from salespeople where id = ${own}`;
    expect(still!.verified_at).toBeNull();
  });

  it("a manager cannot accept, nor an administrator approve, a transfer of their own profile", async () => {
    const own = await profileOf(managerB.userId, null, "mover");
    const [request] = await h.sql<{ id: number }[]>`
      insert into transfer_requests (salesperson_id, from_dealership_id, to_dealership_id, status, note)
      values (${own}, null, ${B!.id}, 'awaiting_manager', 'Joining the team I manage') returning id`;
    const manager = await h.request("POST", `/api/transfer-requests/${request!.id}/manager-decision`, {
      cookie: managerB.cookie,
      body: { decision: "accept" },
    });
    expect([manager.status, manager.json.code]).toEqual([403, "OWN_DECISION"]);
    const [waiting] = await h.sql<{ status: string }[]>`
      select status from transfer_requests where id = ${request!.id}`;
    expect(waiting!.status).toBe("awaiting_manager");

    const selfAdmin = await profileOf(admin.userId, null, "admin.mover");
    const [adminRequest] = await h.sql<{ id: number }[]>`
      insert into transfer_requests (salesperson_id, from_dealership_id, to_dealership_id, status, note)
      values (${selfAdmin}, null, ${A!.id}, 'awaiting_admin', 'Moving') returning id`;
    const approval = await h.request("POST", `/api/transfer-requests/${adminRequest!.id}/decision`, {
      cookie: admin.cookie,
      body: { decision: "approve" },
    });
    expect([approval.status, approval.json.code]).toEqual([403, "OWN_DECISION"]);
    const [unmoved] = await h.sql<{ dealership_id: number | null; status: string }[]>`
      select s.dealership_id, t.status from salespeople s, transfer_requests t
       where s.id = ${selfAdmin} and t.id = ${adminRequest!.id}`;
    expect(unmoved).toEqual({ dealership_id: null, status: "awaiting_admin" });
    const denied = await h.request("POST", `/api/transfer-requests/${adminRequest!.id}/decision`, {
      cookie: otherAdmin.cookie,
      body: { decision: "deny", reason: "Not while they administer the platform" },
    });
    expect(denied.status, denied.text).toBe(200);
  });
});
