// Self-registration waits for its e-mail address, applications mail nothing anyone typed to an address nobody has
// confirmed (and only a few times a day to one address), and a salesperson who applied for their dealership can
// accept its manager invitation (docs/product/onboarding.md). Rate limits are on here, as in production: each
// request comes from its own address unless a test says otherwise.
import { describe, expect, it } from "vitest";
import { RATE_LIMITS } from "../src/server/rateLimit";
import { INDEPENDENT_LABEL } from "../src/shared/constants";
import { createHarness, sessionCookieFrom } from "./support/harness";

const h = await createHarness({ TRUST_PROXY: "true" });
const admin = await h.signIn("registration.admin@example.org", "admin");

let serial = 0;
const nextIp = () => `198.51.100.${++serial}`;
const tokenOf = (link: string | null) => new URL(link!).searchParams.get("token")!;

const register = (body: Record<string, unknown>) =>
  h.request("POST", "/api/salesperson/auth/register", { body, ip: nextIp() });
const profile = (id: number) => h.request("GET", `/api/salespeople/${id}`);
const browseFor = async (name: string) =>
  (
    (await h.request("GET", `/api/salespeople?search=${encodeURIComponent(name)}`)).json as { id: number }[]
  ).map((c) => c.id);
const mailsTo = (email: string) => h.smtp.messages.filter((m) => m.to.includes(email.toLowerCase()));
const queue = async () =>
  (await h.request("GET", "/api/admin/dealership-applications?pageSize=100", { cookie: admin.cookie }))
    .json as { id: number; dealershipName: string; status: string; salespersonId: number | null }[];
const applicationsOf = (salespersonId: number) =>
  h.sql<{ id: number; status: string; applicant_email: string; confirmed: boolean }[]>`
    select id, status, applicant_email::text as applicant_email, confirmed_at is not null as confirmed
      from dealership_applications where salesperson_id = ${salespersonId}`;

/** Follows the newest link mailed to `email` as the portal's link page does; answers the session cookie. */
async function followLink(email: string) {
  const token = tokenOf(h.smtp.lastLinkFor(email));
  const redeemed = await h.request("POST", "/api/auth/redeem", { body: { token }, ip: nextIp() });
  expect(redeemed.status).toBe(200);
  return { cookie: sessionCookieFrom(redeemed.headers)!, user: redeemed.json.user };
}

const unlisted = (name: string, extra: Record<string, unknown> = {}) => ({
  dealershipName: name,
  address: "9 Summit Ave",
  zipCode: "80202",
  phoneNumber: "303-555-0199",
  website: `${name.toLowerCase().replace(/\W/g, "")}.example.com`,
  ...extra,
});

describe("registering independently", () => {
  it("is listed, with its label, only once the link mailed to the address is followed", async () => {
    const email = "ines.indie@sales.example.org";
    const answer = await register({
      name: "Ines Quartermaine",
      email,
      joining: "independent",
      zipCode: "98101",
    });
    expect(answer.status).toBe(201);
    expect(answer.json).toMatchObject({ joining: "independent", listed: false, confirmationSent: true });
    const id = answer.json.id as number;
    expect((await profile(id)).status).toBe(404);
    expect(await browseFor("Quartermaine")).not.toContain(id);

    // The mail: a link to confirm and sign in, with nothing the registrant typed.
    const [mail, ...more] = mailsTo(email);
    expect(more).toHaveLength(0);
    expect(mail!.subject).toBe("Confirm your e-mail address for KnowBefore");
    expect(mail!.text).toContain("/salesperson-login?token=");
    expect(mail!.text).not.toContain("Quartermaine");

    const signedIn = await followLink(email);
    expect(signedIn.user).toMatchObject({ email, role: "salesperson" });
    const shown = await profile(id);
    expect(shown.status).toBe(200);
    expect(shown.json.dealership ?? INDEPENDENT_LABEL).toBe(INDEPENDENT_LABEL);
    expect(await browseFor("Quartermaine")).toContain(id);
  });

  it("registering an unconfirmed address again replaces the first registration; a confirmed one is taken", async () => {
    const email = "twice.indie@sales.example.org";
    const first = await register({ name: "Mallory Fake", email, joining: "independent", zipCode: "98101" });
    expect(first.status).toBe(201);
    const second = await register({ name: "Owen Realname", email, joining: "independent", zipCode: "78701" });
    expect(second.status).toBe(201);
    expect((await h.sql`select id from salespeople where id = ${first.json.id}`).length).toBe(0);
    await followLink(email);
    expect((await profile(second.json.id)).json.name).toBe("Owen Realname");
    const third = await register({ name: "Mallory Fake", email, joining: "independent", zipCode: "98101" });
    expect(third.status).toBe(409);
    expect(third.json.code).toBe("ACCOUNT_EXISTS");
  });
});

