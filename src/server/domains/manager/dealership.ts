// A manager's own dealership: its address, ZIP code, phone, website, opening hours, time zone and logo, read
// and changed on ctx.dealershipId only (no input names a dealership). The name stays with administrators
// (docs/product/dealerships.md#details-the-manager-keeps). Every change is audited with before and after.
import type { z } from "zod";
import type {
  DealershipDetails,
  dealershipLogoUploadInput,
  updateDealershipDetailsInput,
} from "../../../shared/schemas/dealershipDetails";
import { appError } from "../../appError";
import type { Queryable } from "../../db/client";
import { changeDealership, uploadDealershipLogo } from "../admin/dealerships";
import type { ManagerCtx } from "./team";

async function readDetails(sql: Queryable, id: number, lock = false): Promise<DealershipDetails> {
  const [row] = await sql<DealershipDetails[]>`
    select id, slug, name, address, city, state, zip_code as "zipCode", phone_number as "phoneNumber", website,
           logo_url as "logoUrl", time_zone as "timeZone", latitude, longitude,
           location_precision as "locationPrecision", hours, updated_at as "updatedAt"
      from dealerships where id = ${id} ${lock ? sql`for update` : sql``}`;
  if (!row) throw appError("NOT_FOUND", "Dealership not found");
  return row;
}

/** What the audit row keeps of the details (the coordinates say where the map moved). */
function snapshot({ updatedAt: _updatedAt, id: _id, slug: _slug, ...details }: DealershipDetails) {
  return details;
}

export function dealershipDetails(ctx: ManagerCtx): Promise<DealershipDetails> {
  return readDetails(ctx.sql, ctx.dealershipId);
}

/**
 * The place is looked up (and the geocoder asked) before the transaction opens; fields left out keep their
 * value, and `hours: null` clears the hours.
 */
export function updateDealershipDetails(
  ctx: ManagerCtx,
  input: z.output<typeof updateDealershipDetailsInput>,
): Promise<DealershipDetails> {
  const view = { read: readDetails, snapshot };
  return changeDealership(ctx, ctx.dealershipId, input, view, async (tx, before) => {
    const hours =
      input.hours === undefined ? tx`hours` : input.hours === null ? tx`null` : tx`${tx.json(input.hours)}`;
    await tx`
      update dealerships set
        phone_number = ${input.phoneNumber === undefined ? before.phoneNumber : input.phoneNumber},
        website = ${input.website === undefined ? before.website : input.website},
        hours = ${hours},
        updated_at = now()
       where id = ${ctx.dealershipId}`;
  });
}

/** The administrators' logo pipeline, on the manager's own dealership. */
export function uploadOwnDealershipLogo(ctx: ManagerCtx, input: z.output<typeof dealershipLogoUploadInput>) {
  return uploadDealershipLogo(ctx, { id: ctx.dealershipId, logoUrl: input.logoUrl });
}
