// Certifications (docs/product/salespeople.md#certifications): kept by their salesperson only, verified or
// rejected by that salesperson's own manager (another dealership's gets 404) or an administrator, an edit
// clears verification, browse filters on verified ones, the profile's structured data lists them.
import { describe, expect, it } from "vitest";
import { profileFacts } from "../src/server/domains/site/previews";
import { profileStructuredData } from "../src/shared/structuredData";
import { createHarness } from "./support/harness";

const h = await createHarness({ RATE_LIMIT_DISABLED: "true" });
await h.seed(0.05);

// The two dealerships with the largest teams: A needs two salespeople.
const [A, B] = await h.sql<{ id: number; email: string; name: string }[]>`
  select d.id, u.email, d.name from dealerships d join dealership_members dm on dm.dealership_id = d.id and dm.role = 'owner' join users u on u.id = dm.user_id
   order by (select count(*) from salespeople s where s.dealership_id = d.id and s.verified_at is not null) desc,
            d.id
   limit 2`;
const [person, colleague] = await h.sql<{ id: number; email: string }[]>`
  select id, email from salespeople where dealership_id = ${A!.id} and verified_at is not null order by id limit 2`;
const seller = await h.signIn(person!.email, "salesperson");
const other = await h.signIn(colleague!.email, "salesperson");
const manager = await h.signIn(A!.email, "manager");
const otherManager = await h.signIn(B!.email, "manager");
const admin = await h.signIn("certs.admin@example.org", "admin");

const cert = {
  name: "Hybrid Powertrain Specialist",
  issuer: "Society of Automotive Engineers",
  year: 2023,
  credentialId: "SAE-4471",
  credentialUrl: "https://credentials.example.org/SAE-4471",
};

async function add(body: Record<string, unknown> = cert, cookie = seller.cookie) {
  return h.request("POST", "/api/salesperson/certifications", { cookie, body });
}

