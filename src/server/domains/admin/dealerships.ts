// Dealerships: the list everyone may read (public fields; administrators also see owner, manager and
// counts), and administrators' add, edit, logo and deletion. A dealership in a city of data/us-cities.csv
// takes its time zone and coordinates from there; anywhere else they must be given.
import type { z } from "zod";
import type {
  AdminDealership,
  AdminPage,
  createDealershipInput,
  DeleteByIdInput,
  dealershipLogoInput,
  dealershipsInput,
  PublicDealership,
  updateDealershipInput,
} from "../../../shared/schemas/admin";
import { isAdmin } from "../../access";
import { appError } from "../../appError";
import { recordAudit } from "../../auditTrail";
import { loadCities } from "../../db/cities";
import type { Queryable } from "../../db/client";
import { containsPattern, limitOffset, listPage, pageWindow } from "../../db/search";
import type { Context } from "../../serviceContext";
import { refuseWhileSubscribed } from "../subscriptions/reads";
import { removeUnusedLogo, storedImage, storeLogo } from "./images";
import { commitBrowseChange, lockById, processedUpload } from "./records";

function adminColumns(sql: Queryable) {
  return sql`
    d.id, d.name, d.address, d.city, d.state, d.zip_code as "zipCode", d.phone_number as "phoneNumber",
    d.website, d.logo_url as "logoUrl", d.owner_id as "ownerId", d.manager_id as "managerId",
    m.email as "managerEmail", d.time_zone as "timeZone",
    (select count(*)::int from salespeople s where s.dealership_id = d.id) as "salespeopleCount",
    (select coalesce(sum(s.total_reviews), 0)::int from salespeople s where s.dealership_id = d.id) as "totalReviews"`;
}

function publicOf(d: AdminDealership): PublicDealership {
  const { id, name, address, city, state, zipCode, phoneNumber, website, logoUrl } = d;
  return { id, name, address, city, state, zipCode, phoneNumber, website, logoUrl };
}

/** Everyone gets the public fields; administrators get the whole row. */
export async function listDealerships(
  ctx: Context,
  input: z.output<typeof dealershipsInput>,
): Promise<AdminPage<PublicDealership | AdminDealership>> {
  const window = pageWindow(input);
  const pattern = containsPattern(input?.search);
  const where = ctx.sql`
    where (${pattern}::text is null or d.name ilike ${pattern} or d.city ilike ${pattern}
           or d.state ilike ${pattern} or d.zip_code ilike ${pattern})`;
  const found = await listPage(
    window,
    ctx.sql<AdminDealership[]>`
      select ${adminColumns(ctx.sql)} from dealerships d left join users m on m.id = d.manager_id ${where}
       order by d.name, d.id ${limitOffset(ctx.sql, window)}`,
    ctx.sql<{ n: number }[]>`select count(*)::int as n from dealerships d ${where}`,
  );
  return isAdmin(ctx.user) ? found : { ...found, items: found.items.map(publicOf) };
}

async function readDealership(sql: Queryable, id: number, lock = false): Promise<AdminDealership> {
  if (lock) await lockById(sql, "dealerships", id, "Dealership not found");
  const [row] = await sql<AdminDealership[]>`
    select ${adminColumns(sql)} from dealerships d left join users m on m.id = d.manager_id where d.id = ${id}`;
  if (!row) throw appError("NOT_FOUND", "Dealership not found");
  return row;
}

function snapshot(d: AdminDealership) {
  return { ...publicOf(d), timeZone: d.timeZone, managerId: d.managerId };
}

type Place = { timeZone: string; latitude: number; longitude: number };

let cityIndex: Map<string, Place> | null = null;
const cityKey = (city: string, state: string) => `${city.trim().toLowerCase()}|${state.trim().toUpperCase()}`;

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Where a dealership is: the given time zone and coordinates, or its city's from the city list. */
export function placeOf(
  input: Pick<
    z.output<typeof createDealershipInput>,
    "city" | "state" | "timeZone" | "latitude" | "longitude"
  >,
) {
  cityIndex ??= new Map(loadCities().map((c) => [cityKey(c.city, c.state), c]));
  const known = cityIndex.get(cityKey(input.city, input.state));
  const timeZone = input.timeZone ?? known?.timeZone;
  const latitude = input.latitude ?? known?.latitude;
  const longitude = input.longitude ?? known?.longitude;
  if (timeZone === undefined || latitude === undefined || longitude === undefined)
    throw appError(
      "BAD_REQUEST",
      `${input.city}, ${input.state} is not on our city list: please give its time zone, latitude and longitude`,
      "UNKNOWN_CITY",
    );
  if (!isTimeZone(timeZone))
    throw appError("BAD_REQUEST", "Time zone must be an IANA name, e.g. America/Chicago", "BAD_TIME_ZONE");
  return { timeZone, latitude, longitude };
}

