// Profile photos: size limit, magic-byte check, a real decode, then re-encoding (which drops metadata) to at
// most 1024 px plus a 256 px thumbnail. SVG, HTML and anything else are refused.
import sharp from "sharp";
import { IMAGE_UPLOAD_MAX_BYTES } from "../../../shared/constants";
import { appError } from "../../appError";
import type { Queryable } from "../../db/client";
import type { ImageRow } from "../../db/rows";

export const PROFILE_MAX_PX = 1024;
export const THUMB_PX = 256;

export type ImageKind = "jpeg" | "png" | "webp";

/** Identifies JPEG, PNG and WebP by their first bytes; everything else is not an accepted image. */
export function sniffImage(bytes: Uint8Array): ImageKind | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  if (bytes.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => bytes[i] === b))
    return "png";
  if (
    bytes.length >= 12 &&
    String.fromCharCode(...bytes.subarray(0, 4)) === "RIFF" &&
    String.fromCharCode(...bytes.subarray(8, 12)) === "WEBP"
  ) {
    return "webp";
  }
  return null;
}

export function tooLarge() {
  return appError("PAYLOAD_TOO_LARGE", "Please select an image smaller than 5MB", "FILE_TOO_LARGE");
}

export function notAnImage() {
  return appError(
    "UNSUPPORTED_MEDIA_TYPE",
    "Please select an image file (JPG, PNG, etc.)",
    "INVALID_FILE_TYPE",
  );
}

/** Decodes a data URL (base64) into bytes, refusing it before decoding when it cannot fit in 5 MB. */
export function bytesFromDataUrl(dataUrl: string): Buffer {
  const match = /^data:([a-z0-9.+/-]+);base64,([A-Za-z0-9+/=\s]+)$/i.exec(dataUrl.trim());
  if (!match) throw notAnImage();
  const base64 = match[2]!.replace(/\s/g, "");
  const padding = base64.endsWith("==") ? 2 : base64.endsWith("=") ? 1 : 0;
  if ((base64.length / 4) * 3 - padding > IMAGE_UPLOAD_MAX_BYTES) throw tooLarge();
  return Buffer.from(base64, "base64");
}

export type ProcessedImage = { profile: Buffer; thumbnail: Buffer; width: number; height: number };

export async function processProfileImage(input: Buffer): Promise<ProcessedImage> {
  if (input.length > IMAGE_UPLOAD_MAX_BYTES) throw tooLarge();
  if (!sniffImage(input)) throw notAnImage();
  try {
    const source = sharp(input, { failOn: "error", limitInputPixels: 40_000_000 }).rotate();
    const profile = await source
      .clone()
      .resize(PROFILE_MAX_PX, PROFILE_MAX_PX, { fit: "inside", withoutEnlargement: true })
      .webp({ quality: 85 })
      .toBuffer({ resolveWithObject: true });
    const thumbnail = await source
      .clone()
      .resize(THUMB_PX, THUMB_PX, { fit: "cover" })
      .webp({ quality: 80 })
      .toBuffer();
    return { profile: profile.data, thumbnail, width: profile.info.width, height: profile.info.height };
  } catch {
    throw notAnImage();
  }
}

/** Stores the processed photo and points the salesperson at it; returns the public URLs. */
export async function storeProfileImage(sql: Queryable, salespersonId: number, image: ProcessedImage) {
  const [profile] = await sql<Pick<ImageRow, "id">[]>`
    insert into images (salesperson_id, kind, content_type, width, height, bytes)
    values (${salespersonId}, 'profile', 'image/webp', ${image.width}, ${image.height}, ${image.profile}) returning id`;
  const [thumb] = await sql<Pick<ImageRow, "id">[]>`
    insert into images (salesperson_id, kind, content_type, width, height, bytes)
    values (${salespersonId}, 'thumbnail', 'image/webp', ${THUMB_PX}, ${THUMB_PX}, ${image.thumbnail}) returning id`;
  const profileImageUrl = `/uploads/${profile!.id}.webp`;
  const thumbnailUrl = `/uploads/${thumb!.id}.webp`;
  // Older photos of this salesperson are no longer referenced: remove them.
  await sql`delete from images where salesperson_id = ${salespersonId} and kind in ('profile', 'thumbnail')
            and id not in (${profile!.id}, ${thumb!.id})`;
  await sql`update salespeople set profile_image_url = ${profileImageUrl}, updated_at = now() where id = ${salespersonId}`;
  return { profileImageUrl, thumbnailUrl };
}

/** A stored image by its public file name (`<uuid>.webp`); null for any other name or an unknown one. */
export async function readStoredImage(sql: Queryable, fileName: string) {
  // Stored names are UUIDs we generated; anything else is not ours (and never reaches SQL).
  const match = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.webp$/.exec(fileName);
  if (!match) return null;
  const [image] = await sql<Pick<ImageRow, "bytes" | "content_type">[]>`
    select bytes, content_type from images where id = ${match[1]!}`;
  return image ? { bytes: image.bytes, contentType: image.content_type } : null;
}
