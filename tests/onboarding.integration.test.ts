// Dealership applications and salespeople joining on their own (docs/product/onboarding.md): the public form
// and its validation, the one-click e-mail confirmation, the administrators' queue with duplicate flags, approve
// and decline, and registration's three choices, all over REST as clients send them.
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { zipPlace } from "../src/server/geo/zipPlaces";
import { INVITATION_TTL_DAYS } from "../src/shared/schemas/manager";
import { createHarness, sessionCookieFrom } from "./support/harness";
import { makeManager } from "./support/members";

const h = await createHarness({ RATE_LIMIT_DISABLED: "true" });
const admin = await h.signIn("applications.admin@example.org", "admin");

const sha256 = (token: string) => createHash("sha256").update(token).digest("hex");
const tokenOf = (link: string | null) => new URL(link!).searchParams.get("token")!;

let serial = 0;
function application(overrides: Record<string, unknown> = {}) {
  serial++;
  return {
    dealershipName: `Harbor Motors ${serial}`,
    address: "12 Harbor Way",
    zipCode: "60601",
    phoneNumber: "312-555-0100",
    website: `harbor${serial}.example.com`,
    applicantName: "Robin Hale",
    applicantEmail: `robin${serial}@harbor.example.com`,
    ...overrides,
  };
}

const file = (body: unknown) => h.request("POST", "/api/dealership-applications", { body });
const describeLink = (token: string) =>
  h.request("POST", "/api/dealership-applications/confirmation/describe", { body: { token } });
const confirm = (token: string) =>
  h.request("POST", "/api/dealership-applications/confirmation", { body: { token } });
const queue = (query = "") =>
  h.request("GET", `/api/admin/dealership-applications${query}`, { cookie: admin.cookie });
const decide = (id: number, body: Record<string, unknown>, cookie = admin.cookie) =>
  h.request("POST", `/api/admin/dealership-applications/${id}/decision`, { cookie, body });

/** Files and confirms an application; answers its id. */
async function confirmedApplication(overrides: Record<string, unknown> = {}) {
  const body = application(overrides);
  expect((await file(body)).status).toBe(201);
  expect((await confirm(tokenOf(h.smtp.lastLinkFor(body.applicantEmail)))).status).toBe(200);
  const [row] = await h.sql<{ id: number }[]>`
    select id from dealership_applications where applicant_email = ${body.applicantEmail} order by id desc limit 1`;
  return { id: row!.id, body };
}

describe("filing an application", () => {
  it("refuses an unknown ZIP code, a bad e-mail and missing fields with 400 and a message", async () => {
    const unknownZip = await file(application({ zipCode: "00000" }));
    expect(unknownZip.status).toBe(400);
    expect(unknownZip.json).toEqual({
      message: "We could not find ZIP code 00000. Please check it.",
      code: "BAD_REQUEST",
    });

    const badEmail = await file(application({ applicantEmail: "robin-at-harbor" }));
    expect(badEmail.status).toBe(400);
    expect(badEmail.json.message).toBe("Please enter a valid email address");

    const { dealershipName: _, ...noName } = application();
    const missing = await file(noName);
    expect(missing.status).toBe(400);
    expect(missing.json.message).toBe("Dealership name is required");

    const blankPhone = await file(application({ phoneNumber: "  " }));
    expect(blankPhone.status).toBe(400);
    expect(blankPhone.json.message).toBe("Phone number is required");

    const [count] = await h.sql<{ n: number }[]>`select count(*)::int as n from dealership_applications`;
    expect(count!.n).toBe(0);
  });

  it("takes city and state from the ZIP code, stores only the token's hash, and answers alike for a repeat", async () => {
    const body = application({ zipCode: "78701", website: "" });
    const first = await file(body);
    const again = await file(body);
    expect(first.status).toBe(201);
    expect(again.status).toBe(first.status);
    expect(again.json).toEqual(first.json);

    const token = tokenOf(h.smtp.lastLinkFor(body.applicantEmail));
    expect(h.smtp.lastLinkFor(body.applicantEmail)).toContain("/list-your-dealership/confirm?token=");
    const rows = await h.sql<
      { city: string; state: string; website: string | null; hash: string; status: string }[]
    >`
      select city, state, website, confirm_token_hash as hash, status from dealership_applications
       where applicant_email = ${body.applicantEmail} order by id`;
    const place = zipPlace("78701")!;
    expect(rows).toHaveLength(2);
    expect(rows[1]).toEqual({
      city: place.city,
      state: place.state,
      website: null,
      hash: sha256(token),
      status: "unconfirmed",
    });
  });
});