describe("a salesperson's certifications", () => {
  it("adds, lists, edits and deletes their own, and validates each field", async () => {
    const made = await add();
    expect(made.status).toBe(201);
    expect(made.json).toMatchObject({ ...cert, salespersonId: person!.id, verifiedAt: null });
    const bad: Record<string, unknown>[] = [
      { ...cert, name: "" },
      { ...cert, issuer: "" },
      { ...cert, year: 1949 },
      { ...cert, year: new Date().getUTCFullYear() + 2 },
      { ...cert, year: 2020.5 },
      { ...cert, credentialUrl: "http://credentials.example.org/x" },
      { ...cert, credentialUrl: "javascript:alert(1)" },
      { ...cert, name: "x".repeat(121) },
    ];
    for (const body of bad) expect((await add(body)).status, JSON.stringify(body)).toBe(400);
    expect((await add({ ...cert, year: new Date().getUTCFullYear() + 1, credentialUrl: "" })).status).toBe(
      201,
    );

    const mine = await h.request("GET", "/api/salesperson/certifications", { cookie: seller.cookie });
    expect(mine.json.map((c: { id: number }) => c.id)).toContain(made.json.id);
    // Another salesperson can neither edit nor delete it: 404, as a missing one.
    const path = `/api/salesperson/certifications/${made.json.id}`;
    expect((await h.request("PUT", path, { cookie: other.cookie, body: cert })).status).toBe(404);
    expect((await h.request("DELETE", path, { cookie: other.cookie })).status).toBe(404);
    expect((await h.request("DELETE", path, { cookie: manager.cookie })).status).toBe(403);
    const edited = await h.request("PUT", path, { cookie: seller.cookie, body: { ...cert, year: 2022 } });
    expect(edited.json.year).toBe(2022);
    expect((await h.request("DELETE", path, { cookie: seller.cookie })).status).toBe(200);
    expect((await h.request("DELETE", path, { cookie: seller.cookie })).status).toBe(404);
  });

  it("is verified by the salesperson's own manager only; another dealership's manager gets 404", async () => {
    const made = await add();
    const pending = await h.request("GET", "/api/certifications/pending", { cookie: manager.cookie });
    expect(pending.json.map((c: { id: number }) => c.id)).toContain(made.json.id);
    const elsewhere = await h.request("GET", "/api/certifications/pending", { cookie: otherManager.cookie });
    expect(elsewhere.json.map((c: { id: number }) => c.id)).not.toContain(made.json.id);

    const verifyPath = `/api/certifications/${made.json.id}/verify`;
    expect((await h.request("POST", verifyPath, { cookie: otherManager.cookie })).status).toBe(404);
    expect(
      (
        await h.request("POST", `/api/certifications/${made.json.id}/reject`, {
          cookie: otherManager.cookie,
          body: {},
        })
      ).status,
    ).toBe(404);
    expect((await h.request("POST", verifyPath, { cookie: seller.cookie })).status).toBe(403);
    const verified = await h.request("POST", verifyPath, { cookie: manager.cookie });
    expect(verified.status).toBe(200);
    expect(verified.json.verifiedAt).not.toBeNull();
    const [notice] = await h.sql<{ title: string }[]>`
      select title from notifications where salesperson_id = ${person!.id} and type = 'certification_verified'`;
    expect(notice?.title).toBe("Certification verified");
    const [audit] = await h.sql<{ n: number }[]>`
      select count(*)::int as n from audit_log
       where action = 'salesperson.certification_verify' and entity_id = ${String(person!.id)}`;
    expect(audit!.n).toBe(1);

    const profile = await h.request("GET", `/api/salespeople/${person!.id}`);
    expect(profile.json.certifications).toContainEqual({
      id: made.json.id,
      name: cert.name,
      issuer: cert.issuer,
      year: cert.year,
      credentialId: cert.credentialId,
      credentialUrl: cert.credentialUrl,
      verifiedBy: A!.name,
    });

    // An edit of a verified certification clears its verification: it leaves the profile until verified again.
    const edited = await h.request("PUT", `/api/salesperson/certifications/${made.json.id}`, {
      cookie: seller.cookie,
      body: { ...cert, name: "Hybrid Powertrain Specialist II" },
    });
    expect(edited.json.verifiedAt).toBeNull();
    const after = await h.request("GET", `/api/salespeople/${person!.id}`);
    expect(after.json.certifications.map((c: { id: number }) => c.id)).not.toContain(made.json.id);
  });

  it("a rejection deletes the certification and tells the salesperson why", async () => {
    const made = await add({ ...cert, name: "Made Up Award" });
    const rejected = await h.request("POST", `/api/certifications/${made.json.id}/reject`, {
      cookie: manager.cookie,
      body: { reason: "Issuer has no record of it" },
    });
    expect(rejected.status).toBe(200);
    const [left] = await h.sql<
      { n: number }[]
    >`select count(*)::int as n from certifications where id = ${made.json.id}`;
    expect(left!.n).toBe(0);
    const [notice] = await h.sql<{ body: string }[]>`
      select body from notifications where salesperson_id = ${person!.id} and type = 'certification_rejected'`;
    expect(notice?.body).toContain("Issuer has no record of it");
  });

  it("an independent's certification is an administrator's to verify, badge by the platform", async () => {
    const [indie] = await h.sql<{ id: number; email: string }[]>`
      insert into salespeople (name, email, city, state, time_zone, payment_model)
      values ('Indie Seller', 'indie.certs@sales.example.org', 'Austin', 'TX', 'America/Chicago', 'individual')
      returning id, email`;
    const indieSession = await h.signIn(indie!.email, "salesperson");
    const made = await add({ ...cert, name: "Independent Broker License" }, indieSession.cookie);
    expect(
      (await h.request("POST", `/api/certifications/${made.json.id}/verify`, { cookie: manager.cookie }))
        .status,
    ).toBe(404);
    const queue = await h.request("GET", "/api/certifications/pending", { cookie: admin.cookie });
    expect(queue.json.map((c: { id: number }) => c.id)).toContain(made.json.id);
    expect(
      (await h.request("POST", `/api/certifications/${made.json.id}/verify`, { cookie: admin.cookie }))
        .status,
    ).toBe(200);
    const profile = await h.request("GET", `/api/salespeople/${indie!.id}`);
    expect(profile.json.certifications[0]).toMatchObject({
      name: "Independent Broker License",
      verifiedBy: "KnowBefore",
    });
  });
});

describe("nobody verifies their own certifications", () => {
  /** A certification on `salespersonId`'s profile, waiting for its verification. */
  async function pendingOn(salespersonId: number, name: string) {
    const [row] = await h.sql<{ id: number }[]>`
      insert into certifications (salesperson_id, name, issuer, year)
      values (${salespersonId}, ${name}, 'Own Decisions Board', 2024) returning id`;
    return row!.id;
  }

  it("refuses a manager whose account holds a profile on their team; an administrator decides it", async () => {
    const [own] = await h.sql<{ id: number }[]>`
      insert into salespeople (name, email, city, state, time_zone, dealership_id, user_id)
      values ('Manager Self', 'manager.self.certs@sales.example.org', 'Austin', 'TX', 'America/Chicago',
              ${A!.id}, ${manager.userId})
      returning id`;
    const id = await pendingOn(own!.id, "Own Team Certificate");
    const queue = await h.request("GET", "/api/certifications/pending", { cookie: manager.cookie });
    expect(queue.json.map((c: { id: number }) => c.id)).not.toContain(id);
    for (const action of ["verify", "reject"]) {
      const refused = await h.request("POST", `/api/certifications/${id}/${action}`, {
        cookie: manager.cookie,
        body: action === "reject" ? {} : undefined,
      });
      expect(refused.status, action).toBe(403);
      expect(refused.json.code, action).toBe("OWN_DECISION");
    }
    const [still] = await h.sql<{ verified_at: Date | null }[]>`
      select verified_at from certifications where id = ${id}`;
    expect(still!.verified_at).toBeNull();

    // Their own dealership's manager cannot decide it, so it waits in the administrators' queue.
    const adminQueue = await h.request("GET", "/api/certifications/pending", { cookie: admin.cookie });
    expect(adminQueue.json.map((c: { id: number }) => c.id)).toContain(id);
    const verified = await h.request("POST", `/api/certifications/${id}/verify`, { cookie: admin.cookie });
    expect(verified.status).toBe(200);
    await h.sql`delete from salespeople where id = ${own!.id}`;
  });

  it("refuses an administrator whose account holds the profile; another administrator verifies it", async () => {
    const selfAdmin = await h.signIn("certs.self.admin@example.org", "admin");
    const [own] = await h.sql<{ id: number }[]>`
      insert into salespeople (name, email, city, state, time_zone, payment_model, user_id)
      values ('Admin Self', 'admin.self.certs@sales.example.org', 'Austin', 'TX', 'America/Chicago',
              'individual', ${selfAdmin.userId})
      returning id`;
    const id = await pendingOn(own!.id, "Own Independent Certificate");
    const queue = await h.request("GET", "/api/certifications/pending", { cookie: selfAdmin.cookie });
    expect(queue.json.map((c: { id: number }) => c.id)).not.toContain(id);
    const refused = await h.request("POST", `/api/certifications/${id}/verify`, { cookie: selfAdmin.cookie });
    expect(refused.status).toBe(403);
    expect(refused.json).toMatchObject({
      code: "OWN_DECISION",
      message: expect.stringContaining("your own"),
    });
    const other = await h.request("POST", `/api/certifications/${id}/verify`, { cookie: admin.cookie });
    expect(other.status).toBe(200);
    await h.sql`delete from salespeople where id = ${own!.id}`;
  });
});

