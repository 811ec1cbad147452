// A CRM integration's signing secret (docs/product/crm.md#signing-secret): rotated by the dealership's manager
// (the new one shown once, the old one refused at once), and rotated by itself whenever the dealership's
// manager changes, so a former manager can no longer sign sale events.
import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { CRM_SIGNATURE_HEADER } from "../src/shared/crm";
import { createHarness } from "./support/harness";

const h = await createHarness({ RATE_LIMIT_DISABLED: "true" });
await h.seed(0.02);

const dealerships = await h.sql<{ id: number; email: string; managerId: string }[]>`
  select d.id, u.email::text as email, dm.user_id as "managerId"
    from dealerships d join dealership_members dm on dm.dealership_id = d.id and dm.role = 'owner' join users u on u.id = dm.user_id
   where exists (select 1 from salespeople s where s.dealership_id = d.id)
   order by d.id limit 3`;
const admin = await h.signIn("secret.admin@example.org", "admin");

let serial = 0;
/** A signed sale event for a salesperson of the integration's dealership, sent as a CRM's server would. */
async function sendSale(integrationId: number, dealershipId: number, secret: string) {
  serial++;
  const [person] = await h.sql<{ id: number }[]>`
    select id from salespeople where dealership_id = ${dealershipId} order by id limit 1`;
  const raw = JSON.stringify({
    id: `evt-rotation-${serial}`,
    type: "sale.completed",
    occurredAt: new Date().toISOString(),
    salespersonId: person!.id,
    customer: { email: `nobody.${serial}@example.org` },
  });
  const t = Math.floor(Date.now() / 1000);
  const v1 = createHmac("sha256", secret).update(`${t}.${raw}`).digest("hex");
  return h.request("POST", `/api/crm/inbound/${integrationId}`, {
    body: raw,
    headers: { origin: "", [CRM_SIGNATURE_HEADER]: `t=${t},v1=${v1}` },
  });
}

async function createIntegration(manager: { cookie: string }) {
  const res = await h.request("POST", "/api/crm/integrations", {
    cookie: manager.cookie,
    body: {
      crmProvider: "hubspot",
      integrationName: "Sales system",
      apiEndpoint: "https://crm.example.com",
      credentials: { apiKey: "hs-key-1234" },
    },
  });
  expect(res.status, res.text).toBe(201);
  return { id: res.json.id as number, secret: res.json.signingSecret as string };
}

describe("rotating a signing secret", () => {
  it("shows the new secret once; the old one is refused at once, the new one works", async () => {
    const d = dealerships[0]!;
    const manager = await h.signIn(d.email, "manager");
    const { id, secret: first } = await createIntegration(manager);
    expect((await sendSale(id, d.id, first)).status).toBe(200);

    const rotated = await h.request("POST", `/api/crm/integrations/${id}/rotate-secret`, {
      cookie: manager.cookie,
    });
    expect(rotated.status, rotated.text).toBe(200);
    const second = rotated.json.signingSecret as string;
    expect(second).toMatch(/^kbsec_/);
    expect(second).not.toBe(first);
    expect(rotated.json.signingSecretRotatedAt).toEqual(expect.any(String));

    const old = await sendSale(id, d.id, first);
    expect(old.status).toBe(401);
    expect(old.json.code).toBe("BAD_SIGNATURE");
    expect((await sendSale(id, d.id, second)).status).toBe(200);

    const listed = await h.request("GET", "/api/crm/integrations", { cookie: manager.cookie });
    expect(listed.text).not.toContain(second);
    const [audit] = await h.sql<{ n: number }[]>`
      select count(*)::int as n from audit_log
       where action = 'crm_integration.rotate_secret' and entity_id = ${String(id)}`;
    expect(audit!.n).toBe(1);

    // Another dealership's manager cannot rotate it (nor learn it exists).
    const other = await h.signIn(dealerships[1]!.email, "manager");
    const foreign = await h.request("POST", `/api/crm/integrations/${id}/rotate-secret`, {
      cookie: other.cookie,
    });
    expect(foreign.status).toBe(404);
    expect((await sendSale(id, d.id, second)).status).toBe(200);
  });
});

describe("a new manager", () => {
  it("replacing the manager (administrator) rotates every integration's secret, so the former one cannot sign", async () => {
    const d = dealerships[1]!;
    const manager = await h.signIn(d.email, "manager");
    const { id, secret } = await createIntegration(manager);
    expect((await sendSale(id, d.id, secret)).status).toBe(200);

    const replaced = await h.request("POST", "/api/admin/users", {
      cookie: admin.cookie,
      body: {
        email: "secret.next.manager@example.org",
        target: { role: "manager", dealershipId: d.id, replaceManager: true },
      },
    });
    expect(replaced.status, replaced.text).toBe(201);

    const former = await sendSale(id, d.id, secret);
    expect(former.status).toBe(401);
    expect(former.json.code).toBe("BAD_SIGNATURE");
    const [row] = await h.sql<{ rotated: Date | null }[]>`
      select signing_secret_rotated_at as rotated from crm_integrations where id = ${id}`;
    expect(row!.rotated).toBeInstanceOf(Date);
  });

  it("accepting a manager invitation rotates the secret too", async () => {
    const d = dealerships[2]!;
    const manager = await h.signIn(d.email, "manager");
    const { id, secret } = await createIntegration(manager);
    const email = "secret.invited.manager@example.org";
    const before = h.smtp.messages.length;
    const sent = await h.request("POST", "/api/admin/manager-invitations", {
      cookie: admin.cookie,
      body: { dealershipId: d.id, email, name: "Robin Next" },
    });
    expect(sent.status, sent.text).toBe(201);
    const mail = await h.waitForMail(
      (m) =>
        h.smtp.messages.indexOf(m) >= before &&
        m.to.includes(email) &&
        m.text.includes("/invitations/accept"),
    );
    const token = mail.text.match(/\/invitations\/accept\?token=([a-z2-7]+)/)![1]!;
    expect((await sendSale(id, d.id, secret)).status).toBe(200);

    const accepted = await h.request("POST", "/api/invitations/accept", { body: { token } });
    expect(accepted.status, accepted.text).toBe(200);
    expect((await sendSale(id, d.id, secret)).status).toBe(401);

    // The new manager gets a secret of their own by rotating it.
    const next = await h.signIn(email, "manager");
    const rotated = await h.request("POST", `/api/crm/integrations/${id}/rotate-secret`, {
      cookie: next.cookie,
    });
    expect(rotated.status, rotated.text).toBe(200);
    expect((await sendSale(id, d.id, rotated.json.signingSecret)).status).toBe(200);
  });
});