describe("the confirmation link", () => {
  it("describes the application, confirms it once, and then no more", async () => {
    const body = application();
    await file(body);
    const token = tokenOf(h.smtp.lastLinkFor(body.applicantEmail));

    const described = await describeLink(token);
    expect(described.status).toBe(200);
    expect(described.json).toMatchObject({
      dealershipName: body.dealershipName,
      applicantEmail: body.applicantEmail,
    });

    const first = await confirm(token);
    expect(first.status).toBe(200);
    expect(first.json).toEqual({ dealershipName: body.dealershipName, status: "pending" });
    const [row] = await h.sql<{ status: string; hash: string | null; confirmed: boolean }[]>`
      select status, confirm_token_hash as hash, confirmed_at is not null as confirmed
        from dealership_applications where applicant_email = ${body.applicantEmail}`;
    expect(row).toEqual({ status: "pending", hash: null, confirmed: true });

    const second = await confirm(token);
    expect(second.status).toBe(404);
    expect(second.json.code).toBe("INVALID_CONFIRMATION_LINK");
  });

  it("expires after 48 hours", async () => {
    const body = application();
    await file(body);
    const token = tokenOf(h.smtp.lastLinkFor(body.applicantEmail));
    await h.sql`update dealership_applications set created_at = now() - interval '48 hours 1 minute'
                 where applicant_email = ${body.applicantEmail}`;
    expect((await describeLink(token)).status).toBe(404);
    expect((await confirm(token)).status).toBe(404);
    const [row] = await h.sql<{ status: string }[]>`
      select status from dealership_applications where applicant_email = ${body.applicantEmail}`;
    expect(row!.status).toBe("unconfirmed");
  });
});

