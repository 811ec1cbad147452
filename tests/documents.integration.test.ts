import { readdirSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { DOCUMENTS_DIR, readDocumentSource, seedDocuments } from "../src/server/domains/documents/seed";
import { LIVE_RETENTION_HOURS } from "../src/server/domains/live/events";
import { RETENTION_DEFAULTS } from "../src/shared/compliance";
import {
  LOGIN_LINK_TTL_MINUTES,
  SESSION_ABSOLUTE_DAYS,
  SESSION_INACTIVITY_DAYS,
} from "../src/shared/constants";
import { DOCUMENT_SLUGS, DOCUMENTS } from "../src/shared/schemas/documents";
import { createHarness, ORIGIN } from "./support/harness";

const h = await createHarness();

let admin: Awaited<ReturnType<typeof h.signIn>>;
let customer: Awaited<ReturnType<typeof h.signIn>>;
let salesperson: Awaited<ReturnType<typeof h.signIn>>;

beforeAll(async () => {
  expect((await seedDocuments(h.sql)).sort()).toEqual([...DOCUMENT_SLUGS].sort());
  admin = await h.signIn("docs.admin@example.com", "admin");
  customer = await h.signIn("docs.customer@example.com", "customer");
  salesperson = await h.signIn("docs.seller@example.com", "salesperson");
});

/** A tRPC mutation over HTTP, as the browser sends it (superjson envelope, same-origin). */
async function trpcMutation(path: string, input: unknown, cookie?: string) {
  return h.request("POST", `/trpc/${path}`, { body: { json: input }, ...(cookie ? { cookie } : {}) });
}

describe("the Markdown sources", () => {
  it("has exactly one file per stored document", () => {
    const files = readdirSync(DOCUMENTS_DIR)
      .filter((f) => f.endsWith(".md"))
      .map((f) => f.replace(/\.md$/, ""));
    expect(files.sort()).toEqual([...DOCUMENT_SLUGS].sort());
  });

  it("is plain Markdown: no raw HTML for the renderer to drop", () => {
    for (const slug of DOCUMENT_SLUGS) expect(readDocumentSource(slug)).not.toMatch(/<\/?[a-z][^>]*>/i);
  });

  it("states the retention periods the code enforces", () => {
    const policy = readDocumentSource("privacy-policy");
    expect(policy).toContain(`for ${LOGIN_LINK_TTL_MINUTES} minutes`);
    expect(policy).toContain(`after ${SESSION_INACTIVITY_DAYS} days without use`);
    expect(policy).toContain(`${SESSION_ABSOLUTE_DAYS} days after sign-in at the latest`);
    expect(RETENTION_DEFAULTS.contact_messages.days).toBe(730);
    expect(policy).toContain("two years from the day they arrive");
    expect(policy).toContain(`Events are deleted after ${LIVE_RETENTION_HOURS} hours`);
    expect(policy).toContain(`**Server faults**: ${RETENTION_DEFAULTS.error_events.days} days, then deleted`);
  });

  it("the privacy policy covers every table the product stores data in", async () => {
    // When a table is added, say in content/documents/privacy-policy.md what it holds and for how long,
    // then add it here with a phrase of that paragraph.
    const covered: Record<string, string> = {
      users: "### Your account",
      sessions: "**Sessions.**",
      login_tokens: "**Sign-in links.**",
      rate_limit_buckets: "**Request counters.**",
      login_throttles: "**Failed sign-in counters.**",
      idempotency_claims: "**Retried requests.**",
      security_events: "**Security log.**",
      appointments: "**Appointments** you book",
      ratings: "**Reviews** you write",
      waitlist_entries: "**Waitlist requests**",
      notifications: "**Notifications**",
      notification_preferences: "**Notification preferences**",
      live_events: "**Live update events**",
      contact_messages: "**Messages sent through our contact form**",
      salespeople: "**Salesperson profiles**",
      salesperson_terms: "**search index of each profile**",
      salesperson_cards: "**card as search results show it**",
      salesperson_openings: "**open times of each profile's next two weeks**",
      availability_blocks: "**Availability blocks**",
      dealerships: "**Dealerships**",
      images: "**Uploaded photos and logos**",
      profile_views: "**Profile views**",
      profile_view_keys: "**daily key of profile views**",
      conversations: "**Messages with salespeople**",
      messages: "**Messages with salespeople**",
      favorites: "**Favorites**",
      dealership_members: "**Dealership team members**",
      dealer_groups: "**Dealer groups and their members**",
      dealer_group_members: "**Dealer groups and their members**",
      misconduct_reports: "**Misconduct reports**",
      misconduct_report_events: "Every step of a case is recorded",
      rating_replies: "**Replies to reviews**",
      rating_flags: "**Review flags**",
      documents: "",
      transfer_requests: "**Transfer requests**",
      invitations: "**Invitations** to join a dealership",
      dealership_applications: "**Dealership applications**",
      erasure_journal: "**Erasure journal**",
      audit_log: "**Audit trail**",
      stripe_customers: "**Billing customers**",
      subscriptions: "**Subscriptions**",
      payments: "**Payments**",
      stripe_events: "**Payment provider events**",
      crm_integrations: "**CRM integrations**",
      crm_sync_logs: "**CRM sync log**",
      user_mfa: "**Two-factor authentication**",
      mfa_backup_codes: "**backup codes**",
      mfa_challenges: "**pending sign-in**",
      passkeys: "**Passkeys**, if you add one",
      webauthn_challenges: "**passkey challenge**",
      linked_identities: "**Linked Google or Microsoft accounts**",
      oidc_flows: "**provider sign-in in progress**",
      security_settings: "**Security settings**",
      gdpr_requests: "**Data requests**",
      retention_policies: "**Retention policies**",
      retention_runs: "**retention runs**",
      api_keys: "**API keys**",
      calendar_feeds: "**Calendar feed**, if a salesperson makes one",
      contact_replies: "**our answers to your message**",
      certifications: "**Certifications** a salesperson adds",
      admin_promotions: "**Administrator promotions**",
      error_events: "**Server faults**",
      appointment_events: "**status history of each visit**",
      visit_disputes: "**Visit disputes**",
      purchase_claims: "**Purchase claims**",
      crm_inbound_events: "**sale events**",
      pending_registrations: "**Unconfirmed registrations**",
      check_in_codes: "**Check-in codes**",
      weekly_reports: "**Weekly reports**",
      text_consents: "**Mobile number for texts**",
      text_consent_events: "**Consent to texts**",
      text_messages: "**Text messages**",
    };
    const tables = await h.sql<{ name: string }[]>`
      select table_name as name from information_schema.tables
       where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`;
    const policy = readDocumentSource("privacy-policy");
    for (const { name } of tables) {
      expect(covered, `table ${name} is not described in the privacy policy`).toHaveProperty(name);
      expect(policy).toContain(covered[name]);
    }
  });
});

describe("seeding", () => {
  it("refreshes a document nobody edited when its source changes, and leaves it alone otherwise", async () => {
    await h.sql`update documents set content = 'old text', updated_at = now() - interval '1 day' where slug = 'customer-faq'`;
    expect(await seedDocuments(h.sql)).toEqual(["customer-faq"]);
    const [row] = await h.sql<{ content: string; updated_at: Date }[]>`
      select content, updated_at from documents where slug = 'customer-faq'`;
    expect(row!.content).toBe(readDocumentSource("customer-faq"));
    expect(Date.now() - row!.updated_at.getTime()).toBeLessThan(60_000);
    expect(await seedDocuments(h.sql)).toEqual([]);
  });
});

describe("GET /api/documents/{slug}", () => {
  it("answers { content, lastUpdated } for every document, from the database", async () => {
    for (const slug of DOCUMENT_SLUGS) {
      const res = await h.request("GET", `/api/documents/${slug}`);
      expect(res.status, slug).toBe(200);
      expect(Object.keys(res.json).sort()).toEqual(["content", "lastUpdated"]);
      expect(res.json.content).toBe(readDocumentSource(slug));
      expect(Number.isNaN(Date.parse(res.json.lastUpdated))).toBe(false);
    }
  });

  it("answers 404 with { message, code } for an unknown document", async () => {
    for (const slug of ["cookie-policy", "PRIVACY-POLICY", "..%2F..%2Fetc%2Fpasswd", "faq"]) {
      const res = await h.request("GET", `/api/documents/${slug}`);
      expect(res.status, slug).toBe(404);
      expect(res.json).toEqual({ message: expect.any(String), code: "DOCUMENT_NOT_FOUND" });
    }
    const long = await h.request("GET", `/api/documents/${"a".repeat(65)}`);
    expect(long.status).toBe(400);
    expect(long.json.code).toBe("BAD_REQUEST");
  });

  it("is the same document through tRPC, with its title", async () => {
    const doc = await h.caller().documents.get({ slug: "about-us" });
    expect(doc.title).toBe(DOCUMENTS["about-us"]);
    expect(doc.content).toBe(readDocumentSource("about-us"));
    expect(doc.lastUpdated).toBeInstanceOf(Date);
  });
});

describe("updating a document", () => {
  const body = { content: "## Updated\n\nNew terms for the test.", title: "Terms of Service" };

  it("refuses visitors with 401 and non-administrators with 403", async () => {
    expect((await h.request("PUT", "/api/documents/terms-of-service", { body })).status).toBe(401);
    for (const who of [customer, salesperson]) {
      const rest = await h.request("PUT", "/api/documents/terms-of-service", { body, cookie: who.cookie });
      expect(rest.status).toBe(403);
      expect(rest.json.code).toBe("FORBIDDEN");
      const trpc = await trpcMutation("documents.update", { slug: "terms-of-service", ...body }, who.cookie);
      expect(trpc.status).toBe(403);
    }
    expect((await trpcMutation("documents.update", { slug: "terms-of-service", ...body })).status).toBe(401);
    const res = await h.request("GET", "/api/documents/terms-of-service");
    expect(res.json.content).toBe(readDocumentSource("terms-of-service"));
  });

  it("answers 4xx for bad input, never 500", async () => {
    const bad: [unknown, number][] = [
      [{ content: "" }, 400],
      [{ content: "   \n  " }, 400],
      [{ content: "x".repeat(100_001) }, 400],
      [{ content: 42 }, 400],
      [{}, 400],
      [{ content: "ok", role: "admin" }, 400],
      [{ content: "ok", title: "" }, 400],
      [["content"], 400],
      ["not json at all", 400],
      [{ content: "x".repeat(1_100_000) }, 413],
    ];
    for (const [payload, status] of bad) {
      const res = await h.request("PUT", "/api/documents/terms-of-service", {
        body: payload,
        cookie: admin.cookie,
      });
      expect(res.status, JSON.stringify(payload).slice(0, 60)).toBe(status);
      expect(res.json).toEqual({ message: expect.any(String), code: expect.any(String) });
    }
    const unknown = await h.request("PUT", "/api/documents/cookie-policy", { body, cookie: admin.cookie });
    expect(unknown.status).toBe(404);
  });

  it("lets an administrator replace the Markdown, records who did it, and survives a re-seed", async () => {
    const before = await h.request("GET", "/api/documents/terms-of-service");
    const res = await h.request("PUT", "/api/documents/terms-of-service", { body, cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect(res.json.content).toBe(body.content);

    const after = await h.request("GET", "/api/documents/terms-of-service");
    expect(after.json.content).toBe(body.content);
    expect(Date.parse(after.json.lastUpdated)).toBeGreaterThan(Date.parse(before.json.lastUpdated));

    const [row] = await h.sql<{ updated_by: string }[]>`
      select updated_by from documents where slug = 'terms-of-service'`;
    expect(row!.updated_by).toBe(admin.userId);
    const [event] = await h.sql<{ n: number }[]>`
      select count(*)::int as n from security_events where event_type = 'document_updated' and user_id = ${admin.userId}`;
    expect(event!.n).toBe(1);

    expect(await seedDocuments(h.sql)).toEqual([]);
    expect((await h.request("GET", "/api/documents/terms-of-service")).json.content).toBe(body.content);

    const list = await h
      .caller({
        user: admin.user,
        session: { id: "s", userId: admin.userId, expiresAt: new Date(), authenticatedAt: new Date() },
      })
      .documents.list();
    expect(list.find((d) => d.slug === "terms-of-service")?.updatedBy).toBe("docs.admin@example.com");
  });

  it("refuses a cross-site edit even from an administrator's browser", async () => {
    const res = await h.app.request("/api/documents/terms-of-service", {
      method: "PUT",
      headers: { cookie: admin.cookie, "content-type": "application/json", origin: "https://evil.example" },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(403);
    expect(ORIGIN).not.toBe("https://evil.example");
  });
});
