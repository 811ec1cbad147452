// Administrators' salespeople: the paged list, add, edit, photo and deletion. A salesperson takes the city,
// state and time zone of their dealership; every change commits with its audit row and empties the browse
// cache once it has.
import type { z } from "zod";
import type {
  AdminPage,
  AdminSalesperson,
  adminSalespeopleInput,
  createSalespersonInput,
  DeleteByIdInput,
  salespersonPhotoInput,
  updateSalespersonAdminInput,
} from "../../../shared/schemas/admin";
import { appError } from "../../appError";
import { recordAudit } from "../../auditTrail";
import type { Queryable } from "../../db/client";
import { PG, pgErrorCode } from "../../db/pgErrors";
import type { DealershipRow } from "../../db/rows";
import { containsPattern, limitOffset, listPage, pageWindow } from "../../db/search";
import type { Context } from "../../serviceContext";
import { storeProfileImage } from "../portal/photos";
import { refuseWhileSubscribed } from "../subscriptions/reads";
import { storedImage } from "./images";
import { commitBrowseChange, lockById, processedUpload } from "./records";

function salespersonColumns(sql: Queryable) {
  return sql`
    s.id, s.name, s.email, s.phone_number as "phoneNumber", s.dealership_id as "dealershipId",
    d.name as dealership, s.profile_image_url as "profileImageUrl", s.bio, s.status, s.specialties,
    s.years_of_experience as "yearsOfExperience", s.payment_model as "paymentModel", s.city, s.state,
    s.average_rating::float8 as "averageRating", s.total_reviews as "totalReviews",
    s.verified_at as "verifiedAt", s.created_at as "createdAt"`;
}

export async function listSalespeople(
  ctx: Context,
  input: z.output<typeof adminSalespeopleInput>,
): Promise<AdminPage<AdminSalesperson>> {
  const window = pageWindow(input);
  const pattern = containsPattern(input?.search);
  const dealershipId = input?.dealershipId ?? null;
  const status = input?.status ?? null;
  const where = ctx.sql`
    where (${pattern}::text is null or s.name ilike ${pattern} or s.email ilike ${pattern}
           or d.name ilike ${pattern} or s.city ilike ${pattern})
      and (${dealershipId}::int is null or s.dealership_id = ${dealershipId})
      and (${status}::text is null or s.status = ${status})`;
  return listPage(
    window,
    ctx.sql<AdminSalesperson[]>`
      select ${salespersonColumns(ctx.sql)}
        from salespeople s left join dealerships d on d.id = s.dealership_id ${where}
       order by s.created_at desc, s.id desc ${limitOffset(ctx.sql, window)}`,
    ctx.sql<{ n: number }[]>`
      select count(*)::int as n from salespeople s left join dealerships d on d.id = s.dealership_id ${where}`,
  );
}

async function readSalesperson(sql: Queryable, id: number, lock = false): Promise<AdminSalesperson> {
  if (lock) await lockById(sql, "salespeople", id, "Salesperson not found");
  const [row] = await sql<AdminSalesperson[]>`
    select ${salespersonColumns(sql)} from salespeople s left join dealerships d on d.id = s.dealership_id
     where s.id = ${id}`;
  if (!row) throw appError("NOT_FOUND", "Salesperson not found");
  return row;
}

/** The fields an audit row keeps of a salesperson (not aggregates or timestamps). */
function snapshot(s: AdminSalesperson) {
  return {
    name: s.name,
    email: s.email,
    phoneNumber: s.phoneNumber,
    dealershipId: s.dealershipId,
    dealership: s.dealership,
    status: s.status,
    bio: s.bio,
    specialties: s.specialties,
    yearsOfExperience: s.yearsOfExperience,
    paymentModel: s.paymentModel,
    profileImageUrl: s.profileImageUrl,
  };
}

async function dealershipFor(tx: Queryable, id: number) {
  // KEY SHARE: the dealership cannot be deleted while this salesperson joins it.
  const [dealership] = await tx<Pick<DealershipRow, "id" | "name" | "city" | "state" | "time_zone">[]>`
    select id, name, city, state, time_zone from dealerships where id = ${id} for key share`;
  if (!dealership) throw appError("BAD_REQUEST", "Please choose a dealership", "UNKNOWN_DEALERSHIP");
  return dealership;
}

function emailTaken(error: unknown): never {
  if (pgErrorCode(error) === PG.uniqueViolation)
    throw appError("CONFLICT", "A salesperson with this email already exists", "EMAIL_TAKEN");
  throw error;
}

export async function createSalesperson(ctx: Context, input: z.output<typeof createSalespersonInput>) {
  return commitBrowseChange(ctx, (tx) => insertSalesperson(ctx, tx, input)).catch(emailTaken);
}

