// A manager's own dealership details (docs/product/dealerships.md#details-the-manager-keeps): only their own,
// the ZIP code's place and centre, the optional geocoder (a local stand-in) and its failure, hours, the audit
// row; the administrators' console places dealerships by the same ZIP path.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { afterAll, describe, expect, it } from "vitest";
import { zipPlace } from "../src/server/geo/zipPlaces";
import { createHarness } from "./support/harness";

const h = await createHarness({ RATE_LIMIT_DISABLED: "true" });
await h.seed(0.02);

const [A, B] = await h.sql<{ id: number; email: string; name: string }[]>`
  select d.id, u.email, d.name from dealerships d join dealership_members dm on dm.dealership_id = d.id and dm.role = 'owner' join users u on u.id = dm.user_id order by d.id limit 2`;
const manager = await h.signIn(A!.email, "manager");
const otherManager = await h.signIn(B!.email, "manager");
const admin = await h.signIn("details.admin@example.org", "admin");

/** A Nominatim stand-in: an address with "Nowhere" has no result, one with "Broken" fails; else a position. */
const asked: string[] = [];
const geocoder = createServer((req: IncomingMessage, res: ServerResponse) => {
  const url = new URL(req.url ?? "/", "http://127.0.0.1");
  asked.push(url.search);
  const q = url.searchParams.get("q") ?? "";
  res.setHeader("content-type", "application/json");
  if (url.pathname !== "/search" || url.searchParams.get("format") !== "jsonv2") res.writeHead(404).end("[]");
  else if (q.includes("Broken")) res.writeHead(500).end("{}");
  else if (q.includes("Nowhere")) res.end("[]");
  else res.end(JSON.stringify([{ lat: "40.748817", lon: "-73.985428", display_name: q }]));
});
await new Promise<void>((resolve) => geocoder.listen(0, "127.0.0.1", resolve));
const geocoderUrl = `http://127.0.0.1:${(geocoder.address() as { port: number }).port}`;
afterAll(() => new Promise<void>((resolve) => geocoder.close(() => resolve())));

/** The manager's caller, with a GEOCODER_URL of the test's choosing. */
function managerCaller(geocoderAt?: string) {
  return h.caller({
    env: { ...h.env, GEOCODER_URL: geocoderAt },
    user: manager.user,
    session: { id: "s", userId: manager.userId, expiresAt: new Date(), authenticatedAt: new Date() },
  });
}

const details = {
  address: "350 Fifth Ave",
  zipCode: "10118",
  phoneNumber: "(212) 555-0101",
  website: "https://www.example.com",
};

async function row(id: number) {
  const [found] = await h.sql<
    {
      address: string;
      city: string;
      state: string;
      zip_code: string;
      latitude: number;
      longitude: number;
      location_precision: string;
      time_zone: string;
      hours: unknown;
    }[]
  >`select address, city, state, zip_code, latitude, longitude, location_precision, time_zone, hours
      from dealerships where id = ${id}`;
  return found!;
}

