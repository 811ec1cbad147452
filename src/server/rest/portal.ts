// REST paths for salesperson self-service: profile and status updates, photo upload (data URL or multipart),
// and serving stored images.
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { IMAGE_UPLOAD_MAX_BYTES } from "../../shared/constants";
import type { AppDeps } from "../context";
import { processProfileImage, storeProfileImage, tooLarge } from "../domains/portal/photos";
import type { AppEnv } from "../http/context";
import { answer, readJson, readJsonObject } from "./adapter";

/** A data URL of a 5 MB image is about 6.7 MB of base64; multipart adds a little framing. */
const UPLOAD_BODY_LIMIT = Math.ceil((IMAGE_UPLOAD_MAX_BYTES * 4) / 3) + 64 * 1024;

export function portalRoutes(deps: AppDeps) {
  const r = new Hono<AppEnv>();

  r.patch("/salespeople/:id", async (c) => {
    const body = await readJsonObject(c);
    return answer(c, deps, (api) => api.portal.update({ ...body, id: c.req.param("id") } as never));
  });
  r.patch("/salespeople/:id/status", async (c) => {
    const body = await readJsonObject(c);
    return answer(c, deps, (api) => api.portal.updateStatus({ ...body, id: c.req.param("id") } as never));
  });
  r.post("/salespeople/:id/views", (c) =>
    answer(c, deps, (api) => api.portal.recordView({ id: c.req.param("id") as never })),
  );

  r.post(
    "/profile-image-upload",
    // Stops reading as soon as the body passes the limit, so an oversized upload is never buffered whole.
    bodyLimit({
      maxSize: UPLOAD_BODY_LIMIT,
      onError: () => {
        throw tooLarge();
      },
    }),
    async (c) => {
      const type = c.req.header("content-type") ?? "";
      if (type.startsWith("multipart/form-data")) {
        const form = await c.req.formData().catch(() => null);
        const file = form?.get("image") ?? form?.get("file") ?? form?.get("photo");
        if (!file || typeof file === "string") {
          return c.json(
            { message: "Please select an image file (JPG, PNG, etc.)", code: "INVALID_FILE_TYPE" },
            400,
          );
        }
        if (file.size > IMAGE_UPLOAD_MAX_BYTES) throw tooLarge();
        const bytes = Buffer.from(await file.arrayBuffer());
        return answer(c, deps, async (api) => {
          const me = await api.portal.me();
          const image = await processProfileImage(bytes);
          const urls = await storeProfileImage(deps.sql, me.id, image);
          deps.browseCache.clear();
          return urls;
        });
      }
      const body = await readJson(c);
      return answer(c, deps, (api) => api.portal.uploadPhoto(body as never));
    },
  );
  return r;
}

/** Serves stored images with a fixed type; never sniffed, cacheable forever (names are never reused). */
export function uploadRoutes(deps: AppDeps) {
  const r = new Hono<AppEnv>();
  r.get("/uploads/:file", async (c) => {
    // Stored names are UUIDs we generated; anything else is not ours (and never reaches SQL).
    const match = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.webp$/.exec(
      c.req.param("file"),
    );
    if (!match) return c.json({ message: "Not found", code: "NOT_FOUND" }, 404);
    const [image] = await deps.sql<{ bytes: Buffer; content_type: string }[]>`
      select bytes, content_type from images where id = ${match[1]!}`;
    if (!image) return c.json({ message: "Not found", code: "NOT_FOUND" }, 404);
    return c.body(new Uint8Array(image.bytes), 200, {
      "Content-Type": image.content_type,
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "public, max-age=31536000, immutable",
    });
  });
  return r;
}
