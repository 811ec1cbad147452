// Images the console points profiles and dealerships at: only ones stored here (/uploads/<id>.webp), found by
// the address the upload answered; and dealership logos, stored from the salesperson photo pipeline's output.
import type { Queryable } from "../../db/client";
import type { ImageRow } from "../../db/rows";
import type { ProcessedImage } from "../portal/photos";

const STORED = /^\/uploads\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.webp$/;

/** The stored image at this address, of this kind; null for an address that is not one of ours. */
export async function storedImage(sql: Queryable, url: string | null, kind: ImageRow["kind"]) {
  const id = url ? STORED.exec(url)?.[1] : undefined;
  if (!id) return null;
  const [row] = await sql<Pick<ImageRow, "id" | "salesperson_id">[]>`
    select id, salesperson_id from images where id = ${id} and kind = ${kind}`;
  return row ? { id: row.id, url: `/uploads/${row.id}.webp`, salespersonId: row.salesperson_id } : null;
}

/** Stores a processed image as a logo (the full-size rendition; logos need no thumbnail). */
export async function storeLogo(sql: Queryable, image: ProcessedImage): Promise<string> {
  const [row] = await sql<Pick<ImageRow, "id">[]>`
    insert into images (salesperson_id, kind, content_type, width, height, bytes)
    values (null, 'logo', 'image/webp', ${image.width}, ${image.height}, ${image.profile}) returning id`;
  return `/uploads/${row!.id}.webp`;
}

/** Removes a logo no dealership points at any more. */
export async function removeUnusedLogo(sql: Queryable, url: string | null): Promise<void> {
  const image = await storedImage(sql, url, "logo");
  if (!image) return;
  await sql`delete from images i where i.id = ${image.id}
            and not exists (select 1 from dealerships d where d.logo_url = ${image.url})`;
}
