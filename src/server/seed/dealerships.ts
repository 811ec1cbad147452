// The demo's dealerships: one in each city of the list, each with its manager's account. Part of the seed
// (demo.ts), drawing from its random stream in its order, so every later row stays as it was.
import type { DealershipHours } from "../../shared/schemas/dealershipHours";
import type { loadCities } from "../db/cities";
import type { Queryable } from "../db/client";
import type { DealershipRow, UserRow } from "../db/rows";
import { knownZip, zipCentrePlace } from "../geo/geocoder";
import { BRANDS, CITY_ZIPS, FIRST, LAST, type rng, STREETS } from "./words";

/** Opening hours every demo dealership states: weekdays 9 to 8, Saturday 9 to 6, closed on Sunday. */
export const DEMO_HOURS: DealershipHours = {
  monday: { open: "09:00", close: "20:00" },
  tuesday: { open: "09:00", close: "20:00" },
  wednesday: { open: "09:00", close: "20:00" },
  thursday: { open: "09:00", close: "20:00" },
  friday: { open: "09:00", close: "20:00" },
  saturday: { open: "09:00", close: "18:00" },
  sunday: null,
};

/** Writes the managers and their dealerships; the first city's manager is the demo's (`demoManager`). */
export async function writeDealerships(
  sql: Queryable,
  r: ReturnType<typeof rng>,
  cities: ReturnType<typeof loadCities>,
  demoManager: string,
) {
  const managers = cities.map((c, i) => ({
    email: i === 0 ? demoManager : `manager.${slug(c.city)}@example.com`,
    first_name: i === 0 ? "Morgan" : r.pick(FIRST),
    last_name: i === 0 ? "Lee" : r.pick(LAST),
    role: "manager",
  }));
  const managerRows = await sql<
    Pick<UserRow, "id" | "email">[]
  >`insert into users ${sql(managers)} returning id, email`;
  const managerByEmail = new Map(managerRows.map((m) => [m.email, m.id]));

  const dealershipRows = cities.map((c, i) => {
    const brand = BRANDS[i % BRANDS.length]!;
    const name = i % 2 === 0 ? `${c.city} ${brand}` : `${brand} of ${c.city}`;
    const address = `${r.int(100, 9800)} ${r.pick(STREETS)}`;
    // Placed as a manager's save places it without a geocoder: at the ZIP code's centre (geo/geocoder.ts).
    // The city's name and time zone stay the list's, which knows the cities on a state's minority time zone.
    const place = zipCentrePlace(knownZip(CITY_ZIPS[`${c.city}|${c.state}`] ?? ""));
    // The draws that once made a ZIP code and jittered the position are still drawn, in their order, so the
    // rest of the demo data stays as it was.
    r.int(1, 99);
    const phone = `(${r.int(201, 989)}) 555-${String(r.int(100, 9999)).padStart(4, "0")}`;
    r.next();
    r.next();
    return {
      name,
      address,
      city: c.city,
      state: c.state,
      zip_code: place.zipCode,
      phone_number: phone,
      website: `https://www.${slug(name)}.example.com`,
      time_zone: c.timeZone,
      latitude: place.latitude,
      longitude: place.longitude,
      location_precision: place.locationPrecision,
      hours: DEMO_HOURS,
      demo: true,
    };
  });
  const dealers = await sql<Pick<DealershipRow, "id" | "name" | "city" | "state" | "time_zone">[]>`
    insert into dealerships ${sql(dealershipRows)} returning id, name, city, state, time_zone`;
  // Each dealership's manager, its owner (billing, the team, everything), in the order the dealerships were drawn
  // (RETURNING keeps the rows' order).
  const members = dealers.map((d, i) => ({
    user_id: managerByEmail.get(managers[i]!.email)!,
    dealership_id: d.id,
    role: "owner",
  }));
  if (members.length > 0) await sql`insert into dealership_members ${sql(members)}`;
  return { dealers, managerByEmail };
}

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}