describe("the verification badge", () => {
  it("keeps naming the dealership whose manager verified it after the salesperson moves on", async () => {
    const made = await add({ ...cert, name: "Fleet Sales Certificate" });
    expect(
      (await h.request("POST", `/api/certifications/${made.json.id}/verify`, { cookie: manager.cookie }))
        .status,
    ).toBe(200);
    const badge = async () => {
      const profile = await h.request("GET", `/api/salespeople/${person!.id}`);
      return (profile.json.certifications as { id: number; verifiedBy: string }[]).find(
        (c) => c.id === made.json.id,
      )?.verifiedBy;
    };
    expect(await badge()).toBe(A!.name);
    try {
      // Moved to the other dealership (whose manager never saw it), then independent: still A's verification.
      await h.sql`update salespeople set dealership_id = ${B!.id} where id = ${person!.id}`;
      expect(await badge()).toBe(A!.name);
      await h.sql`update salespeople set dealership_id = null where id = ${person!.id}`;
      expect(await badge()).toBe(A!.name);
      // Another verification later does not take the badge over.
      const [againId] = await h.sql<
        { id: number }[]
      >`select id from certifications where id = ${made.json.id}`;
      expect(
        (await h.request("POST", `/api/certifications/${againId!.id}/verify`, { cookie: admin.cookie }))
          .status,
      ).toBe(200);
      expect(await badge()).toBe(A!.name);
    } finally {
      await h.sql`update salespeople set dealership_id = ${A!.id} where id = ${person!.id}`;
    }
  });
});

describe("browse by certification and structured data", () => {
  it("finds only salespeople with a verified certification of that name, case-insensitively", async () => {
    const name = "Rare Rotary Engine Certificate";
    const verified = await add({ ...cert, name });
    await h.request("POST", `/api/certifications/${verified.json.id}/verify`, { cookie: manager.cookie });
    // The colleague has the same one, unverified: not found by it.
    await add({ ...cert, name }, other.cookie);
    const found = await h.request(
      "GET",
      `/api/salespeople?certification=${encodeURIComponent(name.toUpperCase())}`,
    );
    expect(found.status).toBe(200);
    expect(found.json.map((s: { id: number }) => s.id)).toEqual([person!.id]);
    const trpc = await h.caller().salespeople.list({ certification: name.toLowerCase() });
    expect(trpc.items.map((s) => s.id)).toEqual([person!.id]);
    const none = await h.request("GET", "/api/salespeople?certification=No%20Such%20Thing");
    expect(none.json).toEqual([]);
  });

  it("lists the verified certifications in the profile's JSON-LD as credentials", async () => {
    const detail = await h.caller().salespeople.byId({ id: person!.id });
    const data = profileStructuredData(
      (await profileFacts(h.sql, person!.id))!,
      "https://knowbefore.example",
    );
    const credentials = data.hasCredential as { name: string; recognizedBy: { name: string } }[];
    expect(credentials.map((c) => c.name)).toEqual(detail.certifications.map((c) => c.name));
    expect(credentials.length).toBeGreaterThan(0);
    expect(credentials[0]).toMatchObject({
      "@type": "EducationalOccupationalCredential",
      recognizedBy: { "@type": "Organization", name: detail.certifications[0]!.issuer },
    });
    expect(JSON.stringify(data)).not.toContain("Hybrid Powertrain Specialist II");
  });
});