describe("the administrators' queue", () => {
  it("lists confirmed applications only, pending first, and filters by status", async () => {
    const unconfirmed = application();
    await file(unconfirmed);
    const { id } = await confirmedApplication();
    const list = await queue();
    expect(list.status).toBe(200);
    const names = (list.json as { dealershipName: string; status: string }[]).map((a) => a.dealershipName);
    expect(names).not.toContain(unconfirmed.dealershipName);
    expect(list.json.map((a: { id: number }) => a.id)).toContain(id);
    expect(list.json.every((a: { status: string }) => a.status !== "unconfirmed")).toBe(true);
    expect(Number(list.headers.get("X-Pending-Count"))).toBe(
      list.json.filter((a: { status: string }) => a.status === "pending").length,
    );
    const [unconfirmedRow] = await h.sql<{ id: number }[]>`
      select id from dealership_applications where applicant_email = ${unconfirmed.applicantEmail}`;
    expect((await decide(unconfirmedRow!.id, { decision: "approve" })).status).toBe(404);

    await decide(id, { decision: "decline", reason: "Not a car dealership" });
    const pendingOnly = await queue("?status=pending");
    expect(pendingOnly.json.map((a: { id: number }) => a.id)).not.toContain(id);
    const declined = await queue("?status=declined");
    expect(declined.json.map((a: { id: number }) => a.id)).toEqual([id]);
    const all = (await queue()).json as { status: string }[];
    const firstDecided = all.findIndex((a) => a.status !== "pending");
    expect(all.slice(firstDecided).every((a) => a.status !== "pending")).toBe(true);
  });

  it("flags an existing dealership of the same name and ZIP, and another application with the same website", async () => {
    const [dealership] = await h.sql<{ id: number }[]>`
      insert into dealerships (name, address, city, state, zip_code, time_zone, latitude, longitude, website)
      values ('Prairie Ford', '1 Main St', 'Chicago', 'IL', '60601', 'America/Chicago', 41.88, -87.62, null)
      returning id`;
    const named = await confirmedApplication({ dealershipName: "  PRAIRIE ford ", zipCode: "60601" });
    const otherZip = await confirmedApplication({ dealershipName: "Prairie Ford", zipCode: "60602" });
    const first = await confirmedApplication({ website: "https://www.northshore-cars.example.com/about" });
    const second = await confirmedApplication({ website: "northshore-cars.example.com" });

    const list = (await queue("?pageSize=100")).json as { id: number; duplicates: unknown[] }[];
    const flagsOf = (id: number) => list.find((a) => a.id === id)!.duplicates;
    expect(flagsOf(named.id)).toEqual([
      {
        kind: "dealership",
        id: dealership!.id,
        name: "Prairie Ford",
        city: "Chicago",
        state: "IL",
        match: "name_zip",
      },
    ]);
    expect(flagsOf(otherZip.id)).toEqual([]);
    expect(flagsOf(second.id)).toEqual([
      expect.objectContaining({ kind: "application", id: first.id, match: "website" }),
    ]);
    expect(flagsOf(first.id)).toEqual([
      expect.objectContaining({ kind: "application", id: second.id, match: "website" }),
    ]);
  });

  it("compares only applications waiting for a decision: an approved one is not a duplicate of a later one", async () => {
    const original = await confirmedApplication({ dealershipName: "Lakeside Auto", zipCode: "60601" });
    expect((await decide(original.id, { decision: "approve" })).status).toBe(200);
    const [listed] = await h.sql<{ dealership_id: number }[]>`
      select dealership_id from dealership_applications where id = ${original.id}`;
    const later = await confirmedApplication({ dealershipName: "Lakeside auto ", zipCode: "60601" });
    const declined = await confirmedApplication({ website: "https://quarry-motors.example.com" });
    expect((await decide(declined.id, { decision: "decline", reason: "Not a car dealership" })).status).toBe(
      200,
    );
    const sameSite = await confirmedApplication({ website: "www.quarry-motors.example.com" });

    const list = (await queue("?pageSize=100")).json as { id: number; duplicates: { kind: string }[] }[];
    const flagsOf = (id: number) => list.find((a) => a.id === id)!.duplicates;
    // The later application is flagged by the dealership the approval listed, not by the approved application.
    expect(flagsOf(later.id)).toEqual([
      expect.objectContaining({ kind: "dealership", id: listed!.dealership_id, match: "name_zip" }),
    ]);
    // Decided applications carry no flag, and a declined one flags nobody.
    expect(flagsOf(original.id)).toEqual([]);
    expect(flagsOf(declined.id)).toEqual([]);
    expect(flagsOf(sameSite.id)).toEqual([]);
  });

  it("approving creates the dealership at the ZIP code's centre and invites the applicant as its manager", async () => {
    const { id, body } = await confirmedApplication({ zipCode: "85004" });
    const answer = await decide(id, { decision: "approve" });
    expect(answer.status).toBe(200);
    expect(answer.json.status).toBe("approved");
    const place = zipPlace("85004")!;
    const [dealership] = await h.sql<Record<string, unknown>[]>`
      select name, city, state, zip_code, latitude, longitude, time_zone, location_precision, phone_number
        from dealerships where id = ${answer.json.dealershipId}`;
    expect(dealership).toEqual({
      name: body.dealershipName,
      city: place.city,
      state: "AZ",
      zip_code: "85004",
      latitude: place.latitude,
      longitude: place.longitude,
      time_zone: "America/Phoenix",
      location_precision: "zip",
      phone_number: body.phoneNumber,
    });

    // The invitation's e-mail is a job queued with the approval: it goes out once that commits, and makes
    // the link's token.
    const mail = await h.waitForMail(
      (m) => m.to.includes(body.applicantEmail) && m.text.includes("/invitations/accept?token="),
    );
    const link = mail.text.match(/https?:\/\/\S+\/invitations\/accept\?token=[a-z2-7]+/)![0];
    const invitations = await h.sql<Record<string, unknown>[]>`
      select role, email::text as email, token_hash, invited_by_user_id as "invitedBy",
             round(extract(epoch from expires_at - now()) / 86400)::int as days
        from invitations where dealership_id = ${answer.json.dealershipId}`;
    expect(invitations).toEqual([
      {
        role: "manager",
        email: body.applicantEmail,
        token_hash: sha256(tokenOf(link)),
        invitedBy: admin.userId,
        days: INVITATION_TTL_DAYS,
      },
    ]);
    const [audit] = await h.sql<{ action: string; dealership_id: number }[]>`
      select action, dealership_id from audit_log where entity_type = 'dealership_application' and entity_id = ${String(id)}`;
    expect(audit).toEqual({
      action: "dealership_application.approve",
      dealership_id: answer.json.dealershipId,
    });

    const again = await decide(id, { decision: "approve" });
    expect(again.status).toBe(409);
  });

  it("the name the application gave becomes the manager's, and travels with the invitations they send", async () => {
    const { id, body } = await confirmedApplication({ applicantName: "Robin  Hale" });
    expect((await decide(id, { decision: "approve" })).status).toBe(200);
    const invitation = await h.waitForMail(
      (m) => m.to.includes(body.applicantEmail) && m.text.includes("/invitations/accept?token="),
    );
    expect(invitation.text).toContain("Hello Robin Hale,");
    const token = invitation.text.match(/\/invitations\/accept\?token=([a-z2-7]+)/)![1]!;

    // The acceptance page offers the name; accepting without typing one keeps it.
    const described = await h.request("POST", "/api/invitations/describe", { body: { token } });
    expect(described.json).toMatchObject({ role: "manager", name: "Robin Hale", needsName: true });
    const accepted = await h.request("POST", "/api/invitations/accept", { body: { token } });
    expect(accepted.status, accepted.text).toBe(200);
    expect(accepted.json.session.user).toMatchObject({
      firstName: "Robin",
      lastName: "Hale",
      role: "manager",
    });
    const cookie = sessionCookieFrom(accepted.headers)!;

    // The manager invites a salesperson by name: the e-mail says who invited them, the acceptance page offers
    // the name typed, and accepting without retyping it names the profile and account.
    const seller = `jordan.${serial}@harbor.example.com`;
    const added = await h.request("POST", "/api/manager/add-salesperson", {
      cookie,
      body: { name: "Jordan Vega", email: seller },
    });
    expect(added.status, added.text).toBe(201);
    const mail = await h.waitForMail((m) => m.to.includes(seller) && m.text.includes("/invitations/accept"));
    expect(mail.text).toContain("Hello Jordan Vega,");
    expect(mail.text).toContain("Robin Hale invited you to join the sales team of");
    const sellerToken = mail.text.match(/\/invitations\/accept\?token=([a-z2-7]+)/)![1]!;
    const offer = await h.request("POST", "/api/invitations/describe", { body: { token: sellerToken } });
    expect(offer.json).toMatchObject({ invitedBy: "Robin Hale", name: "Jordan Vega", needsName: true });
    const joined = await h.request("POST", "/api/invitations/accept", { body: { token: sellerToken } });
    expect(joined.status, joined.text).toBe(200);
    const [profile] = await h.sql<{ name: string; first_name: string; last_name: string }[]>`
      select s.name, u.first_name, u.last_name from salespeople s join users u on u.id = s.user_id
       where s.email = ${seller}`;
    expect(profile).toEqual({ name: "Jordan Vega", first_name: "Jordan", last_name: "Vega" });
  });

  it("declining needs a reason, and e-mails it to the applicant", async () => {
    const { id, body } = await confirmedApplication();
    const noReason = await decide(id, { decision: "decline", reason: "  " });
    expect(noReason.status).toBe(400);
    expect(noReason.json.message).toBe("Please give a reason for declining this application");

    const declined = await decide(id, {
      decision: "decline",
      reason: "We could not verify the dealer licence.",
    });
    expect(declined.status).toBe(200);
    expect(declined.json).toMatchObject({
      status: "declined",
      decisionReason: "We could not verify the dealer licence.",
    });
    const mail = h.smtp.messages.findLast((m) => m.to.includes(body.applicantEmail));
    expect(mail?.text).toContain("We could not verify the dealer licence.");
    const [audit] = await h.sql<{ reason: string }[]>`
      select reason from audit_log where action = 'dealership_application.decline' and entity_id = ${String(id)}`;
    expect(audit!.reason).toBe("We could not verify the dealer licence.");
    const [dealerships] = await h.sql<{ n: number }[]>`
      select count(*)::int as n from dealerships where name = ${body.dealershipName}`;
    expect(dealerships!.n).toBe(0);
  });

  it("only administrators see the queue and decide", async () => {
    const { id } = await confirmedApplication();
    const manager = await h.signIn("applications.manager@example.org", "manager");
    const customer = await h.signIn("applications.customer@example.org");
    for (const cookie of [manager.cookie, customer.cookie]) {
      expect((await decide(id, { decision: "approve" }, cookie)).status).toBe(403);
      expect((await h.request("GET", "/api/admin/dealership-applications", { cookie })).status).toBe(403);
    }
    expect((await decide(id, { decision: "approve" }, "")).status).toBe(401);
    const [row] = await h.sql<
      { status: string }[]
    >`select status from dealership_applications where id = ${id}`;
    expect(row!.status).toBe("pending");
  });
});