/**
 * A salesperson profile at a dealership, with its audit row, inside the caller's transaction (the caller
 * empties the browse cache after commit); `userId` links it to an account created with it.
 */
export async function insertSalesperson(
  ctx: Context,
  tx: Queryable,
  input: z.output<typeof createSalespersonInput> & { userId?: string },
) {
  const dealership = await dealershipFor(tx, input.dealershipId);
  const [row] = await tx<{ id: number }[]>`
      insert into salespeople (name, email, phone_number, dealership_id, bio, status, specialties,
                               years_of_experience, payment_model, city, state, time_zone, user_id)
      values (${input.name}, ${input.email}, ${input.phoneNumber ?? null}, ${dealership.id}, ${input.bio ?? null},
              ${input.status}, ${input.specialties}, ${input.yearsOfExperience}, ${input.paymentModel},
              ${dealership.city}, ${dealership.state}, ${dealership.time_zone}, ${input.userId ?? null})
      returning id`;
  const after = await readSalesperson(tx, row!.id);
  await recordAudit(ctx, tx, {
    action: "salesperson.create",
    entityId: after.id,
    dealershipId: dealership.id,
    after: snapshot(after),
  });
  return after;
}

export async function updateSalesperson(ctx: Context, input: z.output<typeof updateSalespersonAdminInput>) {
  return commitBrowseChange(ctx, async (tx) => {
    const before = await readSalesperson(tx, input.id, true);
    const dealership = await dealershipFor(tx, input.dealershipId);
    const moved = before.dealershipId !== dealership.id;
    await tx`
        update salespeople set
          name = ${input.name}, email = ${input.email},
          phone_number = ${input.phoneNumber === undefined ? before.phoneNumber : input.phoneNumber},
          bio = ${input.bio === undefined ? before.bio : input.bio},
          status = ${input.status ?? before.status},
          specialties = ${input.specialties ?? before.specialties},
          years_of_experience = ${input.yearsOfExperience ?? before.yearsOfExperience},
          payment_model = ${input.paymentModel ?? before.paymentModel},
          dealership_id = ${dealership.id}, city = ${dealership.city}, state = ${dealership.state},
          time_zone = ${dealership.time_zone},
          -- Verification is the dealership's word: a new dealership has not given it yet.
          verified_at = ${moved ? null : before.verifiedAt},
          updated_at = now()
         where id = ${input.id}`;
    const after = await readSalesperson(tx, input.id);
    await recordAudit(ctx, tx, {
      action: "salesperson.update",
      entityId: input.id,
      dealershipId: dealership.id,
      before: snapshot(before),
      after: snapshot(after),
    });
    return after;
  }).catch(emailTaken);
}

/**
 * Removes the profile with its appointments, reviews and messages (they cascade); the account stays. Refused
 * while the salesperson's own subscription gives access (it is cancelled first).
 */
export async function deleteSalesperson(ctx: Context, input: DeleteByIdInput) {
  return commitBrowseChange(ctx, async (tx) => {
    const before = await readSalesperson(tx, input.id, true);
    await refuseWhileSubscribed(tx, { kind: "salesperson", id: input.id }, before.name);
    await tx`delete from salespeople where id = ${input.id}`;
    await recordAudit(ctx, tx, {
      action: "salesperson.delete",
      entityId: input.id,
      dealershipId: before.dealershipId,
      reason: input.reason,
      before: snapshot(before),
    });
    return { deletedSalesperson: before.name };
  });
}

/**
 * A new photo, through the salesperson photo pipeline (size, magic bytes, decode, re-encode), or one this
 * salesperson already has stored here. Any other address is refused.
 */
export async function uploadSalespersonPhoto(ctx: Context, input: z.output<typeof salespersonPhotoInput>) {
  const processed = await processedUpload(input.profileImageUrl);
  return commitBrowseChange(ctx, async (tx) => {
    const before = await readSalesperson(tx, input.id, true);
    let urls: { profileImageUrl: string; thumbnailUrl: string | null };
    if (processed) {
      urls = await storeProfileImage(tx, input.id, processed);
    } else {
      const image = await storedImage(tx, input.profileImageUrl, "profile");
      if (image?.salespersonId !== input.id)
        throw appError("BAD_REQUEST", "Please select a valid image file");
      await tx`update salespeople set profile_image_url = ${image.url}, updated_at = now() where id = ${input.id}`;
      urls = { profileImageUrl: image.url, thumbnailUrl: null };
    }
    await recordAudit(ctx, tx, {
      action: "salesperson.photo",
      entityId: input.id,
      dealershipId: before.dealershipId,
      before: { profileImageUrl: before.profileImageUrl },
      after: { profileImageUrl: urls.profileImageUrl },
    });
    return urls;
  });
}