describe("a manager's own dealership details", () => {
  it("reads and changes only the manager's own dealership, with one audit row holding before and after", async () => {
    const before = await row(B!.id);
    const read = await h.request("GET", "/api/manager/dealership", { cookie: manager.cookie });
    expect(read.status).toBe(200);
    expect(read.json).toMatchObject({ id: A!.id, name: A!.name, locationPrecision: "zip" });

    const saved = await h.request("PUT", "/api/manager/dealership", {
      cookie: manager.cookie,
      body: details,
    });
    expect(saved.status).toBe(200);
    expect(saved.json).toMatchObject({ id: A!.id, address: "350 Fifth Ave", city: "New York", state: "NY" });
    const audit = await h.sql<{ before: { address: string }; after: { address: string } }[]>`
      select before, after from audit_log where action = 'dealership.update' and entity_id = ${String(A!.id)}`;
    expect(audit).toHaveLength(1);
    expect(audit[0]!.after.address).toBe("350 Fifth Ave");
    expect(audit[0]!.before.address).not.toBe("350 Fifth Ave");

    // No input names a dealership: naming another one is refused, and it stays as it was.
    for (const extra of [{ id: B!.id }, { dealershipId: B!.id }, { name: "Renamed Motors" }]) {
      const refused = await h.request("PUT", "/api/manager/dealership", {
        cookie: otherManager.cookie,
        body: { ...details, address: "1 Elsewhere Rd", ...extra },
      });
      expect(refused.status, JSON.stringify(extra)).toBe(400);
    }
    expect(await row(B!.id)).toEqual(before);
    // A salesperson or a customer is refused by the tier.
    const customer = await h.signIn("details.customer@example.org");
    expect((await h.request("GET", "/api/manager/dealership", { cookie: customer.cookie })).status).toBe(403);
  });

  it("places the dealership at the ZIP code's centre, with its city, state and time zone, and moves its team", async () => {
    const saved = await managerCaller().manager.updateDealership({ ...details, zipCode: "78701" });
    const zip = zipPlace("78701")!;
    expect(saved).toMatchObject({
      city: zip.city,
      state: "TX",
      zipCode: "78701",
      timeZone: "America/Chicago",
      latitude: zip.latitude,
      longitude: zip.longitude,
      locationPrecision: "zip",
    });
    const team = await h.sql<{ city: string; time_zone: string }[]>`
      select distinct city::text, time_zone from salespeople where dealership_id = ${A!.id}`;
    expect(team).toEqual([{ city: zip.city, time_zone: "America/Chicago" }]);
    // A time zone given replaces the state's main one (for the states that span two).
    const corrected = await managerCaller().manager.updateDealership({
      ...details,
      zipCode: "78701",
      timeZone: "America/Denver",
    });
    expect(corrected.timeZone).toBe("America/Denver");
    const unknown = await h.request("PUT", "/api/manager/dealership", {
      cookie: manager.cookie,
      body: { ...details, zipCode: "00000" },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.json.code).toBe("UNKNOWN_ZIP");
  });

  it("takes the geocoder's position for the street address, precision 'address'", async () => {
    asked.length = 0;
    const saved = await managerCaller(geocoderUrl).manager.updateDealership(details);
    expect(saved).toMatchObject({ latitude: 40.748817, longitude: -73.985428, locationPrecision: "address" });
    expect(asked).toHaveLength(1);
    const query = new URLSearchParams(asked[0]);
    expect(Object.fromEntries(query)).toEqual({
      format: "jsonv2",
      q: "350 Fifth Ave, New York, NY 10118",
      countrycodes: "us",
      limit: "1",
    });
  });

  it("falls back to the ZIP code's centre when the geocoder fails, has no result or is down, and still saves", async () => {
    const centre = zipPlace("10118")!;
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const downUrl = `http://127.0.0.1:${(closed.address() as { port: number }).port}`;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const attempts: [string, string | undefined][] = [
      ["9 Broken St", geocoderUrl],
      ["1 Nowhere Ln", geocoderUrl],
      ["2 Down St", downUrl],
    ];
    for (const [address, url] of attempts) {
      const saved = await managerCaller(url).manager.updateDealership({ ...details, address });
      expect(saved, address).toMatchObject({
        address,
        latitude: centre.latitude,
        longitude: centre.longitude,
        locationPrecision: "zip",
      });
    }
  });

  it("validates opening hours per weekday and stores them", async () => {
    const week = {
      monday: { open: "09:00", close: "18:00" },
      tuesday: { open: "09:00", close: "18:00" },
      wednesday: { open: "09:00", close: "18:00" },
      thursday: { open: "09:00", close: "18:00" },
      friday: { open: "09:00", close: "18:00" },
      saturday: { open: "10:00", close: "16:00" },
      sunday: null,
    };
    const put = (hours: unknown) =>
      h.request("PUT", "/api/manager/dealership", { cookie: manager.cookie, body: { ...details, hours } });
    const bad: [unknown, RegExp][] = [
      [{ ...week, monday: { open: "18:00", close: "09:00" } }, /after opening/],
      [{ ...week, tuesday: { open: "9am", close: "18:00" } }, /HH:MM/],
      [{ ...week, wednesday: { open: "24:00", close: "25:00" } }, /HH:MM/],
      [{ ...week, friday: { open: "09:00", close: "09:00" } }, /after opening/],
      [{ monday: week.monday }, /./],
      [{ ...week, funday: null }, /./],
    ];
    for (const [hours, message] of bad) {
      const res = await put(hours);
      expect(res.status, JSON.stringify(hours)).toBe(400);
      expect(res.json.message).toMatch(message);
    }
    expect((await put(week)).status).toBe(200);
    expect((await row(A!.id)).hours).toEqual(week);
    const profile = await h.sql<{ id: number }[]>`
      select id from salespeople where dealership_id = ${A!.id} and verified_at is not null limit 1`;
    const shown = await h.request("GET", `/api/salespeople/${profile[0]!.id}`);
    expect(shown.json.dealershipInfo).toMatchObject({ hours: week, locationPrecision: "zip" });
    // Leaving hours out keeps them; null clears them.
    expect(
      (await h.request("PUT", "/api/manager/dealership", { cookie: manager.cookie, body: details })).status,
    ).toBe(200);
    expect((await row(A!.id)).hours).toEqual(week);
    expect((await put(null)).status).toBe(200);
    expect((await row(A!.id)).hours).toBeNull();
  });

  it("uploads the dealership's logo through the administrators' pipeline, on its own dealership", async () => {
    const res = await h.request("POST", "/api/manager/dealership/logo", {
      cookie: manager.cookie,
      body: { logoUrl: "https://example.com/logo.png" },
    });
    expect(res.status).toBe(400);
    const [logo] = await h.sql<{ n: number }[]>`
      select count(*)::int as n from audit_log where action = 'dealership.logo'`;
    expect(logo!.n).toBe(0);
  });
});

describe("the administrators' console places dealerships by ZIP code", () => {
  const bearer = { cookie: admin.cookie };
  it("takes city, state, time zone and position from the ZIP code, and refuses a state the ZIP code is not in", async () => {
    const made = await h.request("POST", "/api/dealerships", {
      ...bearer,
      body: { name: "Zip Path Motors", address: "1 Congress Ave", zipCode: "78701" },
    });
    expect(made.status).toBe(201);
    expect(made.json).toMatchObject({
      city: zipPlace("78701")!.city,
      state: "TX",
      timeZone: "America/Chicago",
    });
    const [stored] = await h.sql<{ location_precision: string; latitude: number }[]>`
      select location_precision, latitude from dealerships where id = ${made.json.id}`;
    expect(stored).toEqual({ location_precision: "zip", latitude: zipPlace("78701")!.latitude });
    const wrongState = await h.request("POST", "/api/dealerships", {
      ...bearer,
      body: { name: "Wrong State Motors", address: "1 Main St", state: "CA", zipCode: "78701" },
    });
    expect(wrongState.status).toBe(400);
    expect(wrongState.json.code).toBe("ZIP_STATE_MISMATCH");
    const moved = await h.request("PUT", `/api/dealerships/${made.json.id}`, {
      ...bearer,
      body: { name: "Zip Path Motors", address: "1 Main St", zipCode: "98101" },
    });
    expect(moved.status).toBe(200);
    expect(moved.json).toMatchObject({ state: "WA", timeZone: "America/Los_Angeles", zipCode: "98101" });
  });
});