describe("salespeople registering on their own", () => {
  const register = (body: Record<string, unknown>) =>
    h.request("POST", "/api/salesperson/auth/register", { body });
  const listed = async (id: number) => (await h.request("GET", `/api/salespeople/${id}`)).status === 200;
  /** Follows the link registration mailed to the address, as its owner does. */
  const confirmAddress = async (email: string) =>
    expect(
      (await h.request("POST", "/api/auth/redeem", { body: { token: tokenOf(h.smtp.lastLinkFor(email)) } }))
        .status,
    ).toBe(200);

  it("with a listed dealership: unlisted until verified, and its manager is told in the app and by e-mail", async () => {
    const manager = await h.signIn("lakeview.manager@example.org", "manager");
    const [lakeview] = await h.sql<{ id: number }[]>`
      insert into dealerships (name, address, city, state, zip_code, time_zone, latitude, longitude)
      values ('Lakeview Toyota', '5 Lake Rd', 'Austin', 'TX', '78701', 'America/Chicago', 30.27, -97.74)
      returning id`;
    await makeManager(h.sql, lakeview!.id, manager.userId);
    const answer = await register({
      name: "Ana Ortiz",
      email: "ana@lakeview.example.com",
      joining: "dealership",
      dealership: "lakeview toyota",
    });
    expect(answer.status).toBe(201);
    expect(answer.json).toMatchObject({ joining: "dealership", listed: false });
    expect(await listed(answer.json.id)).toBe(false);
    const [notice] = await h.sql<{ type: string }[]>`
      select type from notifications where user_id = ${manager.userId}`;
    expect(notice!.type).toBe("salesperson_registration");
    const mail = h.smtp.messages.findLast((m) => m.to.includes("lakeview.manager@example.org"));
    expect(mail?.text).toContain("Ana Ortiz registered on KnowBefore as a salesperson at Lakeview Toyota");
  });

  it("independent: placed by their ZIP code (an unknown one is refused), listed once the address is confirmed", async () => {
    const unknown = await register({
      name: "Ben Cho",
      email: "ben@indie.example.com",
      joining: "independent",
      zipCode: "00000",
    });
    expect(unknown.status).toBe(400);
    expect(unknown.json.message).toBe("We could not find ZIP code 00000. Please check it.");
    const missing = await register({
      name: "Ben Cho",
      email: "ben@indie.example.com",
      joining: "independent",
    });
    expect(missing.status).toBe(400);

    const answer = await register({
      name: "Ben Cho",
      email: "ben@indie.example.com",
      joining: "independent",
      zipCode: "98101",
    });
    expect(answer.status).toBe(201);
    expect(answer.json).toMatchObject({ joining: "independent", listed: false, confirmationSent: true });
    expect(await listed(answer.json.id)).toBe(false);
    await confirmAddress("ben@indie.example.com");
    expect(await listed(answer.json.id)).toBe(true);
    const [person] = await h.sql<Record<string, unknown>[]>`
      select dealership_id, city::text as city, state, time_zone, payment_model from salespeople where id = ${answer.json.id}`;
    expect(person).toEqual({
      dealership_id: null,
      city: zipPlace("98101")!.city,
      state: "WA",
      time_zone: "America/Los_Angeles",
      payment_model: "individual",
    });
  });

  it("with a dealership not listed: independent meanwhile, its application filed once confirmed, and the invitations on approval", async () => {
    const unlisted = {
      dealershipName: "Summit Auto Sales",
      address: "9 Summit Ave",
      zipCode: "80202",
      phoneNumber: "303-555-0199",
      website: "summitauto.example.com",
    };
    const self = await register({
      name: "Cara Diaz",
      email: "cara@summit.example.com",
      joining: "unlisted",
      application: unlisted,
    });
    expect(self.status).toBe(201);
    expect(self.json).toMatchObject({ joining: "unlisted", listed: false });
    await confirmAddress("cara@summit.example.com");
    expect(await listed(self.json.id)).toBe(true);
    const [filed] = await h.sql<Record<string, unknown>[]>`
      select id, status, salesperson_id, applicant_email::text as email, confirm_token_hash, confirmed_at is not null as confirmed
        from dealership_applications where salesperson_id = ${self.json.id}`;
    expect(filed).toMatchObject({
      status: "pending",
      email: "cara@summit.example.com",
      confirm_token_hash: null,
      confirmed: true,
    });
    const queued = (await queue("?status=pending&pageSize=100")).json as {
      id: number;
      salespersonName: string | null;
    }[];
    expect(queued.find((a) => a.id === filed!.id)?.salespersonName).toBe("Cara Diaz");

    // Named themselves: the manager invitation goes to them, and no salesperson invitation besides.
    const approved = await decide(Number(filed!.id), { decision: "approve" });
    const invited = await h.sql<{ role: string; email: string }[]>`
      select role, email::text as email from invitations where dealership_id = ${approved.json.dealershipId}`;
    expect(invited).toEqual([{ role: "manager", email: "cara@summit.example.com" }]);

    // Named someone else: the manager invitation to them, the salesperson's own to the salesperson.
    const other = await register({
      name: "Dev Patel",
      email: "dev@ridge.example.com",
      joining: "unlisted",
      application: {
        ...unlisted,
        dealershipName: "Ridge Motors",
        managerName: "Eli Ross",
        managerEmail: "eli@ridge.example.com",
      },
    });
    expect(other.status).toBe(201);
    await confirmAddress("dev@ridge.example.com");
    expect((await confirm(tokenOf(h.smtp.lastLinkFor("eli@ridge.example.com")))).status).toBe(200);
    const [second] = await h.sql<{ id: number; applicant_name: string }[]>`
      select id, applicant_name from dealership_applications where salesperson_id = ${other.json.id}`;
    expect(second!.applicant_name).toBe("Eli Ross");
    const done = await decide(second!.id, { decision: "approve" });
    const both = await h.sql<{ role: string; email: string; salesperson_id: number | null }[]>`
      select role, email::text as email, salesperson_id from invitations
       where dealership_id = ${done.json.dealershipId} order by role`;
    expect(both).toEqual([
      { role: "manager", email: "eli@ridge.example.com", salesperson_id: null },
      { role: "salesperson", email: "dev@ridge.example.com", salesperson_id: other.json.id },
    ]);
    for (const invitee of ["dev@ridge.example.com", "eli@ridge.example.com"]) {
      await h.waitForMail((m) => m.to.includes(invitee) && m.text.includes("/invitations/accept?token="));
    }
  });
});
