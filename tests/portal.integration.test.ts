import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { IMAGE_UPLOAD_MAX_BYTES } from "../src/shared/constants";
import { createHarness, ORIGIN } from "./support/harness";

const h = await createHarness();
await h.seed(0.05);

const [sp] = await h.sql<{ id: number; email: string; dealership_id: number }[]>`
  select id, email, dealership_id from salespeople where dealership_id is not null order by id limit 1`;
const [colleague] = await h.sql<{ id: number; email: string }[]>`
  select id, email from salespeople where dealership_id = ${sp!.dealership_id} and id <> ${sp!.id} order by id limit 1`;
const [stranger] = await h.sql<{ id: number; email: string }[]>`
  select id, email from salespeople where dealership_id <> ${sp!.dealership_id} order by id limit 1`;
const [managerRow] = await h.sql<{ email: string }[]>`
  select u.email from dealerships d join dealership_members dm on dm.dealership_id = d.id and dm.role = 'owner' join users u on u.id = dm.user_id where d.id = ${sp!.dealership_id}`;

const owner = await h.signIn(sp!.email, "salesperson");
const other = await h.signIn(stranger!.email, "salesperson");
const manager = await h.signIn(managerRow!.email, "manager");
const customer = await h.signIn("portal.customer@example.org");

