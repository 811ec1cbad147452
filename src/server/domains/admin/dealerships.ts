// Dealerships: the list everyone may read (public fields; administrators also see owner, manager and
// counts), and administrators' add, edit, logo and deletion. A dealership's city, state, time zone and map
// position come from its ZIP code and street address (geo/geocoder.ts), as they do for its manager's edits.
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
import type { Queryable } from "../../db/client";
import { containsPattern, limitOffset, listPage, pageWindow } from "../../db/search";
import { type DealershipPlace, placeDealership } from "../../geo/geocoder";
import type { Context } from "../../serviceContext";
import { primaryLeadSql } from "../manager/members";
import { refuseWhileSubscribed } from "../subscriptions/reads";
import { removeUnusedLogo, storedImage, storeLogo } from "./images";
import { commitBrowseChange, lockById, processedUpload } from "./records";

function adminColumns(sql: Queryable) {
  return sql`
    d.id, d.name, d.address, d.city, d.state, d.zip_code as "zipCode", d.phone_number as "phoneNumber",
    d.website, d.logo_url as "logoUrl", d.owner_id as "ownerId", m.id as "managerId",
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
      select ${adminColumns(ctx.sql)} from dealerships d left join users m on m.id = ${primaryLeadSql(ctx.sql, ctx.sql`d.id`)} ${where}
       order by d.name, d.id ${limitOffset(ctx.sql, window)}`,
    ctx.sql<{ n: number }[]>`select count(*)::int as n from dealerships d ${where}`,
  );
  return isAdmin(ctx.user) ? found : { ...found, items: found.items.map(publicOf) };
}

async function readDealership(sql: Queryable, id: number, lock = false): Promise<AdminDealership> {
  if (lock) await lockById(sql, "dealerships", id, "Dealership not found");
  const [row] = await sql<AdminDealership[]>`
    select ${adminColumns(sql)} from dealerships d left join users m on m.id = ${primaryLeadSql(sql, sql`d.id`)}
     where d.id = ${id}`;
  if (!row) throw appError("NOT_FOUND", "Dealership not found");
  return row;
}

function snapshot(d: AdminDealership) {
  return { ...publicOf(d), timeZone: d.timeZone, managerId: d.managerId };
}

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * Where a dealership is, from its ZIP code (and street address, when a geocoder is configured): a state given
 * alongside must be the ZIP code's, and a time zone given replaces the state's main one.
 */
async function placeFromZip(
  ctx: Pick<Context, "env" | "logger">,
  input: { address: string; zipCode: string; state?: string | undefined; timeZone?: string | undefined },
): Promise<DealershipPlace> {
  if (input.timeZone !== undefined && !isTimeZone(input.timeZone))
    throw appError("BAD_REQUEST", "Time zone must be an IANA name, e.g. America/Chicago", "BAD_TIME_ZONE");
  const place = await placeDealership(ctx, input);
  if (input.state !== undefined && input.state !== place.state)
    throw appError(
      "BAD_REQUEST",
      `ZIP code ${place.zipCode} is in ${place.state}, not ${input.state}`,
      "ZIP_STATE_MISMATCH",
    );
  return input.timeZone ? { ...place, timeZone: input.timeZone } : place;
}

export async function createDealership(ctx: Context, input: z.output<typeof createDealershipInput>) {
  const place = await placeFromZip(ctx, input);
  return commitBrowseChange(ctx, async (tx) => {
    const [row] = await tx<{ id: number }[]>`
      insert into dealerships (name, address, city, state, zip_code, phone_number, website, time_zone,
                               latitude, longitude, location_precision)
      values (${input.name}, ${input.address}, ${place.city}, ${place.state}, ${place.zipCode},
              ${input.phoneNumber ?? null}, ${input.website ?? null}, ${place.timeZone}, ${place.latitude},
              ${place.longitude}, ${place.locationPrecision})
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

/**
 * Moves a dealership (and its salespeople's city, state and time zone with it) when its address, ZIP code or
 * time zone changed; the place is found before the transaction opens, since a geocoder may take seconds.
 */
async function moveDealership(
  tx: Queryable,
  id: number,
  place: DealershipPlace,
  address: string,
): Promise<void> {
  await tx`
    update dealerships set address = ${address}, city = ${place.city}, state = ${place.state},
           zip_code = ${place.zipCode}, time_zone = ${place.timeZone}, latitude = ${place.latitude},
           longitude = ${place.longitude}, location_precision = ${place.locationPrecision}, updated_at = now()
     where id = ${id}`;
  // A dealership's salespeople are where it is.
  await tx`update salespeople set city = ${place.city}, state = ${place.state}, time_zone = ${place.timeZone},
             updated_at = now() where dealership_id = ${id}`;
}

/** Whether a change names a different street address, ZIP code or time zone than the dealership has. */
function movesDealership(
  before: { address: string; zipCode: string; timeZone: string },
  input: { address: string; zipCode: string; timeZone?: string | undefined },
): boolean {
  return (
    before.address !== input.address ||
    before.zipCode !== input.zipCode.slice(0, 5) ||
    (input.timeZone !== undefined && input.timeZone !== before.timeZone)
  );
}

/**
 * Changes dealership `id` and commits it with its "dealership.update" audit row (`view.snapshot` before and
 * after): the place is looked up before the transaction opens when the change moves the dealership
 * (movesDealership); in it, `update` writes the other fields to the row locked by `view.read`, and the
 * dealership moves with its salespeople.
 */
export async function changeDealership<T extends { address: string; zipCode: string; timeZone: string }>(
  ctx: Context,
  id: number,
  input: { address: string; zipCode: string; state?: string | undefined; timeZone?: string | undefined },
  view: { read: (sql: Queryable, id: number, lock?: boolean) => Promise<T>; snapshot: (row: T) => unknown },
  update: (tx: Queryable, before: T) => Promise<void>,
): Promise<T> {
  const current = await view.read(ctx.sql, id);
  const place = movesDealership(current, input) ? await placeFromZip(ctx, input) : null;
  return commitBrowseChange(ctx, async (tx) => {
    const before = await view.read(tx, id, true);
    await update(tx, before);
    if (place) await moveDealership(tx, id, place, input.address);
    const after = await view.read(tx, id);
    await recordAudit(ctx, tx, {
      action: "dealership.update",
      entityId: id,
      dealershipId: id,
      before: view.snapshot(before),
      after: view.snapshot(after),
    });
    return after;
  });
}

export function updateDealership(ctx: Context, input: z.output<typeof updateDealershipInput>) {
  return changeDealership(ctx, input.id, input, { read: readDealership, snapshot }, async (tx, before) => {
    await tx`
      update dealerships set
        name = ${input.name},
        phone_number = ${input.phoneNumber === undefined ? before.phoneNumber : input.phoneNumber},
        website = ${input.website === undefined ? before.website : input.website}, updated_at = now()
       where id = ${input.id}`;
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