describe("registering with a dealership that is not listed", () => {
  it("files its application only once the registrant's address is confirmed, straight to the queue when they manage it", async () => {
    const email = "cara.summit@sales.example.org";
    const answer = await register({
      name: "Cara Diaz",
      email,
      joining: "unlisted",
      application: unlisted("Summit Auto Sales"),
    });
    expect(answer.status).toBe(201);
    expect(answer.json).toMatchObject({ joining: "unlisted", listed: false, confirmationSent: true });
    const id = answer.json.id as number;
    expect(await applicationsOf(id)).toEqual([]);
    expect((await queue()).some((a) => a.dealershipName === "Summit Auto Sales")).toBe(false);
    expect((await profile(id)).status).toBe(404);

    await followLink(email);
    const [filed, ...others] = await applicationsOf(id);
    expect(others).toHaveLength(0);
    expect(filed).toMatchObject({ status: "pending", applicant_email: email, confirmed: true });
    expect((await queue()).find((a) => a.id === filed!.id)?.salespersonId).toBe(id);
    expect((await profile(id)).status).toBe(200);
  });

  it("a named manager confirms their own address as the public form's applicants do, by a mail with nothing typed in it", async () => {
    const email = "dev.ridge@sales.example.org";
    const manager = "eli.ridge@sales.example.org";
    const answer = await register({
      name: "Dev Patel",
      email,
      joining: "unlisted",
      application: unlisted("Ridge Motors <b>Call 555-0100</b>", {
        managerName: "Eli Ross, click http://evil.example",
        managerEmail: manager,
      }),
    });
    expect(answer.status).toBe(201);
    const id = answer.json.id as number;
    expect(mailsTo(manager)).toHaveLength(0);

    await followLink(email);
    const [filed] = await applicationsOf(id);
    expect(filed).toMatchObject({ status: "unconfirmed", applicant_email: manager, confirmed: false });
    expect((await queue()).some((a) => a.id === filed!.id)).toBe(false);

    const [mail, ...more] = mailsTo(manager);
    expect(more).toHaveLength(0);
    for (const typed of ["Ridge", "555-0100", "Eli", "evil.example", "Dev Patel"]) {
      expect(mail!.subject).not.toContain(typed);
      expect(mail!.text).not.toContain(typed);
    }
    const token = tokenOf(h.smtp.lastLinkFor(manager));
    const confirmed = await h.request("POST", "/api/dealership-applications/confirmation", {
      body: { token },
      ip: nextIp(),
    });
    expect(confirmed.status).toBe(200);
    expect((await applicationsOf(id))[0]).toMatchObject({ status: "pending", confirmed: true });
    expect((await queue()).find((a) => a.id === filed!.id)?.salespersonId).toBe(id);
  });
});

describe("the public application form", () => {
  const file = (body: Record<string, unknown>) =>
    h.request("POST", "/api/dealership-applications", { body, ip: nextIp() });
  const form = (email: string) => ({
    ...unlisted("Free iPhone Motors: visit http://phish.example"),
    applicantName: "Win a prize at http://phish.example",
    applicantEmail: email,
  });

  it("mails an address nobody confirmed nothing the applicant typed", async () => {
    const email = "victim.one@mail.example.org";
    expect((await file(form(email))).status).toBe(201);
    const [mail] = mailsTo(email);
    expect(mail!.subject).toBe("Confirm your dealership application on KnowBefore");
    for (const typed of ["iPhone", "phish.example", "prize"]) {
      expect(mail!.subject).not.toContain(typed);
      expect(mail!.text).not.toContain(typed);
    }
    expect(mail!.text).toContain("/list-your-dealership/confirm?token=");
  });

  it("mails one address only a few times a day, from any number of senders, answering all of them alike", async () => {
    const email = "victim.two@mail.example.org";
    const { capacity } = RATE_LIMITS.confirmationMailsPerRecipient;
    const answers = [];
    for (let i = 0; i < capacity + 3; i++) answers.push(await file(form(email)));
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 201));
    expect(new Set(answers.map((a) => a.json.message)).size).toBe(1);
    expect(mailsTo(email)).toHaveLength(capacity);
    // Registrations mailing a link to the same address count against the same limit.
    expect((await register({ name: "Pat", email, joining: "independent", zipCode: "98101" })).status).toBe(
      201,
    );
    expect(mailsTo(email)).toHaveLength(capacity);
    // Another address is not affected.
    expect((await file(form("someone.else@mail.example.org"))).status).toBe(201);
    expect(mailsTo("someone.else@mail.example.org")).toHaveLength(1);
  });
});

describe("a salesperson invited to manage the dealership they applied for", () => {
  it("accepts with their own account: it becomes the manager and their profile joins the team", async () => {
    const email = "gia.applicant@sales.example.org";
    const answer = await register({
      name: "Gia Moreno",
      email,
      joining: "unlisted",
      application: unlisted("Canyon Cars"),
    });
    const id = answer.json.id as number;
    const signedIn = await followLink(email);
    const [filed] = await applicationsOf(id);
    const approved = await h.request("POST", `/api/admin/dealership-applications/${filed!.id}/decision`, {
      cookie: admin.cookie,
      body: { decision: "approve" },
    });
    expect(approved.status).toBe(200);
    const dealershipId = approved.json.dealershipId as number;
    const mail = await h.waitForMail(
      (m) => m.to.includes(email) && m.text.includes("/invitations/accept?token="),
    );
    const token = mail.text.match(/\/invitations\/accept\?token=([a-z2-7]+)/)![1]!;

    const accepted = await h.request("POST", "/api/invitations/accept", {
      cookie: signedIn.cookie,
      body: { token },
      ip: nextIp(),
    });
    expect(accepted.status).toBe(200);
    const [dealership] = await h.sql<{ manager_email: string }[]>`
      select u.email::text as manager_email from dealerships d join dealership_members dm on dm.dealership_id = d.id and dm.role = 'owner' join users u on u.id = dm.user_id
       where d.id = ${dealershipId}`;
    expect(dealership!.manager_email).toBe(email);
    const [person] = await h.sql<{ dealership_id: number; verified: boolean; role: string }[]>`
      select s.dealership_id, s.verified_at is not null as verified, u.role
        from salespeople s join users u on u.id = s.user_id where s.id = ${id}`;
    expect(person).toEqual({ dealership_id: dealershipId, verified: true, role: "manager" });
    expect((await profile(id)).json.dealership).toBe("Canyon Cars");
  });
});