export async function createDealership(ctx: Context, input: z.output<typeof createDealershipInput>) {
  const place = placeOf(input);
  return commitBrowseChange(ctx, async (tx) => {
    const [row] = await tx<{ id: number }[]>`
      insert into dealerships (name, address, city, state, zip_code, phone_number, website, time_zone,
                               latitude, longitude)
      values (${input.name}, ${input.address}, ${input.city}, ${input.state}, ${input.zipCode},
              ${input.phoneNumber ?? null}, ${input.website ?? null}, ${place.timeZone}, ${place.latitude},
              ${place.longitude})
      returning id`;
    const after = await readDealership(tx, row!.id);
    await recordAudit(ctx, tx, {
      action: "dealership.create",
      entityId: after.id,
      dealershipId: after.id,
      after: snapshot(after),
    });
    return after;
  });
}

export async function updateDealership(ctx: Context, input: z.output<typeof updateDealershipInput>) {
  return commitBrowseChange(ctx, async (tx) => {
    const before = await readDealership(tx, input.id, true);
    const moved =
      cityKey(before.city, before.state) !== cityKey(input.city, input.state) ||
      input.timeZone !== undefined ||
      input.latitude !== undefined;
    const place = moved ? placeOf(input) : null;
    await tx`
      update dealerships set
        name = ${input.name}, address = ${input.address}, city = ${input.city}, state = ${input.state},
        zip_code = ${input.zipCode},
        phone_number = ${input.phoneNumber === undefined ? before.phoneNumber : input.phoneNumber},
        website = ${input.website === undefined ? before.website : input.website},
        time_zone = coalesce(${place?.timeZone ?? null}::text, time_zone),
        latitude = coalesce(${place?.latitude ?? null}::float8, latitude),
        longitude = coalesce(${place?.longitude ?? null}::float8, longitude)
       where id = ${input.id}`;
    if (place) {
      // A dealership's salespeople are where it is.
      await tx`update salespeople set city = ${input.city}, state = ${input.state}, time_zone = ${place.timeZone},
                 updated_at = now() where dealership_id = ${input.id}`;
    }
    const after = await readDealership(tx, input.id);
    await recordAudit(ctx, tx, {
      action: "dealership.update",
      entityId: input.id,
      dealershipId: input.id,
      before: snapshot(before),
      after: snapshot(after),
    });
    return after;
  });
}

/**
 * Refused while salespeople still belong to it (they are reassigned or removed first) and while its
 * subscription gives access (it is cancelled first).
 */
export async function deleteDealership(ctx: Context, input: DeleteByIdInput) {
  return commitBrowseChange(ctx, async (tx) => {
    // FOR UPDATE waits for (and then blocks) a salesperson joining it, whose insert holds KEY SHARE.
    const before = await readDealership(tx, input.id, true);
    if (before.salespeopleCount > 0)
      throw appError(
        "CONFLICT",
        `${before.name} still has ${before.salespeopleCount} active salespeople`,
        "DEALERSHIP_HAS_SALESPEOPLE",
      );
    await refuseWhileSubscribed(tx, { kind: "dealership", id: input.id }, before.name);
    await tx`delete from dealerships where id = ${input.id}`;
    await removeUnusedLogo(tx, before.logoUrl);
    await recordAudit(ctx, tx, {
      action: "dealership.delete",
      entityId: input.id,
      dealershipId: input.id,
      reason: input.reason,
      before: snapshot(before),
    });
    return { deletedDealership: before.name };
  });
}

/** A new logo through the salesperson photo pipeline, or a logo already stored here. */
export async function uploadDealershipLogo(ctx: Context, input: z.output<typeof dealershipLogoInput>) {
  const processed = await processedUpload(input.logoUrl);
  return commitBrowseChange(ctx, async (tx) => {
    const before = await readDealership(tx, input.id, true);
    let logoUrl: string;
    if (processed) logoUrl = await storeLogo(tx, processed);
    else {
      const image = await storedImage(tx, input.logoUrl, "logo");
      if (!image) throw appError("BAD_REQUEST", "Please select a valid image file");
      logoUrl = image.url;
    }
    await tx`update dealerships set logo_url = ${logoUrl} where id = ${input.id}`;
    if (before.logoUrl !== logoUrl) await removeUnusedLogo(tx, before.logoUrl);
    await recordAudit(ctx, tx, {
      action: "dealership.logo",
      entityId: input.id,
      dealershipId: input.id,
      before: { logoUrl: before.logoUrl },
      after: { logoUrl },
    });
    return { logoUrl };
  });
}