describe("profile and status updates", () => {
  it("lets the owner and their manager edit; others get 404 (as for a missing profile), customers 403, signed-out 401", async () => {
    const body = {
      bio: "Ask me about EV charging at home.",
      phoneNumber: "(512) 555-0199",
      specialties: ["Electric Vehicles", "Leasing"],
      yearsOfExperience: 9,
    };
    const mine = await h.request("PATCH", `/api/salespeople/${sp!.id}`, { cookie: owner.cookie, body });
    expect(mine.status).toBe(200);
    expect(mine.json).toMatchObject({
      bio: body.bio,
      specialties: body.specialties,
      yearsOfExperience: 9,
      phoneNumber: body.phoneNumber,
    });
    expect(
      (
        await h.request("PATCH", `/api/salespeople/${colleague!.id}`, {
          cookie: manager.cookie,
          body: { bio: "Managed" },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await h.request("PATCH", `/api/salespeople/${sp!.id}`, {
          cookie: other.cookie,
          body: { bio: "Hacked" },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await h.request("PATCH", `/api/salespeople/${sp!.id}`, {
          cookie: customer.cookie,
          body: { bio: "Hacked" },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await h.request("PATCH", `/api/salespeople/${stranger!.id}`, {
          cookie: manager.cookie,
          body: { bio: "Not mine" },
        })
      ).status,
    ).toBe(404);
    expect((await h.request("PATCH", `/api/salespeople/${sp!.id}`, { body: { bio: "Anon" } })).status).toBe(
      401,
    );
    expect(
      (await h.request("PATCH", "/api/salespeople/99999999", { cookie: owner.cookie, body: { bio: "x" } }))
        .status,
    ).toBe(404);
    const [row] = await h.sql<{ bio: string }[]>`select bio from salespeople where id = ${sp!.id}`;
    expect(row!.bio).toBe(body.bio);
  });

  it("refuses bad input and fields nobody may set", async () => {
    for (const body of [
      { yearsOfExperience: 51 },
      { yearsOfExperience: -1 },
      { specialties: ["Time Travel"] },
      { averageRating: 5 },
      { totalReviews: 999 },
      { email: "new@example.org" },
      { verifiedAt: "2026-01-01" },
      { status: "offline" },
      { name: "" },
    ]) {
      const res = await h.request("PATCH", `/api/salespeople/${sp!.id}`, { cookie: owner.cookie, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.code).toBeTypeOf("string");
    }
  });

  it("updates status with the self-service values only", async () => {
    const busy = await h.request("PATCH", `/api/salespeople/${sp!.id}/status`, {
      cookie: owner.cookie,
      body: { status: "busy" },
    });
    expect(busy.json).toEqual({ id: sp!.id, status: "busy" });
    expect(
      (
        await h.request("PATCH", `/api/salespeople/${sp!.id}/status`, {
          cookie: owner.cookie,
          body: { status: "offline" },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await h.request("PATCH", `/api/salespeople/${sp!.id}/status`, {
          cookie: owner.cookie,
          body: { status: "asleep" },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await h.request("PATCH", `/api/salespeople/${sp!.id}/status`, {
          cookie: other.cookie,
          body: { status: "busy" },
        })
      ).status,
    ).toBe(404);
    await h.request("PATCH", `/api/salespeople/${sp!.id}/status`, {
      cookie: owner.cookie,
      body: { status: "available" },
    });
  });
});

async function pngWithMetadata(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: { r: 30, g: 90, b: 200 } } })
    .png()
    .withMetadata({ exif: { IFD0: { Copyright: "Secret Camera Owner", Artist: "Someone" } } })
    .toBuffer();
}

function multipart(bytes: Buffer, filename: string, type: string) {
  const form = new FormData();
  form.append("image", new Blob([new Uint8Array(bytes)], { type }), filename);
  return form;
}

describe("photo upload", () => {
  it("stores a valid PNG re-encoded, resized to 1024 px, without metadata, served with a fixed type", async () => {
    const png = await pngWithMetadata(2000, 1500);
    expect((await sharp(png).metadata()).exif).toBeDefined();
    const res = await h.request("POST", "/api/profile-image-upload", {
      cookie: owner.cookie,
      body: { profileImageUrl: `data:image/png;base64,${png.toString("base64")}` },
    });
    expect(res.status).toBe(200);
    expect(res.json.profileImageUrl).toMatch(/^\/uploads\/[0-9a-f-]{36}\.webp$/);
    const served = await h.app.request(res.json.profileImageUrl);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    const stored = Buffer.from(await served.arrayBuffer());
    const meta = await sharp(stored).metadata();
    expect(meta.format).toBe("webp");
    expect([meta.width, meta.height]).toEqual([1024, 768]);
    expect(meta.exif).toBeUndefined();
    expect(stored.includes(Buffer.from("Secret Camera Owner"))).toBe(false);
    const thumb = await sharp(
      Buffer.from(await (await h.app.request(res.json.thumbnailUrl)).arrayBuffer()),
    ).metadata();
    expect([thumb.width, thumb.height]).toEqual([256, 256]);
    const [row] = await h.sql<
      { profile_image_url: string }[]
    >`select profile_image_url from salespeople where id = ${sp!.id}`;
    expect(row!.profile_image_url).toBe(res.json.profileImageUrl);
  });

  it("accepts multipart too", async () => {
    const png = await pngWithMetadata(300, 300);
    const res = await h.app.request("/api/profile-image-upload", {
      method: "POST",
      headers: { origin: ORIGIN, cookie: owner.cookie },
      body: multipart(png, "me.png", "image/png"),
    });
    expect(res.status).toBe(200);
  });

  it("answers 413 for 5 MB + 1 byte, as data URL and as multipart", async () => {
    const big = Buffer.alloc(IMAGE_UPLOAD_MAX_BYTES + 1, 0);
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(big);
    const asDataUrl = await h.request("POST", "/api/profile-image-upload", {
      cookie: owner.cookie,
      body: { profileImageUrl: `data:image/png;base64,${big.toString("base64")}` },
    });
    expect(asDataUrl.status).toBe(413);
    expect(asDataUrl.json.message).toBe("Please select an image smaller than 5MB");
    const asForm = await h.app.request("/api/profile-image-upload", {
      method: "POST",
      headers: { origin: ORIGIN, cookie: owner.cookie },
      body: multipart(big, "big.png", "image/png"),
    });
    expect(asForm.status).toBe(413);
    const huge = await h.app.request("/api/profile-image-upload", {
      method: "POST",
      headers: { origin: ORIGIN, cookie: owner.cookie, "content-type": "application/json" },
      body: JSON.stringify({ profileImageUrl: `data:image/png;base64,${"A".repeat(9_000_000)}` }),
    });
    expect(huge.status).toBe(413);
  });

  it("answers 415 for HTML named .png, SVG, and a PNG header with garbage after it", async () => {
    const html = Buffer.from("<html><script>alert(1)</script></html>");
    const named = await h.app.request("/api/profile-image-upload", {
      method: "POST",
      headers: { origin: ORIGIN, cookie: owner.cookie },
      body: multipart(html, "cute.png", "image/png"),
    });
    expect(named.status).toBe(415);
    expect(((await named.json()) as { code: string }).code).toBe("INVALID_FILE_TYPE");
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const svgRes = await h.request("POST", "/api/profile-image-upload", {
      cookie: owner.cookie,
      body: { profileImageUrl: `data:image/svg+xml;base64,${svg.toString("base64")}` },
    });
    expect(svgRes.status).toBe(415);
    const fake = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.from("not really a png"),
    ]);
    const fakeRes = await h.request("POST", "/api/profile-image-upload", {
      cookie: owner.cookie,
      body: { profileImageUrl: `data:image/png;base64,${fake.toString("base64")}` },
    });
    expect(fakeRes.status).toBe(415);
    expect(
      (
        await h.request("POST", "/api/profile-image-upload", {
          cookie: owner.cookie,
          body: { profileImageUrl: "hello" },
        })
      ).status,
    ).toBe(415);
  });

  it("is for salespeople only", async () => {
    const png = await pngWithMetadata(10, 10);
    const body = { profileImageUrl: `data:image/png;base64,${png.toString("base64")}` };
    expect(
      (await h.request("POST", "/api/profile-image-upload", { cookie: customer.cookie, body })).status,
    ).toBe(403);
    expect((await h.request("POST", "/api/profile-image-upload", { body })).status).toBe(401);
  });
});

describe("dashboard analytics", () => {
  it("counts a completed visit and a profile view, from real rows", async () => {
    const api = h.caller({
      user: owner.user,
      session: { id: "s", userId: owner.userId, expiresAt: new Date(), authenticatedAt: new Date() },
    });
    const before = await api.portal.overview({ period: "30d" });
    expect(before.appointmentsOverTime).toHaveLength(30);
    const [appt] = await h.sql<{ id: number }[]>`
      insert into appointments (salesperson_id, appointment_type, starts_at, customer_name, customer_phone)
      values (${sp!.id}, 'Test Drive', now() - interval '2 hours', 'Past Visit', '5125550100') returning id`;
    expect(
      (
        await h.request("PATCH", `/api/appointments/${appt!.id}`, {
          cookie: owner.cookie,
          body: { status: "completed" },
        })
      ).status,
    ).toBe(200);
    const asBrowser = { cookie: customer.cookie, headers: { "user-agent": "Mozilla/5.0 Firefox/133.0" } };
    const view = await h.request("POST", `/api/salespeople/${sp!.id}/views`, asBrowser);
    expect(view.json).toEqual({ recorded: true });
    expect((await h.request("POST", `/api/salespeople/${sp!.id}/views`, asBrowser)).json).toEqual({
      recorded: false,
    });
    const after = await api.portal.overview({ period: "30d" });
    expect(after.totals.completed).toBe(before.totals.completed + 1);
    expect(after.totals.profileViews).toBe(before.totals.profileViews + 1);
    expect(after.appointmentsOverTime.reduce((n, b) => n + b.completed, 0)).toBe(after.totals.completed);
    for (const period of ["7d", "90d", "1y"] as const) {
      const o = await api.portal.overview({ period });
      expect(o.appointmentsOverTime.length).toBeGreaterThan(0);
    }
    const insights = await api.portal.insights();
    expect(insights.length).toBeGreaterThan(0);
  });

  it("keeps dashboards private: another salesperson gets 403, the manager may look", async () => {
    const strangerApi = h.caller({
      user: other.user,
      session: { id: "s", userId: other.userId, expiresAt: new Date(), authenticatedAt: new Date() },
    });
    await expect(strangerApi.portal.overview({ period: "30d", salespersonId: sp!.id })).rejects.toMatchObject(
      { code: "FORBIDDEN" },
    );
    const managerApi = h.caller({
      user: manager.user,
      session: { id: "s", userId: manager.userId, expiresAt: new Date(), authenticatedAt: new Date() },
    });
    expect((await managerApi.portal.overview({ period: "7d", salespersonId: sp!.id })).period).toBe("7d");
  });
});

describe("verification by the dealership", () => {
  it("lets the dealership's manager verify a salesperson; others are refused; the card carries verifiedAt", async () => {
    await h.sql`update salespeople set verified_at = null where id = ${colleague!.id}`;
    const managerApi = h.caller({
      user: manager.user,
      session: { id: "s", userId: manager.userId, expiresAt: new Date(), authenticatedAt: new Date() },
    });
    const done = await managerApi.portal.verify({ salespersonId: colleague!.id });
    expect(done.verifiedAt).toBeInstanceOf(Date);
    await expect(managerApi.portal.verify({ salespersonId: stranger!.id })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    const card = await h.request("GET", `/api/salespeople/${colleague!.id}`);
    expect(card.json.verifiedAt).toBeTruthy();
    const ownerApi = h.caller({
      user: owner.user,
      session: { id: "s", userId: owner.userId, expiresAt: new Date(), authenticatedAt: new Date() },
    });
    await expect(ownerApi.portal.verify({ salespersonId: colleague!.id })).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
  });
});

describe("'Verified by' its dealership", () => {
  it("names the verifying dealership on the browse card and the profile, and nothing once the verification is withdrawn", async () => {
    const managerApi = h.caller({
      user: manager.user,
      session: { id: "s", userId: manager.userId, expiresAt: new Date(), authenticatedAt: new Date() },
    });
    await managerApi.portal.verify({ salespersonId: colleague!.id });
    const [person] = await h.sql<{ name: string; dealership: string }[]>`
      select s.name, d.name as dealership from salespeople s join dealerships d on d.id = s.dealership_id
       where s.id = ${colleague!.id}`;
    const profile = await h.request("GET", `/api/salespeople/${colleague!.id}`);
    expect(profile.json.verifiedBy).toBe(person!.dealership);
    const browse = await h.request(
      "GET",
      `/api/salespeople?search=${encodeURIComponent(person!.name)}&limit=50`,
    );
    const card = (browse.json as { id: number; verifiedBy: string | null }[]).find(
      (c) => c.id === colleague!.id,
    );
    expect(card?.verifiedBy).toBe(person!.dealership);
    const page = await h.caller().salespeople.list({ search: person!.name, limit: 50 });
    expect(page.items.find((c) => c.id === colleague!.id)?.verifiedBy).toBe(person!.dealership);

    // An independent salesperson has no dealership to vouch for them.
    const [independent] = await h.sql<{ id: number }[]>`
      select id from salespeople where dealership_id is null order by id limit 1`;
    expect((await h.request("GET", `/api/salespeople/${independent!.id}`)).json.verifiedBy).toBeNull();

    await managerApi.portal.verify({ salespersonId: colleague!.id, verified: false });
    expect((await managerApi.salespeople.byId({ id: colleague!.id })).verifiedBy).toBeNull();
    await managerApi.portal.verify({ salespersonId: colleague!.id });
  });
});

describe("message response time", () => {
  it("measures the minutes from a buyer's message to the reply, and flags unanswered threads", async () => {
    const api = h.caller({
      user: owner.user,
      session: { id: "s", userId: owner.userId, expiresAt: new Date(), authenticatedAt: new Date() },
    });
    const [conversation] = await h.sql<{ id: number }[]>`
      insert into conversations (customer_id, salesperson_id, contact_method) values (${customer.userId}, ${sp!.id}, 'email') returning id`;
    await h.sql`insert into messages (conversation_id, sender_role, body, created_at) values
      (${conversation!.id}, 'customer', 'Hello?', now() - interval '90 minutes'),
      (${conversation!.id}, 'salesperson', 'Hi!', now() - interval '60 minutes'),
      (${conversation!.id}, 'customer', 'Still there?', now() - interval '5 minutes')`;
    const overview = await api.portal.overview({ period: "7d" });
    expect(overview.totals.responseTimeMinutes).toBe(30);
    expect(overview.totals.unansweredConversations).toBe(1);
    const insights = await api.portal.insights();
    expect(insights.map((i) => i.id)).toContain("unanswered-messages");
  });
});
